/**
 * An in-memory declarativeNetRequest for unit tests: dynamic and session rules with the limits
 * and the all-or-nothing updates of the real API (a refused rule fails the whole call), and a
 * matcher that answers "would this request be blocked?" by the API's rules for the conditions
 * Linklens uses (regexFilter, urlFilter, requestDomains, excludedRequestDomains, requestMethods, tabIds,
 * resourceTypes; highest priority wins, allow over block at equal priority).
 */
import type { DnrApi } from '@/src/background/protection/net-rules';
import type { NetRule } from '@/src/shared/policy/net-rules';

export interface FakeDnr {
  api: DnrApi;
  dynamic: Map<number, NetRule>;
  session: Map<number, NetRule>;
  /** Every update call: which store, how many removed and added. */
  calls: Array<{ store: 'dynamic' | 'session'; removed: number; added: number; ok: boolean }>;
  /** The action for a main-frame request to `url` in `tabId`: 'block', 'allow' or null (no rule). */
  outcome(url: string, tabId?: number, type?: 'main_frame' | 'sub_frame', method?: string): 'block' | 'allow' | null;
  /** The rule that decides that request (highest priority, allow over block), or null. */
  decisive(url: string, tabId?: number, type?: 'main_frame' | 'sub_frame', method?: string): NetRule | null;
}

export function createFakeDnr(
  opts: { dynamic?: number; session?: number; regex?: number; refuse?: (r: NetRule) => boolean } = {},
): FakeDnr {
  const limits = { dynamic: opts.dynamic ?? 5000, session: opts.session ?? 5000, regex: opts.regex ?? 1000 };
  const dynamic = new Map<number, NetRule>();
  const session = new Map<number, NetRule>();
  const calls: FakeDnr['calls'] = [];
  const regexCount = (m: Map<number, NetRule>) => [...m.values()].filter((r) => r.condition.regexFilter).length;

  function update(store: 'dynamic' | 'session', u: { removeRuleIds?: number[]; addRules?: NetRule[] }) {
    const target = store === 'dynamic' ? dynamic : session;
    const other = store === 'dynamic' ? session : dynamic;
    const next = new Map(target);
    for (const id of u.removeRuleIds ?? []) next.delete(id);
    const fail = (why: string) => {
      calls.push({ store, removed: u.removeRuleIds?.length ?? 0, added: u.addRules?.length ?? 0, ok: false });
      return Promise.reject(new Error(why));
    };
    for (const r of u.addRules ?? []) {
      if (next.has(r.id)) return fail(`Rule with id ${r.id} already exists`);
      if (opts.refuse?.(r)) return fail(`Rule ${r.id}: refused`);
      if (r.condition.regexFilter !== undefined) new RegExp(r.condition.regexFilter);
      next.set(r.id, structuredClone(r));
    }
    if (next.size > limits[store]) return fail(`over the ${store} rule limit`);
    if (regexCount(next) + regexCount(other) > limits.regex) return fail('over the regex rule limit');
    target.clear();
    for (const [id, r] of next) target.set(id, r);
    calls.push({ store, removed: u.removeRuleIds?.length ?? 0, added: u.addRules?.length ?? 0, ok: true });
    return Promise.resolve();
  }

  function matches(r: NetRule, url: string, tabId: number | undefined, type: string, method: string): boolean {
    const c = r.condition;
    if (!c.resourceTypes.includes(type as never)) return false;
    if (c.tabIds && (tabId === undefined || !c.tabIds.includes(tabId))) return false;
    if (c.regexFilter !== undefined && !new RegExp(c.regexFilter, c.isUrlFilterCaseSensitive ? '' : 'i').test(url))
      return false;
    if (
      c.urlFilter !== undefined &&
      !new RegExp(urlFilterRegex(c.urlFilter), c.isUrlFilterCaseSensitive ? '' : 'i').test(url)
    )
      return false;
    const host = new URL(url).hostname;
    const under = (d: string) => host === d || host.endsWith(`.${d}`);
    if (c.requestDomains && !c.requestDomains.some(under)) return false;
    if (c.excludedRequestDomains?.some(under)) return false;
    if (c.requestMethods && !c.requestMethods.includes(method as 'get')) return false;
    return true;
  }

  function decisive(url: string, tabId?: number, type = 'main_frame', method = 'get'): NetRule | null {
    const hits = [...dynamic.values(), ...session.values()].filter((r) => matches(r, url, tabId, type, method));
    if (!hits.length) return null;
    const top = Math.max(...hits.map((r) => r.priority));
    const first = hits.filter((r) => r.priority === top);
    return first.find((r) => r.action.type === 'allow') ?? first[0]!;
  }

  return {
    api: {
      getDynamicRules: async () => [...dynamic.values()].map((r) => structuredClone(r)),
      getSessionRules: async () => [...session.values()].map((r) => structuredClone(r)),
      updateDynamicRules: (u) => update('dynamic', u),
      updateSessionRules: (u) => update('session', u),
      MAX_NUMBER_OF_DYNAMIC_RULES: limits.dynamic,
      MAX_NUMBER_OF_SESSION_RULES: limits.session,
      MAX_NUMBER_OF_REGEX_RULES: limits.regex,
    },
    dynamic,
    session,
    calls,
    outcome: (url, tabId, type, method) => decisive(url, tabId, type, method)?.action.type ?? null,
    decisive,
  };
}

/**
 * A urlFilter as a regex, by the documented syntax: `*` any characters, `^` a separator (not a
 * letter, digit or one of `_-.%`) or the end, `|` at the start or end an anchor, `||` at the
 * start the domain-name anchor.
 */
export function urlFilterRegex(filter: string): string {
  let f = filter;
  let head = '';
  let tail = '';
  if (f.startsWith('||')) {
    head = '^[a-z][a-z0-9+.-]*://(?:[^/?#]*\\.)?';
    f = f.slice(2);
  } else if (f.startsWith('|')) {
    head = '^';
    f = f.slice(1);
  }
  if (f.endsWith('|')) {
    tail = '$';
    f = f.slice(0, -1);
  }
  const body = [...f]
    .map((ch) =>
      ch === '*' ? '.*' : ch === '^' ? '(?:[^A-Za-z0-9_.%-]|$)' : ch.replace(/[\\^$.*+?()[\]{}|/]/g, (c) => `\\${c}`),
    )
    .join('');
  return head + body + tail;
}
