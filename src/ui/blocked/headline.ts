/**
 * The blocked page's headline: the worst known category wins, then why the background blocked
 * without a category (the person's blocklist, strict mode), else a generic one.
 *
 *   ({categories:['scam','phishing']})            → 'headline_phishing'
 *   ({categories:['malware']})                    → 'headline_malware'
 *   ({categories:[], reason:'blocklist'})         → 'headline_blocklist'
 *   ({categories:[], reason:'strict:timeout'})    → 'headline_strict'
 *   ({categories:[], reason:'strict:pending'})    → 'headline_checking'   (strict mode, still checking)
 *   ({categories:[], reason:'strict:released'})   → 'headline_released'   (no threat; the tab moves on)
 *   ({categories:['weird'], reason:'band:high'})  → 'headline_dangerous'
 */
const BY_CATEGORY: [string, string][] = [
  ['phishing', 'headline_phishing'],
  ['malware', 'headline_malware'],
  ['scam', 'headline_scam'],
  ['adult_content', 'headline_adult'],
  ['suspicious', 'headline_suspicious'],
];

export function headlineKey(details: { categories: string[]; reason?: string }): string {
  for (const [category, key] of BY_CATEGORY) if (details.categories.includes(category)) return key;
  const reason = details.reason ?? '';
  if (reason.startsWith('blocklist')) return 'headline_blocklist';
  if (reason === 'strict:pending') return 'headline_checking';
  if (reason === 'strict:released') return 'headline_released';
  if (reason.startsWith('strict')) return 'headline_strict';
  return 'headline_dangerous';
}

/** Every key headlineKey can return (for the locale convention test). */
export const HEADLINE_KEYS = [...BY_CATEGORY.map(([, k]) => k), 'headline_blocklist', 'headline_checking', 'headline_released', 'headline_strict', 'headline_dangerous'];

/** The URL's host differs from its Unicode form (an IDN): show both. */
export function unicodeBeside(url: string, unicodeHost: string | null): string | null {
  if (!unicodeHost) return null;
  try {
    return new URL(url).hostname === unicodeHost ? null : unicodeHost;
  } catch {
    return unicodeHost;
  }
}
