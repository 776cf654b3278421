import { describe, expect, it, vi } from 'vitest';
import {
  beginWork,
  hasWorkInFlight,
  isIdleProbe,
  laterWork,
  whenIdle,
  whileWorking,
  workTimer,
} from '@/src/background/idle';

/** Whether `p` has settled by the time the macrotasks queued so far have run. */
async function settledSoon(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void p.then(() => (settled = true));
  for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
  return settled;
}

describe('the background idle signal (idle.ts)', () => {
  it('is idle at once when nothing is in flight', async () => {
    expect(hasWorkInFlight()).toBe(false);
    await whenIdle();
  });

  it('waits for work until it settles, rejected work included', async () => {
    let finish!: () => void;
    const work = whileWorking(new Promise<void>((r) => (finish = r)));
    const idle = whenIdle();
    expect(await settledSoon(idle)).toBe(false);
    finish();
    await work;
    await idle;
    const failing = whileWorking(Promise.reject(new Error('no')));
    await failing.catch(() => undefined);
    await whenIdle();
    expect(hasWorkInFlight()).toBe(false);
  });

  it('waits on when new work begins in the turn the last one ended', async () => {
    let first!: () => void;
    let second!: () => void;
    void whileWorking(
      new Promise<void>((r) => (first = r)).then(() => {
        void whileWorking(new Promise<void>((r) => (second = r)));
      }),
    );
    const idle = whenIdle();
    first();
    expect(await settledSoon(idle)).toBe(false);
    second();
    await idle;
  });

  it('counts a work timer from when it is set until its work settles, or until it is cleared', async () => {
    let finish!: () => void;
    workTimer(() => new Promise<void>((r) => (finish = r)), 1);
    const idle = whenIdle();
    expect(await settledSoon(idle)).toBe(false);
    await vi.waitFor(() => expect(finish).toBeTypeOf('function'));
    finish();
    await idle;
    const never = workTimer(() => expect.unreachable('a cleared timer does not run'), 60_000);
    expect(hasWorkInFlight()).toBe(true);
    never.clear();
    never.clear();
    await whenIdle();
  });

  it('does not count the wait of work put off on purpose, only its run', async () => {
    let finish!: () => void;
    const later = laterWork(() => new Promise<void>((r) => (finish = r)), 20);
    expect(hasWorkInFlight()).toBe(false);
    await whenIdle();
    await vi.waitFor(() => expect(finish).toBeTypeOf('function'));
    expect(hasWorkInFlight()).toBe(true);
    finish();
    await whenIdle();
    later.clear();
  });

  it('a release called twice counts once', async () => {
    const other = beginWork();
    const end = beginWork();
    end();
    end();
    expect(hasWorkInFlight()).toBe(true);
    other();
    await whenIdle();
  });

  it('knows its probe message', () => {
    expect(isIdleProbe({ type: 'test.idle' })).toBe(true);
    expect(isIdleProbe({ type: 'settings.get' })).toBe(false);
    expect(isIdleProbe(null)).toBe(false);
  });
});
