import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNear, Nearby, type Box } from '@/src/content/nearby';

const box = (top: number, bottom: number, width = 80, height = bottom - top): Box => ({ top, bottom, width, height });

describe('isNear (nearby.ts table, h = 800)', () => {
  it.each([
    ['on screen', box(100, 120), true],
    ['a bit below', box(1500, 1520), true],
    ['beyond two screens below', box(1700, 1720), false],
    ['just scrolled past', box(-700, -680), true],
    ['more than a screen above', box(-900, -880), false],
    ['not laid out', box(0, 0, 0, 0), false],
  ])('%s', (_n, r, near) => {
    expect(isNear(r, 800)).toBe(near);
  });
});

/** Elements whose box is whatever `tops` says (a stand-in for layout). */
function fakeLinks(n: number, tops: number[]) {
  return Array.from({ length: n }, (_, i) => ({
    isConnected: true,
    getBoundingClientRect: () => box(tops[i]!, tops[i]! + 20),
  })) as unknown as Element[];
}

describe('Nearby', () => {
  let near: Element[];
  let clock: number;
  let nearby: Nearby;

  beforeEach(() => {
    vi.useFakeTimers();
    near = [];
    clock = 0;
    nearby = new Nearby({
      viewportHeight: () => 800,
      now: () => (clock += 0.1),
      setTimer: (cb, ms) => setTimeout(cb, ms) as unknown as number,
      onNear: (el) => near.push(el),
      budgetMs: 1,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('says yes to links near the screen and keeps the others until a change brings them near', async () => {
    const tops = [100, 5000, 9000];
    const [a, b, c] = fakeLinks(3, tops);
    expect(nearby.offer(a!)).toBe(true);
    expect(nearby.offer(b!)).toBe(false);
    expect(nearby.offer(c!)).toBe(false);
    expect(nearby.waiting).toBe(2);
    tops[1] = 400; // scrolled
    nearby.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(near).toEqual([b]);
    expect(nearby.waiting).toBe(1);
  });

  it('looks in slices of its budget, one scroll burst at a time', async () => {
    const tops = Array.from({ length: 2000 }, () => 5000);
    const links = fakeLinks(2000, tops);
    for (const el of links) nearby.offer(el);
    tops.fill(100);
    for (let i = 0; i < 20; i++) nearby.changed(); // a burst of scroll events: one sweep follows
    await vi.advanceTimersByTimeAsync(100);
    // 1 ms at 0.1 ms per clock reading, read every 16 links: the first slice stops near 160.
    expect(near.length).toBeGreaterThanOrEqual(160);
    expect(near.length).toBeLessThanOrEqual(192);
    await vi.advanceTimersByTimeAsync(2000);
    expect(near).toHaveLength(2000);
    expect(nearby.waiting).toBe(0);
  });

  it('forgets links that left the page, and everything once stopped', async () => {
    const [a, b] = fakeLinks(2, [5000, 5000]);
    nearby.offer(a!);
    nearby.offer(b!);
    (a as { isConnected: boolean }).isConnected = false;
    nearby.changed();
    await vi.advanceTimersByTimeAsync(100);
    expect(nearby.waiting).toBe(1);
    nearby.stop();
    expect(nearby.waiting).toBe(0);
  });
});
