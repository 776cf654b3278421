import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decide } from '@/src/shared/policy/decide';
import {
  ALLOW_PRIORITY,
  BLOCKLIST_BUCKETS,
  BLOCK_PRIORITY,
  ORG_BLOCK_PRIORITY,
  DEFAULT_LIMITS,
  MAX_PASS_RULES,
  diffRules,
  knownBad,
  planNetRules,
  ruleSignature,
  type NetRule,
  type NetRuleInput,
  type NetRulePlan,
} from '@/src/shared/policy/net-rules';
import { NET_RULE_BASE, NET_RULE_EXAMPLES, NOW, verdict } from '@/src/shared/policy/net-rules.examples';
import { exactUrlFilter, hostRegex, keyRegex } from '@/src/shared/url/request-filter';
import { createFakeDnr } from '../../background/harness/fake-dnr';

const input = (over: Partial<NetRuleInput> = {}, settings: Partial<NetRuleInput['settings']> = {}): NetRuleInput => ({
  ...NET_RULE_BASE,
  ...over,
  settings: { ...NET_RULE_BASE.settings, ...settings },
});

/** The plan in the words of the example table. */
function summary(plan: NetRulePlan, keys: string[], hostsKnown: string[]) {
  const all = [...plan.dynamic.map((r) => ({ r, session: false })), ...plan.session.map((r) => ({ r, session: true }))];
  // Verdict keys stand for any query (stripQuery); a pass names its exact address, query included.
  const keyOf = (r: NetRule) =>
    keys.find(
      (k) =>
        keyRegex(k, { stripQuery: true }) === r.condition.regexFilter ||
        keyRegex(k, { stripQuery: false }) === r.condition.regexFilter ||
        exactUrlFilter(k) === r.condition.urlFilter,
    );
  const blocks = all.filter(({ r }) => r.action.type === 'block');
  const allows = all.filter(({ r }) => r.action.type === 'allow');
  return {
    verdicts: blocks
      .filter(({ r }) => r.condition.regexFilter)
      .map(({ r }) => keyOf(r) ?? '?')
      .sort(),
    session: blocks
      .filter(({ r, session }) => session && r.condition.regexFilter)
      .map(({ r }) => keyOf(r) ?? '?')
      .sort(),
    hosts: blocks
      .filter(({ r }) => r.priority === BLOCK_PRIORITY)
      .flatMap(({ r }) => r.condition.requestDomains ?? [])
      .filter((d) => !d.endsWith('.'))
      .sort(),
    orgHosts: blocks
      .filter(({ r }) => r.priority === ORG_BLOCK_PRIORITY)
      .flatMap(({ r }) => r.condition.requestDomains ?? [])
      .filter((d) => !d.endsWith('.'))
      .sort(),
    allowHosts: allows
      .filter(({ r }) => !r.condition.tabIds)
      .map(({ r }) => hostsKnown.find((h) => hostRegex(h) === r.condition.regexFilter) ?? '?')
      .sort(),
    passes: allows
      .filter(({ r }) => r.condition.tabIds)
      .map(({ r }) => `${r.condition.tabIds!.join(',')} ${keyOf(r) ?? '?'}`)
      .sort(),
    nextChange: plan.nextChange,
  };
}

