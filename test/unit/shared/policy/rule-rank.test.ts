/**
 * Which verdicts keep a request-blocking rule at the browser's limits (rule-rank.ts): its example
 * table, and the whole plan (net-rules.ts) flooded with a page's hovered score-100 verdicts.
 */
import { describe, expect, it } from 'vitest';
import { compareRank, verdictSource } from '@/src/shared/policy/rule-rank';
import { RANK_EXAMPLES, SOURCE_EXAMPLES } from '@/src/shared/policy/rule-rank.examples';
import { BLOCKLIST_BUCKETS, DEFAULT_LIMITS, planNetRules } from '@/src/shared/policy/net-rules';
import { NET_RULE_BASE, NOW, verdict } from '@/src/shared/policy/net-rules.examples';
import { keyRegex } from '@/src/shared/url/request-filter';

describe('verdictSource', () => {
  it.each(SOURCE_EXAMPLES.map((e) => [e.reasons.join('+') || '(none)', e] as const))('%s', (_n, e) => {
    expect(verdictSource(e.reasons)).toBe(e.source);
  });
});

describe('compareRank', () => {
  it.each(RANK_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    expect(compareRank(e.first, e.second)).toBeLessThan(0);
    expect(compareRank(e.second, e.first)).toBeGreaterThan(0);
  });
});

describe('a page flooding the rules with hovered verdicts', () => {
  const opened = Array.from({ length: 300 }, (_, i) =>
    verdict(`http://opened-${i}.test/`, 76 + (i % 20), { checkedAt: NOW - 1_000_000 + i }),
  );
  const asked = Array.from({ length: 100 }, (_, i) => ({
    ...verdict(`http://asked-${i}.test/`, 80),
    source: 'person' as const,
  }));
  const hovered = Array.from({ length: 2000 }, (_, i) => ({
    ...verdict(`http://hovered-${i}.test/`, 100, { checkedAt: NOW - i }),
    source: 'page' as const,
  }));
  const orgHosts = Array.from({ length: 500 }, (_, i) => `org-bad-${i}.test`);
  const ownHosts = Array.from({ length: 500 }, (_, i) => `own-bad-${i}.test`);
  const plan = planNetRules({
    ...NET_RULE_BASE,
    settings: { ...NET_RULE_BASE.settings, blocklist: [...orgHosts, ...ownHosts], orgBlocklist: orgHosts },
    verdicts: [...hovered, ...opened, ...asked],
    exceptions: [{ host: 'proceeded.test', until: -1 }],
    limits: DEFAULT_LIMITS,
  });
  const regexes = new Set(plan.dynamic.map((r) => r.condition.regexFilter).filter(Boolean));
  const listed = new Set(plan.dynamic.flatMap((r) => r.condition.requestDomains ?? []));

  it('2,000 hovered score-100 verdicts push out no rule of a page opened or a check asked for', () => {
    for (const c of [...opened, ...asked])
      expect(regexes.has(keyRegex(c.verdict.url, { stripQuery: true }) ?? undefined), c.verdict.url).toBe(true);
  });

  it("every block-list host keeps its rule, the organization's and the person's", () => {
    for (const h of [...orgHosts, ...ownHosts]) expect(listed.has(h), h).toBe(true);
    expect(plan.dynamic.filter((r) => r.condition.requestDomains)).toHaveLength(2 * BLOCKLIST_BUCKETS);
  });

  it('hovered verdicts get what is left, and only they overflow', () => {
    // 1,000 regex slots: one exception, 400 of the person's verdicts, 599 hovered ones.
    expect(plan.dynamic.filter((r) => r.condition.regexFilter)).toHaveLength(DEFAULT_LIMITS.regex - 1);
    expect(plan.overflow).toHaveLength(2000 - (DEFAULT_LIMITS.regex - 1 - 400));
    for (const url of plan.overflow) expect(url).toMatch(/^http:\/\/hovered-/);
  });
});
