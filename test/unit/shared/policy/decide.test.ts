import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decide } from '@/src/shared/policy/decide';
import { DECIDE_BASE_SETTINGS, DECIDE_EXAMPLES } from '@/src/shared/policy/decide.examples';
import { ACTION_SEVERITY } from '@/src/shared/verdict';

const verdictOf = (score: number | null, categories: string[] = [], confidence = 0.9) =>
  score === null ? null : { riskScore: score, categories, confidence };

describe('decide example table', () => {
  it.each(
    DECIDE_EXAMPLES.map(
      (e) => [`${e.score} ${JSON.stringify(e.settings ?? {})} ${e.host ?? ''}${e.path ?? ''}`, e] as const,
    ),
  )('%s', (_n, e) => {
    const got = decide(
      verdictOf(e.score, e.categories, e.confidence),
      { ...DECIDE_BASE_SETTINGS, ...e.settings },
      { host: e.host ?? 'site.example', ...(e.path ? { path: e.path } : {}) },
    );
    expect(got).toEqual(e.expected);
  });

  it('covers every band of the spec with the default thresholds', () => {
    const reasons = DECIDE_EXAMPLES.filter((e) => !e.settings).map((e) => e.expected.reason);
    for (const r of ['band:safe', 'band:suspicious', 'band:high', 'band:malicious']) expect(reasons).toContain(r);
  });

  it('names every kind of rule decide() can fire', () => {
    const rules = new Set(DECIDE_EXAMPLES.map((e) => e.expected.rule?.rule));
    for (const r of [
      'orgBlockList',
      'userBlockList',
      'allowList',
      'noVerdict',
      'invalidScore',
      'score',
      'lowConfidence',
      'band',
      'category',
      'safe',
    ])
      expect(rules).toContain(r);
  });
});

const settingsArb = fc.record({
  warnThreshold: fc.integer({ min: 0, max: 100 }),
  blockThreshold: fc.integer({ min: 0, max: 100 }),
  auditOnly: fc.boolean(),
  minBlockConfidence: fc.double({ min: 0, max: 1, noNaN: true }),
  allowlist: fc.constant<string[]>([]),
  blocklist: fc.constant<string[]>([]),
});
const categoriesArb = fc.array(
  fc.constantFrom('safe', 'phishing', 'malware', 'scam', 'suspicious', 'adult_content', 'other'),
  { maxLength: 3 },
);

describe('decide properties', () => {
  it('a higher score never gets a milder action (same settings and categories)', () => {
    fc.assert(
      fc.property(
        settingsArb,
        categoriesArb,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (s, cats, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const dLo = decide({ riskScore: lo, categories: cats }, s, { host: 'x.example' });
          const dHi = decide({ riskScore: hi, categories: cats }, s, { host: 'x.example' });
          expect(ACTION_SEVERITY[dHi.action]).toBeGreaterThanOrEqual(ACTION_SEVERITY[dLo.action]);
        },
      ),
    );
  });

  it('the minimum confidence only ever turns a block into a warning, and names the numbers that decided it', () => {
    fc.assert(
      fc.property(
        settingsArb,
        categoriesArb,
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (s, cats, score, confidence) => {
          const v = { riskScore: score, categories: cats, confidence };
          const without = decide(v, { ...s, minBlockConfidence: 0 }, { host: 'x.example' });
          const got = decide(v, s, { host: 'x.example' });
          if (got.rule?.rule === 'lowConfidence') {
            expect(without.rule).toMatchObject({ rule: 'score', level: 'block' });
            expect(got.rule.confidence).toBeLessThan(got.rule.minConfidence);
            expect(got.rule.score).toBeGreaterThanOrEqual(got.rule.threshold);
            expect(got.action).toBe(s.auditOnly ? 'annotate' : 'warn');
          } else {
            expect(got).toEqual(without);
          }
        },
      ),
    );
  });

  it('audit-only never warns or blocks, and keeps the rule and what it would have done', () => {
    fc.assert(
      fc.property(settingsArb, categoriesArb, fc.option(fc.double()), fc.boolean(), (s, cats, score, listed) => {
        const d = decide(
          score === null ? null : { riskScore: score, categories: cats },
          { ...s, auditOnly: true, blocklist: listed ? ['x.example'] : [] },
          { host: 'x.example' },
        );
        expect(['allow', 'annotate']).toContain(d.action);
        const strict = decide(
          score === null ? null : { riskScore: score, categories: cats },
          { ...s, auditOnly: false, blocklist: listed ? ['x.example'] : [] },
          { host: 'x.example' },
        );
        expect(d.rule).toEqual(strict.rule);
        expect(d.auditOf).toBe(strict.action === 'block' || strict.action === 'warn' ? strict.action : undefined);
      }),
    );
  });

  it('never allows a non-safe score as safe (malformed scores included)', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.oneof(fc.integer({ min: 21, max: 1000 }), fc.constantFrom(Number.NaN, Infinity, -Infinity)),
        (s, score) => {
          const d = decide({ riskScore: score, categories: [] }, s, { host: 'x.example' });
          expect(d.action).not.toBe('allow');
        },
      ),
    );
  });
});
