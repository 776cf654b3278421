/**
 * Plural forms (src/ui/plural.ts) and Intl formatting (src/ui/format.ts) follow the language:
 * plural rules the language of the text (the `locale` message), dates and numbers the browser's
 * UI language (i18n.getUILanguage).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { tn, pluralCategory } from '@/src/ui/plural';
import { PLURAL_EXAMPLES } from '@/src/ui/plural.examples';
import { formatConfidence, formatNumber, formatTime, reasonLabel } from '@/src/ui/format';
import { textLanguage, uiLanguage } from '@/src/ui/i18n';
import { format, installI18n, readLocale } from './helpers';

beforeEach(() => fakeBrowser.reset());

const i18n = () => fakeBrowser.i18n as unknown as Record<string, unknown>;
/** Messages of `text`, browser UI language `ui` (a UI language Linklens has no file for reads English). */
function browserIn(text: string, ui = text) {
  installI18n(text);
  i18n().getUILanguage = () => ui;
}

describe('tn(): the plural form for the language of the text', () => {
  for (const { lang, count, form } of PLURAL_EXAMPLES) {
    it(`${lang}, ${count} → ${form}`, () => {
      browserIn(lang);
      const expected = format(readLocale(lang)[form], [count.toLocaleString(lang)]);
      expect(tn('ledgerCount', count)).toBe(expected);
    });
  }

  it('English reads "1 URL sent." and "1,234 URLs sent." (the count formatted)', () => {
    browserIn('en');
    expect(tn('ledgerCount', 1)).toBe('1 URL sent.');
    expect(tn('ledgerCount', 1234)).toBe('1,234 URLs sent.');
  });

  it('chooses by the count given, formats every number it substitutes', () => {
    browserIn('en');
    expect(tn('pageScanCount', 1, [0, 1, 0])).toBe('0 of 1 link checked, 0 flagged');
    expect(tn('pageScanCount', 2000, [1500, 2000, 3])).toBe('1,500 of 2,000 links checked, 3 flagged');
  });

  it('a UI language without a locale: English text with English plural rules, numbers of the UI language', () => {
    browserIn('en', 'pt-BR'); // the browser shows English messages for pt-BR
    expect(textLanguage()).toBe('en');
    expect(uiLanguage()).toBe('pt-BR');
    expect(pluralCategory(0)).toBe('other'); // pt would say "one" for 0
    expect(tn('ledgerCount', 1234)).toBe('1.234 URLs sent.');
  });

  it('a message no locale has shows its key rather than nothing', () => {
    browserIn('en');
    expect(tn('noSuchCount', 1)).toBe('noSuchCount_other');
  });
});

describe('dates and numbers in the browser UI language', () => {
  const when = Date.UTC(2025, 0, 2, 3, 4, 5);

  it('percentages: 93% in English and Japanese, 93 % with a no-break space in French', () => {
    browserIn('en');
    expect(formatConfidence(0.93)).toBe('93%');
    browserIn('ja');
    expect(formatConfidence(0.93)).toBe('93%');
    browserIn('fr');
    expect(formatConfidence(0.93)).toMatch(/^93[\u00a0\u202f]%$/); // CLDR's space, never a line break
    expect(formatConfidence(Number.NaN)).toBe('—');
  });

  it('numbers and dates differ by UI language, a regional UI language keeps its region', () => {
    browserIn('fr');
    expect(formatNumber(1234567)).toBe((1234567).toLocaleString('fr'));
    expect(formatNumber(1234567)).not.toBe((1234567).toLocaleString('en'));
    expect(formatTime(when)).toBe(new Date(when).toLocaleString('fr'));
    browserIn('fr', 'fr-CA');
    expect(formatTime(when)).toBe(new Date(when).toLocaleString('fr-CA'));
    browserIn('ja');
    expect(formatTime(when)).toBe(new Date(when).toLocaleString('ja'));
    expect(formatTime(when)).not.toBe(new Date(when).toLocaleString('en'));
  });

  it('an underscore tag from an older API is read; a broken or throwing one falls back to the text language', () => {
    browserIn('en', 'en_GB');
    expect(uiLanguage()).toBe('en-GB');
    browserIn('de', 'not a tag!');
    expect(uiLanguage()).toBe('de');
    browserIn('es');
    i18n().getUILanguage = () => {
      throw new Error('no i18n');
    };
    expect(uiLanguage()).toBe('es');
    expect(formatNumber(1234.5)).toBe((1234.5).toLocaleString('es'));
  });

  it('the ledger reason in words; an unknown one as it came', () => {
    browserIn('fr');
    expect(reasonLabel('hover')).toBe(readLocale('fr').reason_hover!.message);
    expect(reasonLabel('telepathy')).toBe('telepathy');
  });
});
