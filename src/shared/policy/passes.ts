/**
 * When "Proceed anyway" may let a person through to a blocked page (docs/decisions/001-content-tier.md). Passes
 * come only from a trusted surface: the blocked page, an extension page that shows the verdict
 * (the background refuses every privileged message from content scripts). Pure; the pass store
 * (src/background/scan/exceptions.ts) bounds how many are live and for how long.
 *
 * | allowProceed | host on the organization's block list | held (strict, pending) | decision for the URL | outcome              |
 * |--------------|---------------------------------------|------------------------|----------------------|----------------------|
 * | false        | any                                   | any                    | any                  | refused: not_allowed |
 * | true         | yes (the person cannot undo a policy) | any                    | any                  | refused: not_allowed |
 * | true         | no                                    | yes                    | any                  | refused: pending     |
 * | true         | no                                    | no                     | block                | granted              |
 * | true         | no                                    | no                     | warn/annotate/allow  | refused: not_blocked |
 *
 * "not_blocked": a pass exists to get past a block. Anything else needs none, and a pass asked
 * for a URL that is not blocked is a pass that could be used for something else.
 */
import type { Action } from '../verdict';

export interface ProceedRequest {
  allowProceed: boolean;
  /** The host is on the organization's block list (the policy's `blocklist`), whatever else blocked it. */
  orgBlocked: boolean;
  /** Strict mode still waiting for the verdict. */
  pending: boolean;
  /** The decision the blocked page shows for the URL. */
  action: Action;
}

export type ProceedDecision = { grant: true } | { grant: false; code: 'not_allowed' | 'pending' | 'not_blocked' };

export function decideProceed(r: ProceedRequest): ProceedDecision {
  if (!r.allowProceed || r.orgBlocked) return { grant: false, code: 'not_allowed' };
  if (r.pending) return { grant: false, code: 'pending' };
  if (r.action !== 'block') return { grant: false, code: 'not_blocked' };
  return { grant: true };
}

/** Live passes at most (a pass is for one URL in one tab); the oldest go first. */
export const MAX_PASSES = 20;
/** A pass lets its navigation through for this long (one navigation fires several events). */
export const PASS_MS = 15_000;

/**
 * The pass record after granting `key` at `now`: expired ones dropped, then the oldest ones
 * beyond MAX_PASSES. Values are expiry times (ms epoch).
 */
export function addPass(passes: Readonly<Record<string, number>>, key: string, now: number, max = MAX_PASSES, lifetime = PASS_MS): Record<string, number> {
  const live = Object.entries(passes).filter(([k, exp]) => exp > now && k !== key);
  live.sort((a, b) => a[1] - b[1]);
  const kept = live.slice(Math.max(0, live.length - (max - 1)));
  return { ...Object.fromEntries(kept), [key]: now + lifetime };
}
