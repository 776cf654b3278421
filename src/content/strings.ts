/**
 * Every string the content script shows, in English, keyed by the `_locales` message name
 * (`cs_<key>`). `t()` asks `i18n.getMessage`, which always has them in the built extension (the
 * browser falls back to `_locales/en` itself, and test/unit/ui/locales.test.ts fails on a
 * missing key). Placeholders are `$1`, `$2`, as in messages.json.
 *
 * The English copy below is for unit tests (a fake browser has no `_locales`): only builds that
 * define `__LINKLENS_CONTENT_ENGLISH__` as true (vitest.config.ts) use it. The extension's build
 * leaves it out (wxt.config.ts): it duplicated `_locales/en` in every page's content script, 2.6 kB
 * of its 30 kB (docs/decisions/017-surfaces.md added the "why", progress and report strings). Without it, an
 * unanswered `getMessage` (the extension was just reloaded: the app is stopping, lifetime.ts)
 * gives ''.
 */
import { browserPlatform } from './platform';

const ENGLISH_FALLBACK = typeof __LINKLENS_CONTENT_ENGLISH__ !== 'undefined' && __LINKLENS_CONTENT_ENGLISH__ === true;

export const CONTENT_STRINGS = {
  band_safe: 'Safe link',
  band_suspicious: 'Suspicious link',
  band_high: 'High-risk link',
  band_malicious: 'Malicious link',
  band_unknown: 'Flagged link',
  action_warn: 'Linklens advises caution with this link.',
  action_warn_keys:
    "Linklens advises caution with this link. To see why, or to report a mistake: the link's context menu, “Check this link with Linklens”.",
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
  why: 'Why this decision: $1',
  why_org_blocklist: 'On your organization’s blocklist',
  why_user_blocklist: 'On your blocklist',
  why_score_block: 'Risk score $1 ≥ your block threshold $2',
  why_score_warn: 'Risk score $1 ≥ your warning threshold $2',
  why_low_confidence: 'Risk score $1 ≥ your block threshold $2, but confidence $3% is below $4%: warned, not blocked',
  progress_submitting: 'Checking this link: sending it to the scanning service…',
  progress_queued: 'Checking this link: waiting in the scanning service’s queue…',
  progress_processing: 'Checking this link: the scanning service is analysing it…',
  report: 'Report a mistake',
  details: 'Details',
  ind_keyword: 'Suspicious word in the address',
  ind_lookalike: 'Looks like another site’s address',
  ind_brand: 'Imitates a brand',
  ind_new_domain: 'Recently registered domain',
  ind_tld: 'Unusual domain ending',
  ind_ip_host: 'The address is a bare IP number',
  ind_redirect: 'Sends you on to another address',
  ind_shortener: 'Hidden behind a link shortener',
  ind_login_form: 'Asks for a password',
  ind_listed: 'Listed as dangerous',
  ind_certificate: 'Certificate problem',
  ind_download: 'Offers a harmful download',
  ind_with_value: '$1: “$2”',
  ind_with_severity: '$1 ($2)',
  ind_severity_low: 'low concern',
  ind_severity_medium: 'medium concern',
  ind_severity_high: 'high concern',
  technical: 'Technical details',
  report_failed: 'The report page could not be opened. Try again later.',
  hold_checking: 'Linklens is checking this site… What you type here appears once it is done.',
  hold_form: 'Linklens is checking this site… The form is sent once it is done.',
} as const;

export type StringKey = keyof typeof CONTENT_STRINGS;

export function t(key: StringKey, ...subs: (string | number)[]): string {
  const args = subs.map(String);
  // '' when there is no such message, no i18n (tests) or the context is gone: English below.
  const localized = browserPlatform.message(`cs_${key}`, args);
  if (localized || !ENGLISH_FALLBACK) return localized;
  return CONTENT_STRINGS[key].replace(/\$(\d)/g, (_m, d: string) => args[Number(d) - 1] ?? '');
}
