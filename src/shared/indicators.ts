/**
 * A service indicator in words. The spec does not show an indicator's shape; the background keeps
 * each one as a line of text (api/shape.ts `renderIndicator`): a record (an object) as its JSON
 * text, anything else as it came. Here a record's type becomes a sentence ("Suspicious word in the
 * address: “malware”"), an unknown type is shown plainly as the service wrote it, and the raw line
 * stays available for "Technical details". Everything is text: the surfaces set it as text nodes.
 *
 * Used by the tooltip (content script) and the extension's pages: the labels are the content
 * script's `cs_ind_*` messages (src/content/strings.ts), one set for every surface.
 */
/** Message keys (without the content script's `cs_` prefix) of the indicator labels. */
export const INDICATOR_LABEL_KEYS = [
  'ind_keyword',
  'ind_lookalike',
  'ind_brand',
  'ind_new_domain',
  'ind_tld',
  'ind_ip_host',
  'ind_redirect',
  'ind_shortener',
  'ind_login_form',
  'ind_listed',
  'ind_certificate',
  'ind_download',
] as const;
export type IndicatorLabelKey = (typeof INDICATOR_LABEL_KEYS)[number];
export type IndicatorKey =
  | IndicatorLabelKey
  | 'ind_severity_low'
  | 'ind_severity_medium'
  | 'ind_severity_high'
  | 'ind_with_value'
  | 'ind_with_severity';

/** Types as services name them (lower case, `-` and spaces read as `_`) → the label. */
const TYPE_LABELS: Record<string, IndicatorLabelKey> = {
  keyword: 'ind_keyword',
  suspicious_keyword: 'ind_keyword',
  lookalike: 'ind_lookalike',
  lookalike_domain: 'ind_lookalike',
  typosquat: 'ind_lookalike',
  typosquatting: 'ind_lookalike',
  homoglyph: 'ind_lookalike',
  brand: 'ind_brand',
  brand_impersonation: 'ind_brand',
  impersonation: 'ind_brand',
  new_domain: 'ind_new_domain',
  domain_age: 'ind_new_domain',
  young_domain: 'ind_new_domain',
  newly_registered: 'ind_new_domain',
  tld: 'ind_tld',
  suspicious_tld: 'ind_tld',
  ip: 'ind_ip_host',
  ip_address: 'ind_ip_host',
  ip_host: 'ind_ip_host',
  redirect: 'ind_redirect',
  redirect_chain: 'ind_redirect',
  open_redirect: 'ind_redirect',
  shortener: 'ind_shortener',
  url_shortener: 'ind_shortener',
  login_form: 'ind_login_form',
  credential_form: 'ind_login_form',
  password_form: 'ind_login_form',
  blocklist: 'ind_listed',
  blacklist: 'ind_listed',
  threat_feed: 'ind_listed',
  certificate: 'ind_certificate',
  ssl: 'ind_certificate',
  tls: 'ind_certificate',
  download: 'ind_download',
  malware_download: 'ind_download',
};

const SEVERITIES = { low: 'ind_severity_low', medium: 'ind_severity_medium', high: 'ind_severity_high' } as const;
const MAX_VALUE = 120;

export type Translate = (key: IndicatorKey, subs: string[]) => string;

export interface IndicatorWords {
  /** The indicator as a person reads it. */
  text: string;
  /** The line the background kept (a record's JSON text), for "Technical details". */
  raw: string;
}

type Json = Record<string, unknown>;

function recordOf(line: string): Json | null {
  if (!line.startsWith('{')) return null;
  try {
    const v: unknown = JSON.parse(line);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

function textField(o: Json, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
}

const cut = (s: string) => (s.length <= MAX_VALUE ? s : `${s.slice(0, MAX_VALUE - 1)}…`);

/** One indicator line in words (examples: indicators.examples.ts). */
export function indicatorWords(line: string, tr: Translate): IndicatorWords {
  const rec = recordOf(line);
  if (!rec) return { text: line, raw: line };
  const type = textField(rec, ['type', 'kind', 'name', 'id']);
  const value = textField(rec, ['value', 'detail', 'details', 'match', 'domain', 'description', 'text']);
  const severity = textField(rec, ['severity', 'level'])?.toLowerCase();
  const key = type ? TYPE_LABELS[type.toLowerCase().replace(/[\s-]+/g, '_')] : undefined;
  let text: string;
  if (key) text = value === null ? tr(key, []) : tr('ind_with_value', [tr(key, []), cut(value)]);
  else if (type || value)
    text = [type, value]
      .filter((s): s is string => s !== null)
      .map(cut)
      .join(': ');
  else text = line;
  const sev = severity && severity in SEVERITIES ? SEVERITIES[severity as keyof typeof SEVERITIES] : null;
  if (sev) text = tr('ind_with_severity', [text, tr(sev, [])]);
  return { text, raw: line };
}
