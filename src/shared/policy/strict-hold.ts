/**
 * The request-blocking rule that makes strict mode's hold a real one (docs/decisions/004-fail-closed.md
 * "fail-closed means closed"). Without it the hold begins when the navigation event reaches the
 * background: by then the browser has sent the page's first request, and a site that answers in
 * milliseconds can have its page committed (and its scripts, a meta refresh, running) before the
 * tab is taken to the blocked page. With it, while strict mode is on, the browser itself stops
 * every top-level page load of a public-looking host before its request leaves; the background
 * then decides (navigation.ts): a known verdict that allows, or a host strict mode never sends,
 * is let through at once with a one-time 'release' pass (an allow rule of higher priority) and
 * loaded again; anything else is held on the blocked page until its verdict, as before.
 *
 * What the rule leaves alone, because strict mode would let it through anyway and holding it
 * would only cost a round trip:
 *   - hosts that cannot be public: names without a dot (`localhost`, `intranet`), the common
 *     private suffixes of EXCLUDED_SUFFIXES, the loopback address; IPv6 addresses too (written
 *     in too many ways for one rule; the navigation-event hold still acts on a public one);
 *     other private IPv4 addresses are held and let through at once (a rule cannot tell them);
 *   - the allowlist in force (the person's when the policy permits it, and the policy's);
 *   - requests that are not GET: a form's POST cannot be sent again without its body, so it is
 *     not held here (the navigation-event hold still acts on it, after the request left).
 * A pause lifts it like every verdict rule (net-rules.ts). Pure.
 */
import type { Draft } from './net-rule-ids';
import { normalizeHostEntry } from '../url/site';
import { requestDomainsFor } from '../url/request-filter';
import { INTRANET_SUFFIXES } from '../url/privacy';

/**
 * http(s) with a host that has a dot: a name of two labels or more, or an IPv4 address (public
 * ones are sent; the browser writes every IPv4 form as a dotted quad). Not `[IPv6]`, no
 * single-label name; a dot in the userinfo does not count (nothing after the dot may be an `@`).
 * The common subset of RE2 and JavaScript regexes.
 */
export const STRICT_HOLD_REGEX = '^https?://(?:[^/?#@]*@)?[^/?#@:\\[\\]]*\\.[^/?#@\\[\\]]*(?:[/?#]|$)';

/** Never public, never sent (privacy.ts): localhost, the loopback address, intranet suffixes. */
export const EXCLUDED_SUFFIXES: readonly string[] = ['localhost', '127.0.0.1', ...INTRANET_SUFFIXES];

/**
 * Could the hold rule have stopped a top-level GET of `url`? Its regex only: the background asks
 * this of a failed load, and the hosts the rule leaves out (EXCLUDED_SUFFIXES, the allowlist)
 * are ones strict mode lets through anyway, so taking one of them for held costs at most one
 * more try (a pass is granted once).
 */
const HOLD = new RegExp(STRICT_HOLD_REGEX);
export const strictHoldMatches = (url: string): boolean => HOLD.test(url);

/** The hold's condition: top-level GETs of public-looking hosts, except the allowlist in force. */
function holdCondition(allowlist: readonly string[]): Draft['rule']['condition'] {
  const hosts = [...new Set(allowlist.map(normalizeHostEntry).filter((h): h is string => h !== null))].sort();
  return {
    regexFilter: STRICT_HOLD_REGEX,
    resourceTypes: ['main_frame'],
    requestMethods: ['get'],
    excludedRequestDomains: requestDomainsFor([...EXCLUDED_SUFFIXES, ...hosts]),
  };
}

/**
 * Strict mode's rule: below allow rules (passes, exceptions), like every block rule. Dynamic, so
 * it stands when the browser starts, before the background wakes: the first page after a
 * restart is held like any other.
 */
export function strictHoldDraft(priority: number, allowlist: readonly string[]): Draft {
  return { store: 'dynamic', rule: { priority, action: { type: 'block' }, condition: holdCondition(allowlist) } };
}

/**
 * The startup hold, the same condition as strict mode's: while a policy configures the service,
 * a page opened as the browser starts (a mail client opening a link) must not load before the
 * background has read the policy, which takes 2–20 s after a start. Dynamic, so it outlives the
 * browser; its release (startedDraft) is a session rule, gone at every restart.
 */
export function startupHoldDraft(priority: number, allowlist: readonly string[]): Draft {
  return { store: 'dynamic', rule: { priority, action: { type: 'block' }, condition: holdCondition(allowlist) } };
}

/** The startup hold's release for this browser session, once the live policy is read. */
export function startedDraft(priority: number, allowlist: readonly string[]): Draft {
  return { store: 'session', rule: { priority, action: { type: 'allow' }, condition: holdCondition(allowlist) } };
}
