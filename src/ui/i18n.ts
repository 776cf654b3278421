/**
 * Every visible string goes through `t()` (docs/decisions/017-surfaces.md): browser.i18n picks the locale,
 * public/_locales/<lang>/messages.json holds the text. A convention test
 * (test/unit/ui/locales.test.ts) fails when a key is missing from a locale, unused, has other
 * placeholders than English, or is left in English where it should be translated.
 */
import { browser } from 'wxt/browser';

export type Sub = string | number;

type GetMessage = (key: string, substitutions?: string[]) => string;

/** The message for `key`, or '' when no locale (not even English) has it or i18n is unavailable. */
export function message(key: string, subs?: Sub | Sub[]): string {
  const list = subs === undefined ? undefined : (Array.isArray(subs) ? subs : [subs]).map(String);
  try {
    return (browser.i18n.getMessage as unknown as GetMessage)(key, list) || '';
  } catch {
    return '';
  }
}

/**
 * Localized text for `key`. A missing key (or an i18n API that throws, e.g. in a test without
 * locales) shows the key itself rather than an empty string or a crash: visible, never blank.
 */
export function t(key: string, subs?: Sub | Sub[]): string {
  return message(key, subs) || key;
}

/** A BCP 47 tag Intl accepts ('en_US' from older APIs becomes 'en-US'), else undefined. */
function canonical(tag: string | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0];
  } catch {
    return undefined;
  }
}

/**
 * The language the messages are written in: each messages.json names its own folder in the
 * `locale` key. The browser falls back to English for a UI language Linklens has no file for, so
 * grammar (plural rules) and the page's lang attribute follow the text, not the browser.
 */
export function textLanguage(): string {
  return canonical(message('locale')) ?? 'en';
}

/**
 * The browser's UI language (i18n.getUILanguage), for dates and numbers: the conventions of the
 * browser the person reads, even where Linklens has no translation for it (fr-CA gets fr-CA dates
 * beside the fr text). Not navigator.language: Firefox sets that from the content languages.
 */
export function uiLanguage(): string {
  try {
    return canonical(browser.i18n.getUILanguage()) ?? textLanguage();
  } catch {
    return textLanguage();
  }
}
