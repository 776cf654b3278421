/**
 * Every string the content script shows, English fallbacks keyed by the `_locales` message name
 * (`cs_<key>`). `t()` asks `i18n.getMessage` first; a missing message (or a test's fake browser)
 * falls back to English. Placeholders are `$1`, `$2`, as in messages.json.
 */
import { browserPlatform } from './platform';

export const CONTENT_STRINGS = {
  band_safe: 'Safe link',
  band_suspicious: 'Suspicious link',
  band_high: 'High-risk link',
  band_malicious: 'Malicious link',
  band_unknown: 'Flagged link',
  action_warn: 'Linklens advises caution with this link.',
  action_block: 'Linklens will ask before opening this link.',
  score: 'Risk score: $1 / 100',
  categories: 'Categories: $1',
  indicators: 'Indicators',
  indicators_more: '… and $1 more',
  marker_label: 'Linklens: $1',
  marker_no_score: 'no score',
  marker_score: 'risk score $1 of 100',
  announce: 'Linklens: $1. $2',
  cat_safe: 'Safe',
  cat_phishing: 'Phishing',
  cat_malware: 'Malware',
  cat_scam: 'Scam',
  cat_suspicious: 'Suspicious',
  cat_adult_content: 'Adult content',
  confirm_title: 'Open this link?',
  confirm_intro: 'Linklens flagged the link you chose:',
  confirm_back: 'Go back',
  confirm_open: 'Open anyway',
  confirm_locked: 'Your organization does not allow opening this link.',
  confirm_failed: 'Could not open the link: $1',
  leads_link: 'Leads to $1',
  leads_destination: 'Leads to $1, the flagged address',
  leads_hop: 'Leads to $1 through a flagged redirect',
  text_lies: 'The link text shows $1, but the link leads to $2',
} as const;

export type StringKey = keyof typeof CONTENT_STRINGS;

export function t(key: StringKey, ...subs: (string | number)[]): string {
  const args = subs.map(String);
  // '' when there is no such message, no i18n (tests) or the context is gone: English below.
  const localized = browserPlatform.message(`cs_${key}`, args);
  if (localized) return localized;
  return CONTENT_STRINGS[key].replace(/\$(\d)/g, (_m, d: string) => args[Number(d) - 1] ?? '');
}