describe('planNetRules example table', () => {
  it.each(NET_RULE_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const i = input(e.input, e.settings);
    const plan = planNetRules(i);
    const keys = [
      ...i.verdicts.map((v) => v.verdict.url),
      ...i.passes.map((p) => new URL(p.url).origin + new URL(p.url).pathname + new URL(p.url).search),
    ];
    const got = summary(
      plan,
      keys,
      i.exceptions.map((x) => x.host),
    );
    expect(got).toEqual({
      verdicts: [...(e.expected.verdicts ?? [])].sort(),
      session: [...(e.expected.session ?? [])].sort(),
      hosts: [...(e.expected.hosts ?? [])].sort(),
      orgHosts: [...(e.expected.orgHosts ?? [])].sort(),
      allowHosts: [...(e.expected.allowHosts ?? [])].sort(),
      passes: [...(e.expected.passes ?? [])].sort(),
      nextChange: e.expected.nextChange ?? null,
    });
    expect(plan.overflow).toEqual([]);
  });

  it("every rule covers main frames and subframes, allow rules outrank block rules but the organization's, ids are unique", () => {
    const plan = planNetRules(
      input(
        {
          verdicts: [verdict('http://a.test/', 90)],
          exceptions: [{ host: 'a.test', until: -1 }],
          passes: [{ tabId: 1, url: 'http://b.test/', expiresAt: NOW + 1 }],
        },
        { blocklist: ['c.test', 'd.test'], orgBlocklist: ['d.test'] },
      ),
    );
    const all = [...plan.dynamic, ...plan.session];
    expect(all).toHaveLength(5);
    for (const r of all) expect(r.condition.resourceTypes.sort()).toEqual(['main_frame', 'sub_frame']);
    const [org, others] = [
      all.filter((r) => r.condition.requestDomains?.includes('d.test')),
      all.filter((r) => !r.condition.requestDomains?.includes('d.test')),
    ];
    expect(org.map((r) => [r.action.type, r.priority])).toEqual([['block', ORG_BLOCK_PRIORITY]]);
    const maxBlock = Math.max(...others.filter((r) => r.action.type === 'block').map((r) => r.priority));
    for (const r of all.filter((x) => x.action.type === 'allow')) expect(r.priority).toBeGreaterThan(maxBlock);
    expect(ORG_BLOCK_PRIORITY).toBeGreaterThan(ALLOW_PRIORITY);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    for (const r of all) expect(Number.isInteger(r.id) && r.id >= 1 && r.id < 2 ** 31).toBe(true);
  });
});

describe('knownBad', () => {
  const s = NET_RULE_BASE.settings;
  it.each([
    ['block list, paused', 'evil.example', null, { blocklist: ['evil.example'] }, true, 'blocklist'],
    [
      'block list beats the allow list',
      'evil.example',
      null,
      { blocklist: ['evil.example'], allowlist: ['evil.example'] },
      false,
      'blocklist',
    ],
    ['blocking verdict', 'p.test', 88, {}, false, 'band:malicious'],
    ['blocking verdict while paused', 'p.test', 88, {}, true, null],
    ['warn-level verdict', 'p.test', 70, {}, false, null],
    ['allow-listed verdict', 'p.test', 99, { allowlist: ['p.test'] }, false, null],
    ['audit-only', 'evil.example', 99, { blocklist: ['evil.example'], auditOnly: true }, false, null],
    ['nothing known', 'p.test', null, {}, false, null],
  ] as const)('%s', (_n, host, score, over, paused, reason) => {
    const d = knownBad(
      host,
      score === null ? null : { riskScore: score, categories: [] },
      { ...s, ...(over as Partial<typeof s>) },
      paused,
    );
    expect(d?.reason ?? null).toBe(reason);
  });
});

