// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { whyOf } from '@/src/shared/policy/why';
import { WHY_EXAMPLES } from '@/src/shared/policy/why.examples';
import { decide } from '@/src/shared/policy/decide';
import { DECIDE_BASE_SETTINGS, DECIDE_EXAMPLES } from '@/src/shared/policy/decide.examples';
import { whyText } from '@/src/ui/components/why-line';
import { installI18n, setupUiTest } from '../../ui/helpers';

setupUiTest();

describe('whyOf example table', () => {
  it.each(WHY_EXAMPLES.map((e) => [JSON.stringify(e.decision), e] as const))('%s', (_n, e) => {
    expect(whyOf(e.decision)).toEqual(e.expected);
  });

  it.each(WHY_EXAMPLES.map((e) => [e.english ?? '(nothing)', e] as const))('reads in English: %s', (_n, e) => {
    expect(whyText(e.decision)).toBe(e.english);
  });

  it('every rule decide() fires outside strict mode has words', () => {
    for (const e of DECIDE_EXAMPLES) {
      const d = decide(
        e.score === null
          ? null
          : { riskScore: e.score, categories: e.categories ?? [], confidence: e.confidence ?? 0.9 },
        { ...DECIDE_BASE_SETTINGS, ...e.settings },
        { host: e.host ?? 'site.example' },
      );
      const text = whyText(d);
      expect(text, JSON.stringify(d)).toBeTruthy();
      expect(text).not.toMatch(/why_|\$[A-Z]+\$/); // no raw key, no unfilled placeholder
    }
  });

  it('formats the numbers for the reader: German decimals and percentages', () => {
    installI18n('de');
    expect(
      whyText({ rule: { rule: 'lowConfidence', score: 94, threshold: 76, confidence: 0.41, minConfidence: 0.6 } }),
    ).toBe(
      'Risikowert 94 ≥ Ihr Schwellenwert zum Blockieren 76, aber die Konfidenz 41\u00a0% liegt unter 60\u00a0%: gewarnt statt blockiert',
    );
    expect(whyText({ rule: { rule: 'orgBlockList', entry: 'evil.example' }, auditOf: 'block' })).toBe(
      'Nur protokolliert, daher nicht blockiert: Auf der Sperrliste Ihrer Organisation (evil.example)',
    );
  });
});
