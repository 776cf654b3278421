/**
 * What is known to be bad (net-rules.ts plans a block rule for it; navigation.ts acts on it at
 * the navigation event): a host on the block list in every state, a blocking verdict unless
 * paused. Pure.
 */
import type { Decision } from '../verdict';
import { blockListRule, decide, type DecideSettings, type DecideVerdict } from './decide';
import { hostMatcher } from '../url/site';

/** The two lists, each read once (hostMatcher), for checking many hosts. */
export interface ListIndex {
  blocked(host: string): boolean;
  allowed(host: string): boolean;
}

export function listIndex(s: Pick<DecideSettings, 'blocklist' | 'allowlist'>): ListIndex {
  const b = hostMatcher(s.blocklist);
  const a = hostMatcher(s.allowlist);
  return { blocked: (h) => b(h) !== null, allowed: (h) => a(h) !== null };
}

const NO_LISTS = { blocklist: [], allowlist: [] };

/**
 * Known bad, and why: the block list in every state; a blocking verdict unless paused. The
 * same order as decide() (block list, allow list, verdict, audit-only), with the lists read
 * through `lists` (tests hold the two to agree).
 */
export function knownBad(
  host: string,
  verdict: DecideVerdict | null,
  s: DecideSettings,
  paused: boolean,
  lists: ListIndex = listIndex(s),
): Decision | null {
  if (lists.blocked(host)) {
    // The rule is named only here, for the one host blocked (the index answers the many).
    return s.auditOnly ? null : { action: 'block', reason: 'blocklist', rule: blockListRule(host, s) ?? { rule: 'userBlockList', entry: host } };
  }
  if (paused || verdict === null || lists.allowed(host)) return null;
  const d = decide(verdict, { ...s, ...NO_LISTS }, { host });
  return d.action === 'block' ? d : null;
}