describe('knownBad agrees with decide()', () => {
  const hosts = ['a.test', 'b.a.test', 'c.test', 'x.c.test', 'd.test'];
  it('block exactly when decide blocks (paused: only the block list)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...hosts),
        fc.option(fc.integer({ min: 0, max: 100 })),
        fc.subarray(hosts),
        fc.subarray(hosts),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
        fc.boolean(),
        (host, score, blocklist, allowlist, blockThreshold, auditOnly, paused) => {
          const s = { ...NET_RULE_BASE.settings, blocklist, allowlist, blockThreshold, warnThreshold: 0, auditOnly };
          const v = score === null ? null : { riskScore: score, categories: [] };
          const d = decide(v, s, { host });
          const want = d.action === 'block' && (!paused || d.reason === 'blocklist') ? d : null;
          expect(knownBad(host, v, s, paused)).toEqual(want);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('at the limits', () => {
  const many = (n: number, score = 90) =>
    Array.from({ length: n }, (_, i) => verdict(`http://bad-${i}.test/`, score, { checkedAt: NOW - 100_000 + i }));

  it('regex slots go to the most severe verdicts first, then the most recent; the rest overflow', () => {
    const verdicts = [
      verdict('http://a.test/', 80, { checkedAt: NOW - 10 }),
      verdict('http://b.test/', 95, { checkedAt: NOW - 50 }),
      verdict('http://c.test/', 80, { checkedAt: NOW - 5 }),
      verdict('http://d.test/', 99, { checkedAt: NOW - 99 }),
    ];
    const plan = planNetRules(input({ verdicts, limits: { ...DEFAULT_LIMITS, regex: 3 } }));
    const keys = verdicts.map((v) => v.verdict.url);
    expect(summary(plan, keys, []).verdicts).toEqual(['http://b.test/', 'http://c.test/', 'http://d.test/']);
    expect(plan.overflow).toEqual(['http://a.test/']);
  });

  it('exceptions take their regex slots before verdicts, and passes (urlFilter rules) none: proceeding keeps working', () => {
    const plan = planNetRules(
      input({
        verdicts: many(5),
        exceptions: [{ host: 'x.test', until: -1 }],
        passes: [{ tabId: 3, url: 'http://y.test/', expiresAt: NOW + 1000 }],
        limits: { ...DEFAULT_LIMITS, regex: 4 },
      }),
    );
    expect(plan.session.filter((r) => r.action.type === 'allow')).toHaveLength(2);
    expect(plan.session.filter((r) => r.condition.urlFilter)).toHaveLength(1);
    expect(plan.dynamic.filter((r) => r.condition.regexFilter)).toHaveLength(3);
    expect(plan.overflow).toHaveLength(2);
  });

  it('a pass whose address urlFilter cannot name exactly is a regex, taking a regex slot', () => {
    const plan = planNetRules(input({ passes: [{ tabId: 3, url: 'http://y.test/?q=a*b', expiresAt: NOW + 1000 }] }));
    const pass = plan.session.find((r) => r.condition.tabIds);
    expect(pass?.condition).toMatchObject({ regexFilter: keyRegex('http://y.test/?q=a*b', { stripQuery: false }) });
    expect(pass?.condition.urlFilter).toBeUndefined();
  });

  it('a released wrapped link with a long query lets that link through its wrapper, and no other link through the same wrapper', async () => {
    const wrapped = (to: string) =>
      `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent(to)}&data=05%7C02%7C${'x'.repeat(300)}&reserved=0`;
    const plan = planNetRules(
      input({
        passes: [
          { tabId: 3, url: wrapped('https://quarterly-report.test/q3'), expiresAt: NOW + 1000, kind: 'release' },
        ],
        holdWrappers: true,
      }),
    );
    const dnr = createFakeDnr();
    await dnr.api.updateDynamicRules({ addRules: plan.dynamic });
    await dnr.api.updateSessionRules({ addRules: plan.session });
    expect(dnr.decisive(wrapped('https://quarterly-report.test/q3'), 3)?.action.type).toBe('allow');
    expect(dnr.decisive(wrapped('https://phish.test/'), 3)?.action.type).toBe('block');
    expect(dnr.decisive(wrapped('https://quarterly-report.test/q3'), 4)?.action.type).toBe('block');
  });

  it('passes (asked for by pages) are capped, newest kept', () => {
    const passes = Array.from({ length: MAX_PASS_RULES + 10 }, (_, i) => ({
      tabId: 1,
      url: `http://p${i}.test/`,
      expiresAt: NOW + 1000 + i,
    }));
    const plan = planNetRules(input({ passes }));
    const kept = plan.session.filter((r) => r.condition.tabIds);
    expect(kept).toHaveLength(MAX_PASS_RULES);
    expect(plan.droppedAllows).toBe(10);
    expect(kept.map((r) => r.condition.urlFilter)).toContain(exactUrlFilter(`http://p${MAX_PASS_RULES + 9}.test/`));
    expect(kept.map((r) => r.condition.urlFilter)).not.toContain(exactUrlFilter('http://p0.test/'));
  });

  it('the regex limit is shared by dynamic and session rules (Chromium counts them together)', () => {
    const verdicts = [
      ...many(3),
      ...many(3).map((v) => ({
        ...v,
        verdict: { ...v.verdict, url: v.verdict.url.replace('bad', 'priv') },
        memoryOnly: true,
      })),
    ];
    const plan = planNetRules(input({ verdicts, limits: { ...DEFAULT_LIMITS, regex: 4 } }));
    expect(plan.dynamic.length + plan.session.length).toBe(4);
    expect(plan.overflow).toHaveLength(2);
  });

  it('a full store overflows, whatever regex room is left', () => {
    const plan = planNetRules(
      input(
        { verdicts: many(10), limits: { dynamic: 6, session: 5000, regex: 1000 } },
        { blocklist: ['evil.example'] },
      ),
    );
    expect(plan.dynamic).toHaveLength(6); // 1 block-list rule + 5 verdicts
    expect(plan.overflow).toHaveLength(5);
  });

  it('a block list of 10,000 hosts needs at most BLOCKLIST_BUCKETS rules and no regex', () => {
    const blocklist = Array.from({ length: 10_000 }, (_, i) => `host-${i}.example`);
    const plan = planNetRules(input({ verdicts: many(3) }, { blocklist }));
    const listRules = plan.dynamic.filter((r) => r.condition.requestDomains);
    expect(listRules.length).toBeLessThanOrEqual(BLOCKLIST_BUCKETS);
    expect(listRules.flatMap((r) => r.condition.requestDomains!).filter((d) => !d.endsWith('.'))).toHaveLength(10_000);
    expect(plan.dynamic.filter((r) => r.condition.regexFilter)).toHaveLength(3);
  });

  it('a key too long for a safe regex is left to the navigation-event path', () => {
    const long = `http://long.test/${'a'.repeat(2000)}`;
    const plan = planNetRules(input({ verdicts: [verdict(long, 90)] }));
    expect(plan.dynamic).toEqual([]);
    expect(plan.overflow).toEqual([long]);
  });
});

describe('ids and differences', () => {
  it('adding one verdict changes one rule; the others keep their ids', () => {
    const before = planNetRules(
      input(
        { verdicts: Array.from({ length: 50 }, (_, i) => verdict(`http://b${i}.test/`, 90)) },
        { blocklist: ['evil.example'] },
      ),
    );
    const after = planNetRules(
      input(
        {
          verdicts: [
            ...Array.from({ length: 50 }, (_, i) => verdict(`http://b${i}.test/`, 90)),
            verdict('http://new.test/', 90),
          ],
        },
        { blocklist: ['evil.example'] },
      ),
    );
    const d = diffRules(before.dynamic, after.dynamic);
    expect(d.removeRuleIds).toEqual([]);
    expect(d.addRules).toHaveLength(1);
    expect(d.addRules[0]!.condition.regexFilter).toBe(keyRegex('http://new.test/', { stripQuery: true }));
  });

  it('a new block-list host changes only its bucket', () => {
    const hosts = Array.from({ length: 500 }, (_, i) => `h${i}.example`);
    const before = planNetRules(input({}, { blocklist: hosts }));
    const after = planNetRules(input({}, { blocklist: [...hosts, 'one-more.example'] }));
    const d = diffRules(before.dynamic, after.dynamic);
    expect(d.removeRuleIds).toHaveLength(1);
    expect(d.addRules).toHaveLength(1);
  });

  it('a rule as the browser hands it back (other key order, defaults, list order) is the same rule', () => {
    const rule: NetRule = {
      id: 5,
      priority: 1,
      action: { type: 'block' },
      condition: { requestDomains: ['a.test', 'b.test'], resourceTypes: ['main_frame', 'sub_frame'] },
    };
    const back = JSON.parse(
      JSON.stringify({
        condition: {
          resourceTypes: ['sub_frame', 'main_frame'],
          requestDomains: ['b.test', 'a.test'],
          isUrlFilterCaseSensitive: false,
        },
        action: { type: 'block' },
        priority: 1,
        id: 5,
      }),
    ) as NetRule;
    expect(ruleSignature(back)).toBe(ruleSignature(rule));
    expect(diffRules([back], [rule])).toEqual({ removeRuleIds: [], addRules: [] });
  });

  it('a changed rule under the same id is removed and added again; rules we no longer want are removed', () => {
    const a: NetRule = {
      id: 1,
      priority: 1,
      action: { type: 'block' },
      condition: { regexFilter: '^x', resourceTypes: ['main_frame'] },
    };
    const b: NetRule = { ...a, condition: { ...a.condition, regexFilter: '^y' } };
    const stray: NetRule = { ...a, id: 9 };
    expect(diffRules([a, stray], [b])).toEqual({ removeRuleIds: [1, 9], addRules: [b] });
  });

  it('the same inputs give the same plan (ids included)', () => {
    const i = input(
      { verdicts: Array.from({ length: 200 }, (_, k) => verdict(`http://v${k}.test/`, 90)) },
      { blocklist: ['e.example'] },
    );
    expect(planNetRules(i)).toEqual(planNetRules({ ...i, verdicts: [...i.verdicts].reverse() }));
  });
});
