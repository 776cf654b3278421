/**
 * Example table for the plural form tn() reads, by the language of the text:
 * English and Spanish say "1 link" but "0 links"; French counts 0 and 1 as singular; Japanese
 * has one form; a form the locale lacks (French `many` for a million) falls back to `other`.
 * Tested in test/unit/ui/plural.test.ts.
 */
export interface PluralExample {
  lang: string;
  count: number;
  /** The message key tn('ledgerCount', count) reads. */
  form: string;
}

export const PLURAL_EXAMPLES: readonly PluralExample[] = [
  { lang: 'en', count: 0, form: 'ledgerCount_other' },
  { lang: 'en', count: 1, form: 'ledgerCount_one' },
  { lang: 'en', count: 2, form: 'ledgerCount_other' },
  { lang: 'en', count: 1_000_000, form: 'ledgerCount_other' },
  { lang: 'de', count: 1, form: 'ledgerCount_one' },
  { lang: 'de', count: 0, form: 'ledgerCount_other' },
  { lang: 'es', count: 1, form: 'ledgerCount_one' },
  { lang: 'es', count: 0, form: 'ledgerCount_other' },
  { lang: 'es', count: 1_000_000, form: 'ledgerCount_other' }, // Intl says `many`; es has no such form
  { lang: 'fr', count: 0, form: 'ledgerCount_one' },
  { lang: 'fr', count: 1, form: 'ledgerCount_one' },
  { lang: 'fr', count: 2, form: 'ledgerCount_other' },
  { lang: 'fr', count: 1_000_000, form: 'ledgerCount_other' }, // Intl says `many`; fr has no such form
  { lang: 'ja', count: 0, form: 'ledgerCount_other' },
  { lang: 'ja', count: 1, form: 'ledgerCount_other' },
  { lang: 'ja', count: 2, form: 'ledgerCount_other' },
];
