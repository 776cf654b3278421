/**
 * Every visible string goes through `t()` (issue 5 "Quality"): browser.i18n picks the locale,
 * public/_locales/<lang>/messages.json holds the text. A convention test
 * (test/unit/ui/locales.test.ts) fails when a key used literally in a t() call is missing from a locale.
 */
import { browser } from 'wxt/browser';

export type Sub = string | number;

type GetMessage = (key: string, substitutions?: string[]) => string;

/**
 * Localized text for `key`. A missing key (or an i18n API that throws, e.g. in a test without
 * locales) shows the key itself rather than an empty string or a crash: visible, never blank.
 */
export function t(key: string, subs?: Sub | Sub[]): string {
  const list = subs === undefined ? undefined : (Array.isArray(subs) ? subs : [subs]).map(String);
  try {
    const text = (browser.i18n.getMessage as unknown as GetMessage)(key, list);
    return text || key;
  } catch {
    return key;
  }
}
