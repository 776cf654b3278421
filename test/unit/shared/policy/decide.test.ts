import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decide } from '@/src/shared/policy/decide';
import { DECIDE_BASE_SETTINGS, DECIDE_EXAMPLES } from '@/src/shared/policy/decide.examples';
import { ACTION_SEVERITY } from '@/src/shared/verdict';

const verdictOf = (score: number | null, categories: string[] = []) => (score === null ? null : { riskScore: score, categories });

describe('decide example table', () => {
  it.each(
    DECIDE_EXAMPLES.map((e) => [`${e.score} ${JSON.stringify(e.settings ?? {})} ${e.host ?? ''}`, e] as const),
  )('%s', (_n, e) => {
    const got = decide(verdictOf(e.score, e.categories), { ...DECIDE_BASE_SETTINGS, ...e.settings }, { host: e.host ?? 'site.example' });
    expect(got).toEqual(e.expected);
  });

  it('covers every band of the spec with the default thresholds', () => {
    const reasons = DECIDE_EXAMPLES.filter((e) => !e.settings).map((e) => e.expected.reason);
    for (const r of ['band:safe', 'band:suspicious', 'band:high', 'band:malicious']) expect(reasons).toContain(r);
  });
});

const settingsArb = fc.record({
  warnThreshold: fc.integer({ min: 0, max: 100 }),
  blockThreshold: fc.integer({ min: 0, max: 100 }),
  auditOnly: fc.boolean(),
  allowlist: fc.constant<string[]>([]),
  blocklist: fc.constant<string[]>([]),
});
const categoriesArb = fc.array(fc.constantFrom('safe', 'phishing', 'malware', 'scam', 'suspicious', 'adult_content', 'other'), { maxLength: 3 });

describe('decide properties', () => {
  it('a higher score never gets a milder action (same settings and categories)', () => {
    fc.assert(
      fc.property(settingsArb, categoriesArb, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (s, cats, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const dLo = decide({ riskScore: lo, categories: cats }, s, { host: 'x.example' });
        const dHi = decide({ riskScore: hi, categories: cats }, s, { host: 'x.example' });
        expect(ACTION_SEVERITY[dHi.action]).toBeGreaterThanOrEqual(ACTION_SEVERITY[dLo.action]);
      }),
    );
  });

  it('audit-only never warns or blocks', () => {
    fc.assert(
      fc.property(settingsArb, categoriesArb, fc.option(fc.double()), fc.boolean(), (s, cats, score, listed) => {
        const d = decide(score === null ? null : { riskScore: score, categories: cats }, { ...s, auditOnly: true, blocklist: listed ? ['x.example'] : [] }, { host: 'x.example' });
        expect(['allow', 'annotate']).toContain(d.action);
      }),
    );
  });

  it('never allows a non-safe score as safe (malformed scores included)', () => {
    fc.assert(
      fc.property(settingsArb, fc.oneof(fc.integer({ min: 21, max: 1000 }), fc.constantFrom(Number.NaN, Infinity, -Infinity)), (s, score) => {
        const d = decide({ riskScore: score, categories: [] }, s, { host: 'x.example' });
        expect(d.action).not.toBe('allow');
      }),
    );
  });
});
