/**
 * Whether a page's password fields and form submissions are held while its verdict is pending
 * (without strict mode a page loads while its check runs, and a person can type a password into
 * a phishing page before the verdict arrives). The one home of that rule: the background asks it
 * for the page a content script stands on (background/content-tier/page-hold.ts), and the
 * content script only follows the answer (src/content/hold/). Pure; examples beside it.
 *
 * | in order                                         | hold   | reason      |
 * |--------------------------------------------------|--------|-------------|
 * | the sender is not its tab's top frame            | 'go'   | 'frame'     |
 * | the setting (or the policy) turned it off        | 'go'   | 'off'       |
 * | strict mode is on (it holds the whole page)      | 'go'   | 'strict'    |
 * | audit-only (nothing is ever blocked)             | 'go'   | 'audit'     |
 * | the page's verdict blocks                        | 'stop' | 'bad'       |
 * | a hop waits for credits (no verdict is coming)   | 'go'   | 'stalled'   |
 * | checked for HOLD_MAX_MS already                  | 'go'   | 'timeout'   |
 * | a hop of the page is still being checked         | 'wait' | 'pending'   |
 * | otherwise (known safe, warned, skipped, failed)  | 'go'   | 'settled'   |
 *
 * A failed, stalled or overlong check lets the page go, as without strict mode the page itself
 * does: holding a password for a verdict that will not come would only break the page (strict
 * mode is the choice that fails closed). A verdict that blocks later still moves the tab to the
 * blocked page.
 */
export type PendingHold = 'go' | 'wait' | 'stop';
export type PendingHoldReason =
  'frame' | 'off' | 'strict' | 'audit' | 'bad' | 'stalled' | 'timeout' | 'pending' | 'settled';

/**
 * What the page's own check says now: its worst hop blocks, one is still checking, one waits for
 * credits (the account is out of them: the scan waits without a deadline), or none of these.
 */
export type PageCheck = 'block' | 'checking' | 'stalled' | 'settled';

/** The longest a page's passwords and forms are held for one check (from the check's start). */
export const HOLD_MAX_MS = 20_000;

export interface PendingHoldInput {
  topFrame: boolean;
  holdWhileChecking: boolean;
  strictMode: boolean;
  auditOnly: boolean;
  page: PageCheck;
  /** How long the page's oldest pending hop has been checked (0 when none is). */
  pendingMs: number;
}

export function pendingHold(i: PendingHoldInput): { hold: PendingHold; reason: PendingHoldReason } {
  if (!i.topFrame) return { hold: 'go', reason: 'frame' };
  if (!i.holdWhileChecking) return { hold: 'go', reason: 'off' };
  if (i.strictMode) return { hold: 'go', reason: 'strict' };
  if (i.auditOnly) return { hold: 'go', reason: 'audit' };
  if (i.page === 'block') return { hold: 'stop', reason: 'bad' };
  if (i.page === 'stalled') return { hold: 'go', reason: 'stalled' };
  if (i.page === 'checking' && i.pendingMs >= HOLD_MAX_MS) return { hold: 'go', reason: 'timeout' };
  if (i.page === 'checking') return { hold: 'wait', reason: 'pending' };
  return { hold: 'go', reason: 'settled' };
}
