// @vitest-environment happy-dom
/**
 * The sign-in guard starts once per frame however it arrived: registered for pages loaded after
 * the policy appeared, injected into the pages open then (guard-registration.ts), and both for a
 * page loaded in between. One started by an extension that has since gone away (update, reload)
 * does not keep the new one from starting.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sent: unknown[] = [];
const runtime: {
  id?: string;
  lastError?: undefined;
  sendMessage: (m: unknown, cb: (r: unknown) => void) => void;
  onMessage: unknown;
} = {
  id: 'linklens-test',
  sendMessage: (m, cb) => {
    sent.push(m);
    cb({ ok: true, data: { warn: false } });
  },
  onMessage: { addListener: () => undefined, removeListener: () => undefined },
};

beforeEach(() => {
  sent.length = 0;
  runtime.id = 'linklens-test';
  (globalThis as unknown as { chrome: unknown }).chrome = { runtime, i18n: { getMessage: () => '' } };
  delete (globalThis as unknown as { __linklensSignInGuard?: unknown }).__linklensSignInGuard;
});
afterEach(() => vi.resetModules());

/** Runs the guard's script; resolves once the frame has sent `checks` load checks in all, and the promise jobs queued then ran (a second check would be among them). */
async function runGuardScript(checks: number) {
  vi.resetModules();
  const { bootSignInGuard } = await import('@/src/content/signin/boot');
  bootSignInGuard();
  await vi.waitFor(() => expect(loadChecks()).toBeGreaterThanOrEqual(checks));
  await new Promise((r) => setImmediate(r));
}
const loadChecks = () =>
  sent.filter(
    (m) =>
      (m as { type?: string; trigger?: string }).type === 'signin.check' &&
      (m as { trigger?: string }).trigger === 'load',
  ).length;

describe('the sign-in guard in a frame', () => {
  it('asks at load once, even when the script runs twice in the frame (registered and injected)', async () => {
    await runGuardScript(1);
    expect(loadChecks()).toBe(1);
    await runGuardScript(1);
    expect(loadChecks()).toBe(1);
  });

  it('starts again when the guard that ran first belongs to an extension that went away', async () => {
    await runGuardScript(1);
    expect(loadChecks()).toBe(1);
    // The extension was updated: the old guard's runtime is gone.
    runtime.id = undefined;
    const mark = (globalThis as unknown as { __linklensSignInGuard?: () => boolean }).__linklensSignInGuard;
    expect(mark?.()).toBe(false);
    runtime.id = 'linklens-test';
    // Seen as gone by the old guard (it ended when asked), so the new copy starts.
    await runGuardScript(2);
    expect(loadChecks()).toBe(2);
  });
});
