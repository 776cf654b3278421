import { browser } from 'wxt/browser';

/** Words for a message key (badge titles, notifications): the locale's text, else the key itself. */
export type Say = (key: string, subs?: string[]) => string;

/**
 * The locale's text for `key`, like the pages' t(): every locale has every key (the convention
 * test), so the key itself shows only where i18n is missing (unit tests): visible, never blank.
 */
export const say: Say = (key, subs) => {
  try {
    return (browser.i18n.getMessage as unknown as Say)(key, subs) || key;
  } catch {
    return key;
  }
};

/**
 * Plural messages (`<key>_one`, `<key>_other`, … as the pages' tn() in src/ui/plural.ts), the form
 * chosen by Intl.PluralRules for the language the messages are written in (their `locale` key).
 */
export function tn(key: string, count: number, subs: string[] = [String(count)]): string {
  let form: string = 'other';
  try {
    form = new Intl.PluralRules(say('locale').replace(/_/g, '-')).select(count);
  } catch {
    // not a language tag (no i18n): the general form
  }
  const get = (k: string) => {
    const text = say(k, subs);
    return text === k ? '' : text;
  };
  return get(`${key}_${form}`) || get(`${key}_other`) || `${key}_other`;
}

/** runtime.getURL for files WXT's typed PublicPath does not know yet (generated assets). */
export const assetUrl = (path: string) => (browser.runtime.getURL as unknown as (p: string) => string)(path);
