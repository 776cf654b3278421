/**
 * The one URL normalizer: what is sent to the service AND the verdict cache key, so one page is
 * one entry (docs/decisions/012-least-url.md: minimize what is sent). Pure; never throws.
 *
 * The WHATWG URL parser (the browser's own) already lowercases the host, maps IDN to punycode,
 * canonicalizes IPv4/IPv6 literals, drops default ports, resolves dot segments and gives an empty
 * path as '/'. On top of it we drop userinfo and the fragment (never needed to judge a page, and
 * userinfo may hold a password), drop the query when asked (with the query of a destination a
 * wrapper carries in its path), and strip trailing dots of the host
 * (`example.com.` is the same site). Examples: normalize.examples.ts.
 */

import { stripCarriedQuery } from './unwrap/carried';

export type NormalizeResult =
  | { ok: true; url: string; host: string /* ascii, lowercased; IPv6 keeps its [brackets] */ }
  | { ok: false; reason: 'scheme' | 'invalid-url' };

export interface NormalizeOptions {
  stripQuery: boolean;
}

/** Only these are the web; chrome:, about:, file:, data:, javascript:, blob:, ws:, ftp:... are not. */
const WEB_SCHEMES = new Set(['http:', 'https:']);

export function normalizeUrl(raw: string, opts: NormalizeOptions): NormalizeResult {
  if (typeof raw !== 'string') return { ok: false, reason: 'invalid-url' };
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, reason: looksLikeOtherScheme(raw) ? 'scheme' : 'invalid-url' };
  }
  if (!WEB_SCHEMES.has(u.protocol)) return { ok: false, reason: 'scheme' };
  try {
    u.username = '';
    u.password = '';
    u.hash = '';
    // A wrapper that writes its destination in the path (Cisco, Amazon SES) would keep the
    // destination's query there: stripping strips it too (unwrap/carried.ts).
    if (opts.stripQuery) stripCarriedQuery(u);
    // An empty query ('?' alone) is the same page as none: one cache key.
    if (opts.stripQuery || u.search === '') u.search = '';
    const trimmed = u.hostname.replace(/\.+$/, '');
    if (trimmed !== u.hostname) {
      if (trimmed === '') return { ok: false, reason: 'invalid-url' };
      u.hostname = trimmed;
    }
    if (u.hostname === '' || u.hostname.endsWith('.')) return { ok: false, reason: 'invalid-url' };
    return { ok: true, url: u.href, host: u.hostname };
  } catch {
    return { ok: false, reason: 'invalid-url' };
  }
}

/**
 * A string URL() refused, but that starts with a non-web scheme (`javascript:`, `chrome:`...)
 * is a scheme skip, not an invalid URL: the popup then says "not a web page".
 */
function looksLikeOtherScheme(raw: string): boolean {
  const m = /^\s*([a-z][a-z0-9+.-]*):/i.exec(raw);
  return m !== null && !WEB_SCHEMES.has(`${(m[1] as string).toLowerCase()}:`);
}
