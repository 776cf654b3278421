/**
 * What a look-alike of the organization's sign-in page gets under the policy's
 * `signInLookalikeAction` (docs/admin/policy.md "Look-alike sign-in pages"): the one rule, asked
 * by the navigation flow (background/protection/lookalike-block.ts: may the top-level page
 * open?) and by the sign-in guard's question (background/signin/check.ts: does the page show
 * the warning?). Pure; examples: signin-action.examples.ts.
 *
 * | verdict of the host | log            | warn           | block                                   |
 * |---------------------|----------------|----------------|-----------------------------------------|
 * | lookalike           | open, nothing  | open, warning  | blocked page; warning if opened anyway  |
 * | anything else       | open, nothing  | open, nothing  | open, nothing                           |
 *
 * Why the page still warns in block mode: it is reached only past the block ("Proceed anyway",
 * where the policy allows it: proceed.ts), or without a navigation the flow saw (a tab the
 * browser kept open while the policy changed); the person is then on the look-alike and the
 * warning is what stands between them and their password.
 *
 * Only the top-level page is ever judged (its host is the one in the address bar); frames are
 * neither blocked nor answered, so a page embedding frames at guessed hosts learns nothing.
 */
import type { Decision } from '../verdict';
import type { LookalikeReason, LookalikeVerdict } from '../url/lookalike';

/** Least to most protective: log only, a warning on the page, the blocked page. */
export const SIGNIN_ACTIONS = ['log', 'warn', 'block'] as const;
export type SignInAction = (typeof SIGNIN_ACTIONS)[number];

export interface SignInResponse {
  /** A top-level navigation to the host: opens, or ends on the blocked page. */
  navigation: 'open' | 'block';
  /** The page itself once open: the in-page warning, or nothing. */
  page: 'warn' | 'nothing';
}

const OPEN: SignInResponse = { navigation: 'open', page: 'nothing' };

export function signInResponse(verdict: Pick<LookalikeVerdict, 'kind'>, action: SignInAction): SignInResponse {
  if (verdict.kind !== 'lookalike' || action === 'log') return OPEN;
  return { navigation: action === 'block' ? 'block' : 'open', page: 'warn' };
}

/** The decision a look-alike block carries to the blocked page and the report (`rule` names the real host). */
export function lookalikeDecision(protectedHost: string, resemblance: LookalikeReason): Decision {
  return { action: 'block', reason: 'lookalike', rule: { rule: 'lookalike', protectedHost, resemblance } };
}
