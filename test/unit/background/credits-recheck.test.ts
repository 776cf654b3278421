import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCreditsRecheck, recheckDelayMs } from '@/src/background/credits-recheck';

describe('recheckDelayMs', () => {
  it.each([
    [0, 2_000],
    [1, 4_000],
    [2, 8_000],
    [3, 16_000],
    [4, 32_000],
    [5, 60_000],
    [40, 60_000],
    [-1, 2_000],
    [Number.NaN, 2_000],
  ])('attempt %s → %s ms', (attempt, ms) => expect(recheckDelayMs(attempt)).toBe(ms));
});

describe('createCreditsRecheck', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const make = () => {
    const check = vi.fn(async () => undefined);
    const r = createCreditsRecheck({
      check,
      setTimer: (cb, ms) => setTimeout(cb, ms),
      clearTimer: (h) => clearTimeout(h as number),
    });
    return { r, check };
  };

  it('after a 402 asks in 2 s, then 4 s, 8 s … up to the minute, so waiting scans resume within seconds of credits returning', async () => {
    const { r, check } = make();
    r.start();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(check).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(8_000 + 16_000 + 32_000);
    expect(check).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(60_000 * 3);
    expect(check).toHaveBeenCalledTimes(8);
  });

  it('a second 402 while asking does not start over; stop ends it', async () => {
    const { r, check } = make();
    r.start();
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    r.start();
    await vi.advanceTimersByTimeAsync(7_999);
    expect(check).toHaveBeenCalledTimes(2); // the third waits its 8 s, not 2 s
    r.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(check).toHaveBeenCalledTimes(2);
    expect(r.running).toBe(false);
  });

  it('a failing check keeps the schedule', async () => {
    const check = vi.fn(async () => {
      throw new Error('offline');
    });
    const r = createCreditsRecheck({
      check,
      setTimer: (cb, ms) => setTimeout(cb, ms),
      clearTimer: (h) => clearTimeout(h as number),
    });
    r.start();
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    expect(check).toHaveBeenCalledTimes(2);
    r.stop();
  });
});
