/**
 * Strict mode's decision for one navigation (docs/decisions/004-fail-closed.md):
 * hold the tab on the checking page, allow it, or block it, with a reason the blocked page says
 * in words. Every outcome that is not a verdict goes through the fail mode: with
 * strictFailMode 'block' it ends on the blocked page, never silently on the site.
 *
 * Ordered rules, first match wins (examples: strict.examples.ts):
 *
 *   1. strict mode off, or audit-only               → allow 'strict:off'
 *   2. a verdict or a blocklist entry               → its decision: block (its reason) | allow 'verdict'
 *   3. skipped, not configured                      → fail 'strict:not-configured'
 *      skipped past a page's budget (budgets.ts: a page that navigates in a loop must not open
 *      its next page unchecked)                     → fail 'strict:budget'
 *   4. skipped for another reason                   → allow 'skip:<reason>'
 *        Private, loopback and intranet hosts are never sent (privacy), so strict mode cannot
 *        check them and lets them through; so do the allowlist, a pause the policy permits,
 *        incognito without scanIncognito, and URLs that are not web pages.
 *   5. error: key rejected (401/403)                → fail 'strict:key-rejected'
 *             out of credits (402)                  → fail 'strict:credits'
 *             the daily budget is spent             → fail 'strict:daily-budget'
 *             malformed answer                      → fail 'strict:malformed'
 *             service unreachable / failing / slow  → fail 'strict:unreachable'
 *             bad service configuration             → fail 'strict:not-configured'
 *             the service refused the URL           → fail 'strict:refused'
 *             Linklens' own public suffix list could not be loaded (a damaged package: the
 *             checker's 'suffix_list' error, gate.ts rule 5)
 *                                                   → fail 'strict:damaged'
 *   6. the scan FAILED at the service               → fail 'strict:scan-failed'
 *   7. the job was given up (deadline)              → fail 'strict:timeout' (or unreachable)
 *   8. in flight, held by the daily budget          → fail 'strict:daily-budget' (policy maxCreditsPerDay)
 *      in flight, waiting for credits               → fail 'strict:credits' (at once: the wait may be long)
 *   9. in flight (or nothing known yet, in a hold) and the timeout not reached
 *                                                   → hold 'strict:pending'
 *  10. in flight past the timeout                   → fail 'strict:unreachable' | 'strict:malformed'
 *                                                     (after such errors, or no answer to the
 *                                                     submission at all) | 'strict:timeout'
 *  11. nothing known at the navigation (navigations are not scanned)
 *                                                   → allow 'strict:not-scanned'
 *
 *   fail(reason) = block reason when strictFailMode is 'block', else allow reason.
 *
 * `elapsedMs` is null when the navigation is only starting (no hold yet), else the time since
 * the hold began.
 */
import type { UrlStatus } from '../verdict';
import type { Settings } from './settings';

export type StrictSettings = Pick<Settings, 'strictMode' | 'strictFailMode' | 'strictTimeoutMs' | 'auditOnly'>;

export interface StrictInput {
  settings: StrictSettings;
  /** The URL's status with its decision (checker.ts). */
  status: UrlStatus;
  /** The engine's standing problem (key rejected, out of credits, service down), if any. */
  problem: { code: string } | null;
  elapsedMs: number | null;
}

export type StrictOutcome =
  | { action: 'hold'; reason: 'strict:pending' }
  | { action: 'allow'; reason: string }
  | { action: 'block'; reason: string };

/** Reasons of a block (or allow) that strict mode gave without a verdict. */
export const STRICT_FAIL_REASONS = [
  'strict:timeout',
  'strict:unreachable',
  'strict:key-rejected',
  'strict:credits',
  'strict:malformed',
  'strict:not-configured',
  'strict:scan-failed',
  'strict:refused',
  'strict:daily-budget',
  'strict:damaged',
  'strict:budget',
] as const;
export type StrictFailReason = (typeof STRICT_FAIL_REASONS)[number];

