// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HoverIntent } from '@/src/content/hover-intent';

describe('HoverIntent', () => {
  let fired: Element[];
  let intent: HoverIntent;
  const links = Array.from({ length: 50 }, () => document.createElement('a'));

  beforeEach(() => {
    vi.useFakeTimers();
    fired = [];
    intent = new HoverIntent({
      delayMs: () => 300,
      setTimer: (cb, ms) => setTimeout(cb, ms) as unknown as number,
      clearTimer: (id) => clearTimeout(id),
      onIntent: (el) => fired.push(el),
    });
  });
  afterEach(() => vi.useRealTimers());

  it('fires once the pointer has rested for the delay', () => {
    intent.enter(links[0]!);
    vi.advanceTimersByTime(299);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([links[0]]);
  });

  it('leaving before the delay cancels', () => {
    intent.enter(links[0]!);
    vi.advanceTimersByTime(200);
    intent.leave(links[0]!);
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([]);
  });

  it('leaving another element does not cancel the current one', () => {
    intent.enter(links[0]!);
    intent.leave(links[1]!);
    vi.advanceTimersByTime(300);
    expect(fired).toEqual([links[0]]);
  });

  it('sweeping across 50 links sends at most one (the one the pointer settles on)', () => {
    for (const a of links) {
      intent.enter(a);
      vi.advanceTimersByTime(40);
    }
    vi.advanceTimersByTime(1000);
    expect(fired.length).toBeLessThanOrEqual(1);
    expect(fired).toEqual([links[49]]);
  });

  it('sweeping across and off the list sends nothing', () => {
    for (const a of links) {
      intent.enter(a);
      vi.advanceTimersByTime(40);
    }
    intent.leave();
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual([]);
  });

  it('moving within the same link does not fire again', () => {
    intent.enter(links[0]!);
    vi.advanceTimersByTime(300);
    intent.enter(links[0]!);
    vi.advanceTimersByTime(300);
    expect(fired).toEqual([links[0]]);
  });

  it('re-entering a link after leaving it waits the delay again', () => {
    intent.enter(links[0]!);
    vi.advanceTimersByTime(300);
    intent.leave(links[0]!);
    intent.enter(links[0]!);
    vi.advanceTimersByTime(300);
    expect(fired).toEqual([links[0], links[0]]);
  });
});
