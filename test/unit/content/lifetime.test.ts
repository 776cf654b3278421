import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLifetime, type Lifetime } from '@/src/content/lifetime';

// lifetime.ts table: WXT's invalidation ends us only when the extension is really gone.
describe('createLifetime', () => {
  let alive: boolean;
  let fireWxtInvalidation: () => void;
  let life: Lifetime;

  beforeEach(() => {
    vi.useFakeTimers();
    alive = true;
    const wxtCallbacks: (() => void)[] = [];
    fireWxtInvalidation = () => wxtCallbacks.forEach((cb) => cb());
    life = createLifetime({
      wxt: { onInvalidated: (cb) => (wxtCallbacks.push(cb), () => undefined) },
      extensionAlive: () => alive,
      win: globalThis as unknown as Window,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('ignores a WXT invalidation while the extension is alive (a page can forge it)', () => {
    const ended = vi.fn();
    life.onInvalidated(ended);
    fireWxtInvalidation();
    expect(ended).not.toHaveBeenCalled();
    expect(life.isValid).toBe(true);
    expect(life.signal.aborted).toBe(false);
    const tick = vi.fn();
    life.setTimeout(tick, 10);
    vi.advanceTimersByTime(10);
    expect(tick).toHaveBeenCalledTimes(1);
  });

  it('ends on a WXT invalidation once the extension is gone, running callbacks once', () => {
    const ended = vi.fn();
    life.onInvalidated(ended);
    alive = false;
    fireWxtInvalidation();
    fireWxtInvalidation();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(life.signal.aborted).toBe(true);
    expect(life.isValid).toBe(false);
  });

  it('notices the extension going away at the next timer tick, and skips the handler', () => {
    const ended = vi.fn();
    const tick = vi.fn();
    life.onInvalidated(ended);
    life.setInterval(tick, 100);
    vi.advanceTimersByTime(100);
    expect(tick).toHaveBeenCalledTimes(1);
    alive = false;
    vi.advanceTimersByTime(500);
    expect(tick).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0); // the interval was cleared
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

  it('falls back to a timeout when there is no requestIdleCallback', () => {
    const cb = vi.fn();
    life.requestIdleCallback(cb, { timeout: 200 });
    vi.advanceTimersByTime(0);
    expect(cb).toHaveBeenCalledTimes(1);
  });
});
