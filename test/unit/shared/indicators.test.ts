import { describe, expect, it } from 'vitest';
import { INDICATOR_LABEL_KEYS, indicatorWords, type Translate } from '@/src/shared/indicators';
import { INDICATOR_EXAMPLES } from '@/src/shared/indicators.examples';
import { CONTENT_STRINGS } from '@/src/content/strings';

/** English from the content script's copy, as `t()` fills it. */
const english: Translate = (key, subs) =>
  CONTENT_STRINGS[key].replace(/\$(\d)/g, (_m, d: string) => subs[Number(d) - 1] ?? '');

describe('indicatorWords', () => {
  it.each(INDICATOR_EXAMPLES)('%s → %s', (line, words) => {
    const w = indicatorWords(line, english);
    expect(w.text).toBe(words);
    expect(w.raw).toBe(line); // the record as kept, for "Technical details"
  });

  it('every label has an English message', () => {
    for (const key of INDICATOR_LABEL_KEYS) expect(CONTENT_STRINGS[key]).toBeTruthy();
  });

  it('cuts a long value', () => {
    const w = indicatorWords(JSON.stringify({ type: 'keyword', value: 'v'.repeat(500) }), english);
    expect(w.text.length).toBeLessThan(200);
  });
});
