// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLifetime, type Lifetime } from '@/src/content/lifetime';

// lifetime.ts table: only the extension going away (or end()) ends us; nothing from the page can.
describe('createLifetime', () => {
  let alive: boolean;
  let life: Lifetime;

  beforeEach(() => {
    vi.useFakeTimers();
    alive = true;
    life = createLifetime({ extensionAlive: () => alive, win: globalThis as unknown as Window });
  });
  afterEach(() => vi.useRealTimers());

  it('runs timers while the extension is alive', () => {
    const tick = vi.fn();
    life.setTimeout(tick, 10);
    vi.advanceTimersByTime(10);
    expect(tick).toHaveBeenCalledTimes(1);
    expect(life.isValid).toBe(true);
  });

  it("does not listen to the page: WXT's forged 'newer script started' event changes nothing", () => {
    const ended = vi.fn();
    life.onInvalidated(ended);
    document.dispatchEvent(
      new CustomEvent('test-extension-id:content:wxt:content-script-started', {
        detail: { contentScriptName: 'content', messageId: 'forged' },
      }),
    );
    expect(ended).not.toHaveBeenCalled();
    expect(life.signal.aborted).toBe(false);
  });

  it('ends once when isValid finds the extension gone, running callbacks once', () => {
    const ended = vi.fn();
    life.onInvalidated(ended);
    alive = false;
    expect(life.isValid).toBe(false);
    expect(life.isValid).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(life.signal.aborted).toBe(true);
  });

  it('notices the extension going away when a timer fires, and skips the handler', () => {
    const ended = vi.fn();
    const tick = vi.fn();
    life.onInvalidated(ended);
    life.setTimeout(tick, 100);
    vi.advanceTimersByTime(100);
    expect(tick).toHaveBeenCalledTimes(1);
    alive = false;
    life.setTimeout(tick, 100);
    vi.advanceTimersByTime(100);
    expect(tick).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('end() aborts the signal; callbacks added afterwards run at once', () => {
    const listener = vi.fn();
    const target = new EventTarget();
    target.addEventListener('x', listener, { signal: life.signal });
    life.end();
    target.dispatchEvent(new Event('x'));
    expect(listener).not.toHaveBeenCalled();
    const late = vi.fn();
    life.onInvalidated(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('runs idle callbacks without asking the extension (a frame without links never touches its API), not after end()', () => {
    const asked = vi.fn(() => true);
    const quiet = createLifetime({ extensionAlive: asked, win: globalThis as unknown as Window });
    const cb = vi.fn();
    quiet.requestIdleCallback(cb);
    vi.advanceTimersByTime(0);
    expect(cb).toHaveBeenCalledTimes(1);
    expect(asked).not.toHaveBeenCalled();
    quiet.end();
    quiet.requestIdleCallback(cb);
    vi.advanceTimersByTime(0);
    expect(cb).toHaveBeenCalledTimes(1);
  });

  it('falls back to a timeout when there is no requestIdleCallback', () => {
    const cb = vi.fn();
    life.requestIdleCallback(cb, { timeout: 200 });
    vi.advanceTimersByTime(0);
    expect(cb).toHaveBeenCalledTimes(1);
  });
});
