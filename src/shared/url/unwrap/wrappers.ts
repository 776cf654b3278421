/**
 * The table of known link wrappers: click trackers and mail/chat rewriters whose destination is
 * written in the link itself. A rule matches by host and path only (a Set lookup or a suffix test
 * and one anchored regex: cheap on a 5,000-link page), then reads the destination. Adding a
 * wrapper is one row here plus rows in unwrap.examples.ts.
 *
 * Host rules are strict on purpose. Matching a host we do not own costs nothing in safety (the
 * wrapper itself stays a hop and is judged too) but would show a wrong "leads to"; missing one
 * only leaves the generic redirect-parameter rule (redirect-params.ts) to find the destination.
 */
import { decodeUrlValue, queryPairs } from './decode';
import { parseWeb } from '../parse-web';
import { readProofpointV1, readProofpointV2, readProofpointV3 } from './proofpoint';
import { ciscoSpan, readAmazonSes, readCisco, readSophos, sesSpan } from './gateways';
import type { Read, WrapperRule } from './types';

const exactly = (...hosts: string[]) => {
  const set = new Set(hosts);
  return (h: string) => set.has(h);
};

/** Any subdomain of `suffix` (not `suffix` itself). */
const under = (suffix: string) => (h: string) => h.endsWith(`.${suffix}`);

/** `suffix` itself or any subdomain of it. */
const within = (suffix: string) => (h: string) => h === suffix || h.endsWith(`.${suffix}`);

const either =
  (...tests: Array<(h: string) => boolean>) =>
  (h: string) =>
    tests.some((t) => t(h));

/** google.com, www.google.de, google.co.uk, www.google.com.au — Google's own country domains only. */
const GOOGLE = /^(?:www\.)?google\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/;

/**
 * Read the first of `names` (in this order) whose value is an absolute http(s) URL. Google's old
 * result links carry both `q=<search terms>` and `url=<destination>`, so a name whose value is
 * not a URL does not stop the search; only when none is one is the wrapper unreadable.
 */
const param =
  (...names: string[]) =>
  (u: URL): Read => {
    const pairs = queryPairs(u.search);
    let present = false;
    for (const name of names) {
      for (const [n, raw] of pairs) {
        if (n !== name || raw === '') continue;
        present = true;
        const url = parseWeb(decodeUrlValue(raw));
        if (url) return { ok: true, url };
      }
    }
    return { ok: false, reason: present ? 'not-a-web-url' : 'missing' };
  };

const PROOFPOINT = exactly('urldefense.proofpoint.com', 'urldefense.com', 'urldefense.us');
const ROOT = /^\/?$/;

/**
 * Sources of the host and path rules below, where not the vendors' own documentation: ninoseki/kachi
 * src/kachi/rules/*.yml (Barracuda, Sophos, Amazon SES, FireEye, Libraesva, Azure, WhatsApp, Trend
 * Micro), binref/refinery refinery/units/pattern/urlguards.py (Trend Micro's paths), demisto/content
 * FormatURLApiModule (Safe Links of GCC High), obsidianforensics/unfurl tests (Facebook lsr.php).
 */
