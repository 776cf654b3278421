/**
 * The blocked page's headline: the worst known category wins, then why the background blocked
 * without a category (the person's blocklist, strict mode), else a generic one.
 *
 *   ({categories:['scam','phishing']})            → 'headline_phishing'
 *   ({categories:['malware']})                    → 'headline_malware'
 *   ({categories:[], reason:'blocklist'})         → 'headline_blocklist'
 *   ({categories:[], reason:'blocklist', rule:{rule:'orgBlockList'}}) → 'headline_org_blocklist'
 *   ({categories:[], reason:'strict:timeout'})    → 'headline_strict'
 *   ({categories:[], reason:'strict:pending'})    → 'headline_checking'   (strict mode, still checking)
 *   ({categories:[], reason:'strict:starting'})   → 'headline_starting'   (held until the policy is read)
 *   ({categories:[], reason:'strict:released'})   → 'headline_released'   (no threat; the tab moves on)
 *   ({categories:['weird'], reason:'band:high'})  → 'headline_dangerous'
 *   ({categories:[], reason:'lookalike', rule:{rule:'lookalike'}}) → 'headline_lookalike'
 */
const BY_CATEGORY: [string, string][] = [
  ['phishing', 'headline_phishing'],
  ['malware', 'headline_malware'],
  ['scam', 'headline_scam'],
  ['adult_content', 'headline_adult'],
  ['suspicious', 'headline_suspicious'],
];

export function headlineKey(details: {
  categories: string[];
  reason?: string;
  rule?: { rule: string } | null;
}): string {
  // Decided from the host's name alone: no verdict, no category.
  if (details.rule?.rule === 'lookalike') return 'headline_lookalike';
  for (const [category, key] of BY_CATEGORY) if (details.categories.includes(category)) return key;
  const reason = details.reason ?? '';
  if (reason.startsWith('blocklist'))
    return details.rule?.rule === 'orgBlockList' ? 'headline_org_blocklist' : 'headline_blocklist';
  if (reason === 'strict:pending') return 'headline_checking';
  if (reason === 'strict:starting') return 'headline_starting';
  if (reason === 'strict:released') return 'headline_released';
  if (reason.startsWith('strict')) return 'headline_strict';
  return 'headline_dangerous';
}

/**
 * Why strict mode blocked without a verdict, in words (docs/decisions/004-fail-closed.md): one sentence per
 * reason of src/shared/policy/strict.ts. `fix` says where the person can act on it.
 *
 *   'strict:credits'      → { key: 'strictWhy_credits', fix: 'credits' }
 *   'strict:key-rejected' → { key: 'strictWhy_key_rejected', fix: 'options' }
 *   'band:malicious'      → null   (a verdict explains itself)
 */
const STRICT_WHY: Record<string, { key: string; fix: 'options' | 'credits' | null }> = {
  'strict:timeout': { key: 'strictWhy_timeout', fix: null },
  'strict:unreachable': { key: 'strictWhy_unreachable', fix: null },
  'strict:key-rejected': { key: 'strictWhy_key_rejected', fix: 'options' },
  'strict:credits': { key: 'strictWhy_credits', fix: 'credits' },
  'strict:malformed': { key: 'strictWhy_malformed', fix: null },
  'strict:not-configured': { key: 'strictWhy_not_configured', fix: 'options' },
  'strict:scan-failed': { key: 'strictWhy_scan_failed', fix: null },
  'strict:refused': { key: 'strictWhy_refused', fix: null },
  'strict:daily-budget': { key: 'strictWhy_daily_budget', fix: null },
  'strict:damaged': { key: 'strictWhy_damaged', fix: null },
  'strict:budget': { key: 'strictWhy_budget', fix: null },
  'strict:starting': { key: 'strictWhy_starting', fix: null },
};

export function strictWhy(reason: string | undefined): { key: string; fix: 'options' | 'credits' | null } | null {
  return (reason && STRICT_WHY[reason]) || null;
}

/** Every key strictWhy can return (for the locale convention test). */
export const STRICT_WHY_KEYS = Object.values(STRICT_WHY).map((w) => w.key);

/** Every key headlineKey can return (for the locale convention test). */
export const HEADLINE_KEYS = [
  ...BY_CATEGORY.map(([, k]) => k),
  'headline_blocklist',
  'headline_org_blocklist',
  'headline_checking',
  'headline_starting',
  'headline_released',
  'headline_strict',
  'headline_dangerous',
  'headline_lookalike',
];

/** The URL's host differs from its Unicode form (an IDN): show both. */
export function unicodeBeside(url: string, unicodeHost: string | null): string | null {
  if (!unicodeHost) return null;
  try {
    return new URL(url).hostname === unicodeHost ? null : unicodeHost;
  } catch {
    return unicodeHost;
  }
}
