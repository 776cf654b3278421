/**
 * What is known to be bad (net-rules.ts plans a block rule for it; navigation.ts acts on it at
 * the navigation event): a host (or host and path: list-entry.ts) on the block list in every
 * state, a blocking verdict unless paused. Pure.
 */
import type { Decision } from '../verdict';
import { blockListRule, decide, type DecideContext, type DecideSettings, type DecideVerdict } from './decide';
import { hostMatcher } from '../url/site';
import { listMatches, pathEntriesOf } from '../url/list-entry';

/**
 * The two lists, each read once (hostMatcher), for checking many hosts. With a path, the
 * lists' path entries count too (list-entry.ts; few, so they are walked).
 */
export interface ListIndex {
  blocked(host: string, path?: string): boolean;
  allowed(host: string, path?: string): boolean;
}

export function listIndex(s: Pick<DecideSettings, 'blocklist' | 'allowlist'>): ListIndex {
  const matcher = (list: readonly string[]) => {
    const byHost = hostMatcher(list);
    const paths = pathEntriesOf(list).length > 0;
    return (h: string, path?: string) =>
      byHost(h) !== null || (paths && path !== undefined && listMatches(h, path, list) !== null);
  };
  const b = matcher(s.blocklist);
  const a = matcher(s.allowlist);
  return { blocked: b, allowed: a };
}

const NO_LISTS = { blocklist: [], allowlist: [] };

/**
 * Known bad, and why: the block list in every state; a blocking verdict unless paused. The
 * same order as decide() (block list, allow list, verdict, audit-only), with the lists read
 * through `lists` (tests hold the two to agree).
 */
export function knownBad(
  at: string | DecideContext,
  verdict: DecideVerdict | null,
  s: DecideSettings,
  paused: boolean,
  lists: ListIndex = listIndex(s),
): Decision | null {
  const { host, path } = typeof at === 'string' ? { host: at, path: undefined } : at;
  if (lists.blocked(host, path)) {
    // The rule is named only here, for the one host blocked (the index answers the many).
    return s.auditOnly
      ? null
      : {
          action: 'block',
          reason: 'blocklist',
          rule: blockListRule(host, s, path) ?? { rule: 'userBlockList', entry: host },
        };
  }
  if (paused || verdict === null || lists.allowed(host, path)) return null;
  const d = decide(verdict, { ...s, ...NO_LISTS }, { host });
  return d.action === 'block' ? d : null;
}
