/**
 * Messages that embed a count come in plural forms: `<key>_one`, `<key>_other` (and, for a
 * language that has them, `_two`, `_few`, `_many`, `_zero`), chosen by Intl.PluralRules for the
 * language of the text. A form the locale lacks falls back to `_other`.
 *
 *   tn('ledgerCount', 1)  in en → ledgerCount_one   "1 URL sent."
 *   tn('ledgerCount', 0)  in en → ledgerCount_other "0 URLs sent."
 *   tn('ledgerCount', 0)  in fr → ledgerCount_one   "0 URL envoyée."   (French: 0 and 1 are "one")
 *   tn('ledgerCount', 1)  in ja → ledgerCount_other (Japanese has one form)
 */
import { formatNumber } from './format';
import { message, t, textLanguage, type Sub } from './i18n';

export function pluralCategory(count: number, lang = textLanguage()): Intl.LDMLPluralRule {
  try {
    return new Intl.PluralRules(lang).select(count);
  } catch {
    return 'other';
  }
}

/**
 * The plural form of `key` for `count`. Substitutions default to the count itself, formatted for
 * the UI language; numbers given in `subs` are formatted too.
 */
export function tn(key: string, count: number, subs?: Sub[]): string {
  const list = (subs ?? [count]).map((s) => (typeof s === 'number' ? formatNumber(s) : s));
  return message(`${key}_${pluralCategory(count)}`, list) || message(`${key}_other`, list) || t(`${key}_other`, list);
}