const UNREACHABLE = new Set(['network', 'timeout', 'server', 'rate_limited']);

/** The fail reason for an API error code (api/errors.ts ApiErrorCode). */
export function failReasonFor(code: string): StrictFailReason {
  if (code === 'unauthorized' || code === 'forbidden') return 'strict:key-rejected';
  if (code === 'insufficient_credits') return 'strict:credits';
  if (code === 'daily_budget') return 'strict:daily-budget';
  if (code === 'bad_response') return 'strict:malformed';
  if (code === 'config' || code === 'not_configured') return 'strict:not-configured';
  if (code === 'suffix_list') return 'strict:damaged';
  if (UNREACHABLE.has(code)) return 'strict:unreachable';
  return 'strict:refused';
}

/**
 * Why a job that ran out of time did: its last error, else the standing problem; else, when the
 * service never even answered the submission, it could not be reached; else it was slow.
 */
function gaveUpReason(
  lastError: string | undefined,
  problem: { code: string } | null,
  unanswered: boolean,
): StrictFailReason {
  for (const code of [lastError, problem?.code]) {
    if (code && (UNREACHABLE.has(code) || code === 'bad_response')) return failReasonFor(code);
  }
  return unanswered ? 'strict:unreachable' : 'strict:timeout';
}

export function strictOutcome({ settings: s, status, problem, elapsedMs }: StrictInput): StrictOutcome {
  const fail = (reason: StrictFailReason): StrictOutcome => ({
    action: s.strictFailMode === 'block' ? 'block' : 'allow',
    reason,
  });
  const hold = (): StrictOutcome => ({ action: 'hold', reason: 'strict:pending' });
  if (!s.strictMode || s.auditOnly) return { action: 'allow', reason: 'strict:off' };
  switch (status.kind) {
    case 'verdict':
    case 'blocklisted':
      return status.decision.action === 'block'
        ? { action: 'block', reason: status.decision.reason }
        : { action: 'allow', reason: 'verdict' };
    case 'skipped':
      if (status.reason === 'not-configured') return fail('strict:not-configured');
      return status.reason.startsWith('budget-')
        ? fail('strict:budget')
        : { action: 'allow', reason: `skip:${status.reason}` };
    case 'error':
      return fail(failReasonFor(status.code));
    case 'failed':
      return fail('strict:scan-failed');
    case 'timed_out':
      return fail(gaveUpReason(undefined, problem, false));
    case 'checking': {
      // Held by the organization's daily budget (maxCreditsPerDay): its own reason, same fail mode.
      if (status.waiting === 'credits' && status.lastError === 'daily_budget') return fail('strict:daily-budget');
      const credits = status.waiting === 'credits' || (!status.scanId && problem?.code === 'insufficient_credits');
      if (credits) return fail('strict:credits');
      if (elapsedMs === null || elapsedMs < s.strictTimeoutMs) return hold();
      // No scan id: the submission itself got no answer in all that time.
      return fail(gaveUpReason(status.lastError, problem, !status.scanId));
    }
    case 'unchecked':
      if (elapsedMs === null) return { action: 'allow', reason: 'strict:not-scanned' };
      return elapsedMs < s.strictTimeoutMs ? hold() : fail('strict:timeout');
    default: {
      // A status kind added later than this rule: not a verdict, so it takes the fail mode.
      const unknown: never = status;
      void unknown;
      return fail('strict:refused');
    }
  }
}

/**
 * A blocked page whose reason is one of these may still learn the verdict (the job is in flight
 * or waits for credits): strict mode keeps asking, and a verdict that arrives later replaces
 * the reason (block) or lets the tab through (allow).
 */
export const RECHECKABLE: ReadonlySet<string> = new Set<StrictFailReason>([
  'strict:timeout',
  'strict:unreachable',
  'strict:credits',
  'strict:malformed',
  'strict:daily-budget',
]);
