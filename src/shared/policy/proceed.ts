/**
 * "May the person proceed?": the one rule, asked by every surface (the blocked page's button and
 * its grant, the in-page confirmation's "Open anyway", the navigation flow when an exception or
 * a pass is in force). Passes come only from a trusted surface (the blocked page, an extension
 * page); the background refuses every privileged message from content scripts.
 *
 * | allowProceed | org block list | held (strict, pending) | action | a verdict behind it | outcome                       |
 * |--------------|----------------|------------------------|--------|---------------------|-------------------------------|
 * | false        | any            | any                    | any    | any                 | refused: not_allowed          |
 * | true         | yes            | any                    | any    | any                 | refused: not_allowed          |
 * | true         | no             | yes                    | any    | any                 | refused: pending              |
 * | true         | no             | no                     | block  | yes (verdict, own block list) | granted: host (this session) |
 * | true         | no             | no                     | block  | no (strict mode without a verdict) | granted: this URL, once |
 * | true         | no             | no                     | block  | a look-alike of the organization's sign-in page | granted: this URL, once |
 * | true         | no             | no                     | other  | any                 | refused: not_blocked          |
 *
 * Why a block without a verdict grants so little: strict mode blocks what it could not check
 * (the service unreachable, a timeout, out of credits, a page past its budget). Nothing is known
 * about the host, and a page can cause such a block on its own host (navigating in a loop spends
 * its budget), so a host-wide exception would hand it a session pass for one click. A pass for
 * the exact address, query included, used by one navigation, lets the person through once.
 *
 * Why a look-alike block grants so little too: the block says the host imitates the
 * organization's sign-in page, a fact about its name that no verdict can undo. A host-wide
 * exception would also silence the scanning service's verdicts on it for the session, and a
 * strict-mode release (granted when the service found nothing) must not open it either: only
 * the person's own "Proceed anyway" lets them through, once, to the page they asked for, where
 * the in-page warning still shows (signin-action.ts). The organization removes even that with
 * allowProceed: false.
 * Examples: proceed.examples.ts.
 */
import type { Action } from '../verdict';

export interface ProceedFacts {
  allowProceed: boolean;
  /** The host is on the organization's block list (the policy's `blocklist`), whatever else blocked it. */
  orgBlocked: boolean;
  /** Strict mode still waiting for the verdict. */
  pending: boolean;
  /** The action the blocked page (or the warning) shows for the URL. */
  action: Action;
  /** A verdict or the person's own block list stands behind the block (not strict mode's lack of one). */
  known: boolean;
  /** The block is for a look-alike of a protected sign-in host (signin-action.ts); absent: not one. */
  lookalike?: boolean;
}

/** 'host': an exception for the host until the browser restarts, and a pass for this URL; 'once': only the pass. */
export type ProceedGrant = 'host' | 'once';
export type ProceedDecision =
  { grant: ProceedGrant } | { grant: false; code: 'not_allowed' | 'pending' | 'not_blocked' };

export function mayProceed(f: ProceedFacts): ProceedDecision {
  if (!f.allowProceed || f.orgBlocked) return { grant: false, code: 'not_allowed' };
  if (f.pending) return { grant: false, code: 'pending' };
  if (f.action !== 'block') return { grant: false, code: 'not_blocked' };
  return { grant: f.known && !f.lookalike ? 'host' : 'once' };
}

/** Whether a surface offers "Proceed anyway" / "Open anyway" for a block. */
export const offersProceed = (f: Omit<ProceedFacts, 'action'>): boolean =>
  mayProceed({ ...f, action: 'block' }).grant !== false;

/**
 * Whether an exception or a proceed pass granted earlier still lets a navigation through: only
 * while the policy allows proceeding, and never past the organization's block list (an exception
 * granted before the policy named the host stops counting).
 */
export const grantsCount = (f: Pick<ProceedFacts, 'allowProceed' | 'orgBlocked'>): boolean =>
  f.allowProceed && !f.orgBlocked;

/**
 * Which earlier grants let a navigation through a block now: the host's exception, the person's
 * proceed pass for the URL, strict mode's release pass for it. A look-alike block counts the
 * proceed pass alone (why: above). Examples: proceed.examples.ts THROUGH_EXAMPLES.
 */
export function grantsThrough(f: Pick<ProceedFacts, 'allowProceed' | 'orgBlocked' | 'lookalike'>): {
  exception: boolean;
  proceedPass: boolean;
  releasePass: boolean;
} {
  const proceed = grantsCount(f);
  return f.lookalike
    ? { exception: false, proceedPass: proceed, releasePass: false }
    : { exception: proceed, proceedPass: proceed, releasePass: true };
}

/** A block's reason that is strict mode's, not a verdict's (strict.ts STRICT_FAIL_REASONS, 'unknown'). */
export const isVerdictless = (reason: string): boolean => reason.startsWith('strict:') || reason === 'unknown';
