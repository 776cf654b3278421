/**
 * Message keys (public/_locales) for the vocabularies every surface shows: skip reasons, actions,
 * bands, categories, why a URL was sent, error codes. Shared so the background (badge titles,
 * notifications) and the pages word them the same. Typed as Record<Union, …> so adding a
 * SkipReason or Action without a label fails to compile; the locale convention test checks every
 * key exists in every locale.
 */
import type { ScanReason } from './messaging/protocol';
import type { Action, Band, BudgetSkipReason, KnownCategory, SkipReason } from './verdict';

export const SKIP_KEYS: Record<SkipReason | BudgetSkipReason, string> = {
  scheme: 'skip_scheme',
  'private-host': 'skip_private_host',
  loopback: 'skip_loopback',
  'link-local': 'skip_link_local',
  intranet: 'skip_intranet',
  'invalid-url': 'skip_invalid_url',
  allowlisted: 'skip_allowlisted',
  paused: 'skip_paused',
  'not-configured': 'skip_not_configured',
  incognito: 'skip_incognito',
  disabled: 'skip_disabled',
  exception: 'skip_exception',
  'budget-tab': 'skip_budget_tab',
  'budget-site': 'skip_budget_site',
  'budget-site-day': 'skip_budget_site_day',
  'budget-tab-day': 'skip_budget_tab_day',
  'budget-day': 'skip_budget_day',
};

export const ACTION_KEYS: Record<Action, string> = {
  allow: 'action_allow',
  annotate: 'action_annotate',
  warn: 'action_warn',
  block: 'action_block',
};

export const BAND_KEYS: Record<Band, string> = {
  safe: 'band_safe',
  suspicious: 'band_suspicious',
  high: 'band_high',
  malicious: 'band_malicious',
};

export const CATEGORY_KEYS: Record<KnownCategory, string> = {
  safe: 'category_safe',
  phishing: 'category_phishing',
  malware: 'category_malware',
  scam: 'category_scam',
  suspicious: 'category_suspicious',
  adult_content: 'category_adult_content',
};

/** Why a URL was sent to the service (the ledger's "Why" column). */
export const REASON_KEYS: Record<ScanReason, string> = {
  navigation: 'reason_navigation',
  hover: 'reason_hover',
  menu: 'reason_menu',
  'page-links': 'reason_page_links',
  popup: 'reason_popup',
};

/** Error codes (api errors, router and handler codes) → a sentence of ours; others read as errGeneric. */
export const ERROR_KEYS: Record<string, string> = {
  unauthorized: 'errUnauthorized',
  key_rejected: 'errUnauthorized',
  forbidden: 'errForbidden',
  missing_scope: 'errForbidden',
  network: 'errNetwork',
  unreachable: 'errNetwork',
  timeout: 'errNetwork',
  payment_required: 'errCredits',
  insufficient_credits: 'errCredits',
  daily_budget: 'errDailyBudget',
  rate_limited: 'errRateLimited',
  not_configured: 'errNotConfigured',
  no_reply: 'errNoReply',
  not_found: 'errNotFound',
  server: 'errServer',
  bad_response: 'errBadResponse',
  config: 'errConfig',
  invalid_request: 'errInvalidRequest',
  invalid_token: 'errExpired',
  not_allowed: 'errNotAllowed',
  locked: 'errLocked',
};

/** The key for an error code: its own sentence, else the generic one. */
export const errorKey = (code: string): string => ERROR_KEYS[code] ?? 'errGeneric';
