/**
 * Readers for the mail gateways that do not write their destination in a plain query parameter
 * (the others are one `param(...)` row of wrappers.ts). Each reads the link the way the vendor's
 * own redirect and the published decoders do:
 *
 * - Sophos Email `https://<region>.protection.sophos.com/?d=<domain>&u=<base64 of the URL>&i=…&t=…&h=…&s=…`:
 *   `u` is standard base64 of the whole URL (ninoseki/kachi rules/sophos.yml: `u`, base64
 *   decode). `d` is only the destination's domain: without `u` there is no destination to read.
 * - Amazon SES click tracking `https://<id>.r.<region>.awstrack.me/L0/<percent-encoded URL>/1/<message id>/<signature>`:
 *   the path segment after `/L0/`, percent-decoded once (kachi rules/ses_awstrack.yml).
 * - Cisco Secure Email (IronPort) `https://secure-web.cisco.com/<token>/<URL>`: everything after
 *   the token is the URL, percent-encoded as a whole or only up to its query (Cisco's appliance
 *   tests configure the rewrite as `secure-web.cisco.com/%(auth)s/%(url)s`; links seen in the
 *   wild keep a raw `?query` after an encoded path), so the rest of the path is decoded once and
 *   the query and fragment follow as they are.
 *
 * Cisco and SES carry the destination in their PATH, so each also says where (`carried`): with
 * query stripping on, the destination's query is stripped from the wrapper's own URL too.
 */
import { base64ToText, percentDecode, queryPairs } from './decode';
import { parseWeb } from '../parse-web';
import type { PathSpan, Read, UnreadableReason } from './types';

const fail = (reason: UnreadableReason): Read => ({ ok: false, reason });

function web(s: string): Read {
  const u = parseWeb(s);
  return u ? { ok: true, url: u } : fail('not-a-web-url');
}

export function readSophos(u: URL): Read {
  for (const [name, raw] of queryPairs(u.search)) {
    if (name !== 'u' || raw === '') continue;
    // Not a form decode: `+` is a base64 character here.
    const text = base64ToText(percentDecode(raw, false));
    return text === null ? fail('bad-encoding') : web(text);
  }
  return fail('missing');
}

/** `/L0/<destination>/…`: the destination is one path segment (its own `/` are `%2F`). */
const SES_PREFIX = '/L0/';

export function sesSpan(u: URL): PathSpan | null {
  if (!u.pathname.startsWith(SES_PREFIX)) return null;
  const slash = u.pathname.indexOf('/', SES_PREFIX.length);
  const end = slash < 0 ? u.pathname.length : slash;
  return end > SES_PREFIX.length ? { start: SES_PREFIX.length, end } : null;
}

export function readAmazonSes(u: URL): Read {
  const span = sesSpan(u);
  return span === null ? fail('missing') : web(percentDecode(u.pathname.slice(span.start, span.end), false));
}

/** The token is URL-safe base64-like text (it starts with a version digit in every sample). */
const CISCO_TOKEN = /^\/[A-Za-z0-9_-]+\//;

export function ciscoSpan(u: URL): PathSpan | null {
  const m = CISCO_TOKEN.exec(u.pathname);
  return m !== null && m[0].length < u.pathname.length ? { start: m[0].length, end: u.pathname.length } : null;
}

export function readCisco(u: URL): Read {
  const span = ciscoSpan(u);
  if (span === null) return fail('missing');
  const text = percentDecode(u.pathname.slice(span.start), false);
  // Only an absolute URL written out (`http://`, `https://`): a relative rest is Cisco's own page.
  if (!/^https?:\/\//i.test(text)) return fail('not-a-web-url');
  return web(text + u.search + u.hash);
}
