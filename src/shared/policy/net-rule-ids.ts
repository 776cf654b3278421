/**
 * Rule ids and differences for net-rules.ts: ids come from a rule's content, so a plan that did
 * not change a rule keeps its id and the browser is only told what changed. Pure.
 */
export type ResourceType = 'main_frame' | 'sub_frame';

/** The subset of declarativeNetRequest.Rule these rules use. */
export interface NetRule {
  id: number;
  priority: number;
  action: { type: 'block' | 'allow' };
  condition: {
    regexFilter?: string;
    urlFilter?: string;
    requestDomains?: string[];
    excludedRequestDomains?: string[];
    requestMethods?: Array<'get'>;
    isUrlFilterCaseSensitive?: boolean;
    resourceTypes: ResourceType[];
    tabIds?: number[];
  };
}

export type Store = 'dynamic' | 'session';
export interface Draft {
  store: Store;
  rule: Omit<NetRule, 'id'>;
}

/**
 * What a rule does, independent of its id and of how the browser hands it back (key order,
 * defaults, list order): two rules with the same signature are the same rule.
 */
export function ruleSignature(r: Pick<NetRule, 'priority' | 'action' | 'condition'>): string {
  const c = r.condition;
  const sorted = (a: readonly (string | number)[] | undefined) => (a ? [...a].map(String).sort() : []);
  return JSON.stringify([
    r.priority,
    r.action.type,
    c.regexFilter ?? '',
    c.urlFilter ?? '',
    c.isUrlFilterCaseSensitive === true,
    sorted(c.requestDomains),
    sorted(c.resourceTypes),
    sorted(c.tabIds),
    sorted(c.excludedRequestDomains),
    sorted(c.requestMethods),
  ]);
}

/**
 * Ids from the content, so an unchanged rule keeps its id from one plan to the next and the
 * browser is only told what changed. Collisions move to the next free id, in a fixed order.
 * Ids are unique across dynamic and session rules.
 */
export function assignIds(drafts: Draft[]): Array<{ store: Store; rule: NetRule }> {
  const keyed = drafts
    .map((d) => ({ d, key: `${d.store} ${ruleSignature(d.rule)}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const used = new Set<number>();
  const out: Array<{ store: Store; rule: NetRule }> = [];
  const SPACE = 2 ** 31 - 2;
  for (const { d, key } of keyed) {
    let id = (fnv1a(key) % SPACE) + 1;
    while (used.has(id)) id = (id % SPACE) + 1;
    used.add(id);
    out.push({ store: d.store, rule: { id, ...d.rule } });
  }
  return out;
}

/** What to tell the browser: rules to remove (gone or changed) and rules to add. */
export function diffRules(
  existing: readonly NetRule[],
  planned: readonly NetRule[],
): { removeRuleIds: number[]; addRules: NetRule[] } {
  const want = new Map(planned.map((r) => [r.id, ruleSignature(r)]));
  const kept = new Set<number>();
  const removeRuleIds: number[] = [];
  for (const r of existing) {
    if (want.get(r.id) === ruleSignature(r) && !kept.has(r.id)) kept.add(r.id);
    else removeRuleIds.push(r.id);
  }
  return { removeRuleIds, addRules: planned.filter((r) => !kept.has(r.id)) };
}

/** FNV-1a, 32 bits: a stable, fast hash of a string (not a security measure). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
