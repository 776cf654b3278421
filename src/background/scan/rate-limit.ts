/**
 * Per-tab budget for hover checks. A hostile page can fake hover intent (e.g. `a.focus()` in a
 * loop counts as real focus) to make us send many URLs and spend the person's credits; past the
 * budget a hover is answered from the cache only. A person hovering by hand stays far below it.
 */
export interface RateLimiter {
  /** True when `key` may spend one more now. */
  take(key: number, now?: number): boolean;
  forget(key: number): void;
}

/** Token bucket: `burst` at once, refilled at `perMinute`. */
export function createRateLimiter(burst: number, perMinute: number): RateLimiter {
  const buckets = new Map<number, { tokens: number; at: number }>();
  return {
    take(key, now = Date.now()) {
      const b = buckets.get(key) ?? { tokens: burst, at: now };
      b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 60_000) * perMinute);
      b.at = now;
      buckets.set(key, b);
      if (b.tokens < 1) return false;
      b.tokens -= 1;
      return true;
    },
    forget: (key) => void buckets.delete(key),
  };
}
