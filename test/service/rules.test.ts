// The deterministic rule table: every rule decides its own example and no other rule's
//, all six categories and four bands are covered, and the service over HTTP gives
// exactly what verdictFor predicts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandOf, BANDS, KNOWN_CATEGORIES } from '@/src/shared/verdict';
import {
  CATEGORY_BY_BAND,
  RULES,
  SLOW_FACTOR,
  startService,
  verdictFor,
  XSS_PAYLOAD,
  type ScanningService,
} from './server';
import { call, waitTerminal } from './test-helpers';

const lower = (url: string) => {
  const u = new URL(url);
  return [u.hostname.toLowerCase(), u.pathname.toLowerCase()] as const;
};

describe('rule table', () => {
  it.each(RULES.map((r) => [r.name, r] as const))('rule %s decides its own example', (name, rule) => {
    expect(verdictFor(rule.example).rule).toBe(name);
  });

  it.each(RULES.filter((r) => r.name !== 'safe').map((r) => [r.name, r] as const))(
    'rule %s does not apply to any other example',
    (_n, rule) => {
      for (const other of RULES) {
        if (other !== rule) expect(rule.apply(...lower(other.example)), other.example).toBeNull();
      }
    },
  );

  const table: Array<[string, string, number | null, string[] | null]> = [
    ['https://example.com/', 'COMPLETED', 5, ['safe']],
    ['https://suspicious.example/', 'COMPLETED', 35, ['suspicious']],
    ['https://adult.example/', 'COMPLETED', 60, ['adult_content']],
    ['https://example.com/scam', 'COMPLETED', 70, ['scam']],
    ['https://phish.example/', 'COMPLETED', 88, ['phishing']],
    ['https://secure-PHISH.example/login', 'COMPLETED', 88, ['phishing']],
    ['https://example.com/download/malware.exe', 'COMPLETED', 95, ['malware']],
    ['https://phish-malware.example/', 'COMPLETED', 95, ['malware']],
    ['https://example.com/score-0', 'COMPLETED', 0, ['safe']],
    ['https://example.com/score-20', 'COMPLETED', 20, ['safe']],
    ['https://example.com/score-21', 'COMPLETED', 21, ['suspicious']],
    ['https://example.com/a/score-50/b', 'COMPLETED', 50, ['suspicious']],
    ['https://example.com/score-51', 'COMPLETED', 51, ['scam']],
    ['https://example.com/score-75', 'COMPLETED', 75, ['scam']],
    ['https://example.com/score-76', 'COMPLETED', 76, ['malware']],
    ['https://phish.example/score-100', 'COMPLETED', 100, ['malware']],
    ['https://example.com/score-101', 'COMPLETED', 5, ['safe']],
    ['https://example.com/x?q=phish', 'COMPLETED', 5, ['safe']],
    ['https://fail.example/score-90', 'FAILED', null, null],
    ['not a url', 'FAILED', null, null],
  ];
  it.each(table)('%s → %s %s %j', (url, outcome, score, categories) => {
    const v = verdictFor(url);
    expect(v.outcome).toBe(outcome);
    if (v.outcome === 'COMPLETED') {
      expect(v.result.riskScore).toBe(score);
      expect(v.result.categories).toEqual(categories);
      expect(v.result.reasoning.length).toBeGreaterThan(0);
      expect(v.result.confidence).toBeGreaterThan(0);
      expect(v.result.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('covers all six categories and all four bands', () => {
    const completed = table.map(([u]) => verdictFor(u)).flatMap((v) => (v.outcome === 'COMPLETED' ? [v.result] : []));
    expect(new Set(completed.flatMap((r) => r.categories))).toEqual(new Set(KNOWN_CATEGORIES));
    expect(new Set(completed.map((r) => bandOf(r.riskScore)))).toEqual(new Set(BANDS));
    expect(Object.keys(CATEGORY_BY_BAND).sort()).toEqual([...BANDS].sort());
  });

  it('indicators: empty for safe, {type, value, severity} objects otherwise', () => {
    const safe = verdictFor('https://example.com/');
    expect(safe.outcome === 'COMPLETED' && safe.result.indicators).toEqual([]);
    const bad = verdictFor('https://phish.example/');
    expect(bad.outcome === 'COMPLETED' && bad.result.indicators).toEqual([
      { type: 'keyword', value: 'phish', severity: 'high' },
    ]);
  });

  it('"xss" hosts put HTML/script text in reasoning, categories and indicators', () => {
    const v = verdictFor('https://xss.example/');
    if (v.outcome !== 'COMPLETED') throw new Error('expected COMPLETED');
    expect(v.result.reasoning).toContain(XSS_PAYLOAD);
    expect(v.result.reasoning).toContain('<script>');
    expect(v.result.categories).toContain(XSS_PAYLOAD);
    expect(JSON.stringify(v.result.indicators)).toContain('onerror=alert(1)');
  });

  it('"slow" multiplies the delay without changing the verdict', () => {
    expect(verdictFor('https://slow.example/').delayFactor).toBe(SLOW_FACTOR);
    expect(verdictFor('https://slow-phish.example/')).toMatchObject({ rule: 'phish', delayFactor: SLOW_FACTOR });
    expect(verdictFor('https://example.com/').delayFactor).toBe(1);
  });

  it('README.md lists every rule example', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    for (const r of RULES) expect(readme, r.name).toContain(r.example);
  });
});

describe('the service applies the table', () => {
  let svc: ScanningService;
  beforeAll(async () => {
    svc = await startService({ processingDelayMs: 0 });
  });
  afterAll(() => svc.stop());

  it.each([...RULES.map((r) => r.example), 'https://example.com/score-63', 'https://slow.example/'])(
    '%s over HTTP equals verdictFor',
    async (url) => {
      const { json } = await call(svc, 'POST', '/v1/scans/', { body: { url } });
      const done = await waitTerminal(svc, json.id);
      const v = verdictFor(url);
      expect(done.state).toBe(v.outcome);
      if (v.outcome === 'COMPLETED') expect(done.result).toEqual(v.result);
      else expect(done.error).toEqual(v.error);
    },
  );
});
