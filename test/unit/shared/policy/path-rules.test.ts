// Block-list path entries (`example.com/login/*`) in the browser's request-blocking rules.
import { describe, expect, it } from 'vitest';
import {
  BLOCK_PRIORITY,
  DEFAULT_LIMITS,
  ORG_BLOCK_PRIORITY,
  knownBad,
  planNetRules,
  type NetRuleInput,
} from '@/src/shared/policy/net-rules';
import { MAX_PATH_RULES } from '@/src/shared/policy/path-rules';
import { NET_RULE_BASE, NOW, verdict } from '@/src/shared/policy/net-rules.examples';
import { pathEntryRegex } from '@/src/shared/url/request-filter';

const input = (over: Partial<NetRuleInput> = {}, settings: Partial<NetRuleInput['settings']> = {}): NetRuleInput => ({
  ...NET_RULE_BASE,
  ...over,
  settings: { ...NET_RULE_BASE.settings, ...settings },
});
const regexRules = (i: NetRuleInput) => {
  const plan = planNetRules(i);
  return { plan, rules: [...plan.dynamic, ...plan.session].filter((r) => r.condition.regexFilter) };
};

describe('path entries become regex block rules', () => {
  it("one dynamic rule per entry, the organization's above every allow rule, no host rule for the site", () => {
    const { plan, rules } = regexRules(
      input(
        {},
        { blocklist: ['shop.test/phish/*', 'bank.test/login', 'whole.test'], orgBlocklist: ['bank.test/login'] },
      ),
    );
    expect(rules.map((r) => [r.condition.regexFilter, r.priority, r.action.type]).sort()).toEqual(
      [
        [pathEntryRegex('bank.test', '/login', false), ORG_BLOCK_PRIORITY, 'block'],
        [pathEntryRegex('shop.test', '/phish/', true), BLOCK_PRIORITY, 'block'],
      ].sort(),
    );
    expect(plan.dynamic.flatMap((r) => r.condition.requestDomains ?? [])).toEqual(['whole.test', 'whole.test.']);
    for (const r of rules) expect(r.condition.isUrlFilterCaseSensitive).toBe(true);
  });

  it('audit-only: no path rule either', () => {
    expect(regexRules(input({}, { blocklist: ['shop.test/phish/*'], auditOnly: true })).rules).toEqual([]);
  });

  it('a verdict under a blocked path needs no rule of its own; one elsewhere on the site does', () => {
    const verdicts = [verdict('http://shop.test/phish/x', 90), verdict('http://shop.test/other', 90)];
    const { rules } = regexRules(input({ verdicts }, { blocklist: ['shop.test/phish/*'] }));
    expect(rules).toHaveLength(2);
    expect(
      knownBad(
        { host: 'shop.test', path: '/phish/x' },
        null,
        { ...NET_RULE_BASE.settings, blocklist: ['shop.test/phish/*'] },
        true,
      )?.reason,
    ).toBe('blocklist');
    expect(
      knownBad(
        { host: 'shop.test', path: '/other' },
        null,
        { ...NET_RULE_BASE.settings, blocklist: ['shop.test/phish/*'] },
        true,
      ),
    ).toBeNull();
  });
});

describe('path entries at the limits', () => {
  const entries = (n: number, host = 'p.test') => Array.from({ length: n }, (_, i) => `${host}/x${i}/*`);

  it(`take at most MAX_PATH_RULES (${MAX_PATH_RULES}) regex slots, the organization's first; the rest overflow to the navigation-event path`, () => {
    const org = entries(10, 'org.test');
    const { plan, rules } = regexRules(
      input(
        { verdicts: [verdict('http://bad.test/', 90)] },
        { blocklist: [...entries(MAX_PATH_RULES), ...org], orgBlocklist: org },
      ),
    );
    const pathRules = rules.filter((r) => r.condition.regexFilter!.includes('x'));
    expect(pathRules).toHaveLength(MAX_PATH_RULES);
    expect(pathRules.filter((r) => r.priority === ORG_BLOCK_PRIORITY)).toHaveLength(10);
    expect(plan.overflow).toHaveLength(10);
    expect(plan.overflow.every((e) => e.startsWith('p.test/'))).toBe(true);
    // Verdicts keep regex slots beyond the cap.
    expect(rules.some((r) => r.condition.regexFilter!.includes('bad'))).toBe(true);
  });

  it('share the browser regex limit: past it, entries overflow too', () => {
    const { plan, rules } = regexRules(input({ limits: { ...DEFAULT_LIMITS, regex: 3 } }, { blocklist: entries(5) }));
    expect(rules).toHaveLength(3);
    expect(plan.overflow).toEqual(['p.test/x3/*', 'p.test/x4/*']);
  });
});

describe('the plan is stable', () => {
  it('the same path entries give the same rules (ids included)', () => {
    const i = input({ now: NOW }, { blocklist: ['shop.test/phish/*'] });
    expect(planNetRules(i)).toEqual(planNetRules(i));
  });
});
