/**
 * Message keys for the service's and the background's vocabularies. Typed as Record<Union, …>
 * so adding a SkipReason or Action without a label fails to compile; the locale convention test
 * imports these maps and checks every key exists in every locale.
 */
import type { ScanReason } from '@/src/shared/messaging/protocol';
import type { Action, Band, BudgetSkipReason, KnownCategory, SkipReason } from '@/src/shared/verdict';

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

/** Every key these maps name (for the convention test). */
export const ALL_LABEL_KEYS = [SKIP_KEYS, ACTION_KEYS, BAND_KEYS, CATEGORY_KEYS, REASON_KEYS].flatMap((m) => Object.values(m));
