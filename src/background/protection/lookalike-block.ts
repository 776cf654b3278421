/**
 * The navigation flow's step for look-alikes of the organization's sign-in page when the policy
 * blocks them (`signInLookalikeAction: "block"`; the rule: shared/policy/signin-action.ts): a
 * top-level navigation to such a host ends on the blocked page, which names the real sign-in
 * host, marks the differing letters and offers the way there.
 *
 * Decided locally from the host alone, before the scanning service is asked (nothing is sent for
 * a page that will not open), also while protection is paused and before the service is
 * configured, like the organization's own block list. Called for main-frame hops only
 * (navigation.ts checkHop): a frame is never blocked for this reason, so a page embedding frames
 * at guessed hosts learns nothing from them.
 *
 * When: at the navigation's start (webNavigation.onBeforeNavigate), and again for each server
 * redirect and for a document that commits anyway. No request-blocking rule can know every
 * look-alike in advance, so the browser has usually sent the first request before the tab
 * moves: what the look-alike's server receives is measured in test/e2e/signin-lookalike and
 * stated in docs/admin/policy.md.
 */
import { normalizeUrl } from '@/src/shared/url/normalize';
import { parseWeb } from '@/src/shared/url/parse-web';
import { lookalikeDecision, signInResponse } from '@/src/shared/policy/signin-action';
import { lookalikeStatus } from '../signin/status';
import type { SettingsStore } from '../state/settings-store';
import type { NavigationActs } from './navigation-act';

export function createLookalikeBlock(deps: {
  settings: Pick<SettingsStore, 'get'>;
  act: NavigationActs['act'];
  handled: NavigationActs['handled'];
}) {
  /**
   * True when the tab goes to the blocked page for `raw` (a main-frame hop of it), also when
   * this navigation was sent there already (the request's error and the navigation's both ask):
   * then nothing more is checked or sent for it. False when a proceed pass lets it through.
   */
  return async function blockLookalike(tabId: number, raw: string): Promise<boolean> {
    const st = await deps.settings.get();
    const { signInLookalikeAction: action, stripQuery } = st.settings;
    // Most browsers: no policy list, or an action that never blocks. Nothing to judge.
    if (
      st.settings.protectedSignInDomains.length === 0 ||
      signInResponse({ kind: 'lookalike' }, action).navigation !== 'block'
    )
      return false;
    const host = parseWeb(raw)?.hostname;
    const verdict = host ? lookalikeStatus(host, st) : null;
    if (verdict?.kind !== 'lookalike' || signInResponse(verdict, action).navigation !== 'block') return false;
    const n = normalizeUrl(raw, { stripQuery });
    if (!n.ok) return false;
    const decision = lookalikeDecision(verdict.protectedDomain, verdict.reason);
    if (deps.handled(tabId)) return true;
    // `attempted`: this hop is the one the tab is making now, whether or not the chain has it yet.
    return (await deps.act(tabId, n.url, n.host, { verdict: null, decision }, { attempted: raw })) !== null;
  };
}