export const WRAPPERS: readonly WrapperRule[] = [
  // Gmail, Google Docs, Google Search result links: /url?q=… or /url?url=…
  { kind: 'google', host: (h) => GOOGLE.test(h), path: /^\/url\/?$/, read: param('q', 'url') },
  // Facebook's link shim (l.php; lsr.php of older shares); lm. is the mobile one; l.messenger.com for Messenger.
  {
    kind: 'facebook',
    host: exactly(
      'l.facebook.com',
      'lm.facebook.com',
      'facebook.com',
      'www.facebook.com',
      'm.facebook.com',
      'l.messenger.com',
    ),
    path: /^\/(?:l|lsr)\.php$/,
    read: param('u'),
  },
  { kind: 'instagram', host: exactly('l.instagram.com'), path: ROOT, read: param('u') },
  // Microsoft Defender for Office 365 Safe Links: nam12.safelinks.protection.outlook.com/?url=…
  // (some paths carry more, like /ap/…; the destination is always `url`); GCC High tenants use
  // office365.us. Teams' Safe Links is a page on Microsoft's CDN (…/atp-safelinks.html?url=…).
  {
    kind: 'safelinks',
    host: either(within('safelinks.protection.outlook.com'), within('safelinks.protection.office365.us')),
    read: param('url'),
  },
  {
    kind: 'safelinks',
    host: exactly('statics.teams.cdn.office.net'),
    path: /\/atp-safelinks(?:\.html$|\/|$)/,
    read: param('url'),
  },
  { kind: 'proofpoint-v1', host: PROOFPOINT, path: /^\/v1\/url\/?$/, read: readProofpointV1 },
  { kind: 'proofpoint-v2', host: PROOFPOINT, path: /^\/v2\/url\/?$/, read: readProofpointV2 },
  { kind: 'proofpoint-v3', host: PROOFPOINT, path: /^\/v3\/__/, read: readProofpointV3 },
  // Barracuda Link Protection: linkprotect.cudasvc.com/url?a=… (regional subdomains too).
  { kind: 'barracuda', host: within('linkprotect.cudasvc.com'), read: param('a') },
  { kind: 'sophos', host: within('protection.sophos.com'), read: readSophos },
  { kind: 'amazon-ses', host: within('awstrack.me'), read: readAmazonSes, carried: sesSpan },
  { kind: 'cisco', host: exactly('secure-web.cisco.com'), read: readCisco, carried: ciscoSpan },
  // Trend Micro's time-of-click protection on its regional hosts (imsva91-ctp., *.ctp., *-urlprotect.).
  {
    kind: 'trendmicro',
    host: within('trendmicro.com'),
    path: /^\/wis\/clicktime\/(?:v1\/query|v2\/clickthrough)\/?$/,
    read: param('url'),
  },
  // FireEye (Trellix) protect2.fireeye.com/v1/url?k=…&u=…: a host that is only the wrapper.
  { kind: 'fireeye', host: exactly('protect2.fireeye.com'), read: param('u') },
  { kind: 'libraesva', host: exactly('urlsand.esvalabs.com'), read: param('u') },
  // Azure's notification mail (and its per-tenant safelink.emails.azure.net hosts).
  {
    kind: 'azure-email',
    host: either(exactly('emails.azure.microsoft.com'), under('safelink.emails.azure.net')),
    path: /^\/redirect\/?$/,
    read: param('destination'),
  },
  // WhatsApp's link shim l.wl.co/l?u=…: a host that is only the wrapper.
  { kind: 'whatsapp', host: exactly('l.wl.co'), read: param('u') },
  { kind: 'slack', host: exactly('slack-redir.net'), path: /^\/link\/?$/, read: param('url') },
  // LinkedIn's old redirect and its "you are leaving LinkedIn" page.
  {
    kind: 'linkedin',
    host: exactly('linkedin.com', 'www.linkedin.com'),
    path: /^\/(?:redir\/redirect|safety\/go)\/?$/,
    read: param('url'),
  },
  {
    kind: 'youtube',
    host: exactly('youtube.com', 'www.youtube.com', 'm.youtube.com'),
    path: /^\/redirect\/?$/,
    read: param('q'),
  },
  // Steam's "you are leaving Steam" page; old links used `u`.
  { kind: 'steam', host: exactly('steamcommunity.com'), path: /^\/linkfilter\/?$/, read: param('url', 'u') },
  // out.reddit.com/t3_<post>?url=…&token=…: any path.
  { kind: 'reddit', host: exactly('out.reddit.com'), read: param('url') },
];

/** The known wrapper that owns this URL (by host and path), if any. */
export function wrapperRuleFor(u: URL): WrapperRule | null {
  const host = u.hostname.replace(/\.+$/, '');
  for (const rule of WRAPPERS) {
    if (rule.host(host) && (rule.path === undefined || rule.path.test(u.pathname))) return rule;
  }
  return null;
}
