import { browser } from 'wxt/browser';

/** Localized string with an English fallback (the key may be missing in an older locale). */
export function msg(key: string, fallback: string, subs?: string[]): string {
  const get = browser.i18n.getMessage as unknown as (k: string, s?: string[]) => string;
  try {
    return get(key, subs) || fallback;
  } catch {
    return fallback;
  }
}

/** runtime.getURL for files WXT's typed PublicPath does not know yet (generated assets). */
export const assetUrl = (path: string) => (browser.runtime.getURL as unknown as (p: string) => string)(path);
