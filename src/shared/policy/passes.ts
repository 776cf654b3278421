/**
 * The bounds of one-shot passes (this URL, this tab): how many, for how long. Who may get one is
 * proceed.ts; the pass store is src/background/overrides/exceptions.ts.
 */

/** Live passes at most (a pass is for one URL in one tab); the oldest go first. */
export const MAX_PASSES = 20;
/** A pass lets its navigation through for this long (one navigation fires several events). */
export const PASS_MS = 15_000;

/**
 * The pass record after granting `key` at `now`: expired ones dropped, then the oldest ones
 * beyond MAX_PASSES. Values are expiry times (ms epoch).
 */
export function addPass(
  passes: Readonly<Record<string, number>>,
  key: string,
  now: number,
  max = MAX_PASSES,
  lifetime = PASS_MS,
): Record<string, number> {
  const live = Object.entries(passes).filter(([k, exp]) => exp > now && k !== key);
  live.sort((a, b) => a[1] - b[1]);
  const kept = live.slice(Math.max(0, live.length - (max - 1)));
  return { ...Object.fromEntries(kept), [key]: now + lifetime };
}
