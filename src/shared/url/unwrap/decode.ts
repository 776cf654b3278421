/**
 * Decoding steps the wrapper readers share. Pure, never throw, and linear in their input (no
 * regex that can backtrack, no repeated scans): a hostile page may hand us a 100 kB URL on
 * every one of thousands of links. Web platform globals only (URL, atob, TextDecoder), so this
 * runs the same in the service worker, the content script and Node.
 */

/** The query as (decoded name, raw value) pairs, in URL order. `?a&b=1` → [['a',''],['b','1']]. */
export function queryPairs(search: string): Array<readonly [name: string, raw: string]> {
  const q = search.startsWith('?') ? search.slice(1) : search;
  if (q === '') return [];
  const out: Array<readonly [string, string]> = [];
  for (const part of q.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    out.push([percentDecode(name, true), eq < 0 ? '' : part.slice(eq + 1)]);
  }
  return out;
}

const PERCENT_RUN = /(?:%[0-9a-fA-F]{2})+/g;

/**
 * One level of percent-decoding, lenient the way servers are: a run of escapes that is not valid
 * UTF-8 keeps its non-ASCII bytes escaped (byte-exact: the URL parser leaves `%E9` as it is) and
 * a stray `%` stays a `%`. Being lenient matters for safety, not comfort: a wrapper's server
 * that redirects to `https://evil.example/%E9` must not make us give up on reading `evil.example`.
 * `plusIsSpace`: query values are form-encoded (`+` is a space), as the wrapper's server reads them.
 */
export function percentDecode(s: string, plusIsSpace: boolean): string {
  const t = plusIsSpace && s.includes('+') ? s.replace(/\+/g, ' ') : s;
  if (!t.includes('%')) return t;
  return t.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return asciiOnly(run);
    }
  });
}

function asciiOnly(run: string): string {
  let out = '';
  for (let i = 0; i < run.length; i += 3) {
    const byte = parseInt(run.slice(i + 1, i + 3), 16);
    out += byte < 0x80 ? String.fromCharCode(byte) : run.slice(i, i + 3);
  }
  return out;
}

/**
 * A query value holding a destination URL, decoded. Some trackers encode the destination twice
 * (`https%253A%252F%252F…` in the link, `https%3A%2F%2F…` after one decode): one more decode is
 * applied then, never more, so the work stays bounded.
 */
export function decodeUrlValue(raw: string): string {
  const once = percentDecode(raw, true);
  return /^\s*https?%3a/i.test(once) ? percentDecode(once, false) : once;
}

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/gi;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The few HTML character references a mail rewriter leaves in an encoded URL (`&amp;` of the
 * mail's HTML source ends up inside Proofpoint's encoding; its decoder unescapes them too).
 */
export function htmlUnescape(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
    const cp = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
    const ok = cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
    return ok ? String.fromCodePoint(cp) : whole;
  });
}

/**
 * Base64 to bytes, or null when malformed. Both alphabets (`+/` and the URL-safe `-_`), padding
 * optional: Proofpoint writes URL-safe base64, Sophos the standard one. Strict otherwise: a
 * character outside the tables would silently yield a wrong URL, so it fails instead.
 */
export function base64ToBytes(s: string): Uint8Array | null {
  const b = s.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/_-]*$/.test(b) || b.length % 4 === 1) return null;
  let bin: string;
  try {
    bin = atob(
      b
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(b.length / 4) * 4, '='),
    );
  } catch {
    return null;
  }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/** UTF-8 bytes to text, or null when they are not valid UTF-8. */
export function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Base64 (either alphabet) of UTF-8 text, or null when either layer is malformed. */
export function base64ToText(s: string): string | null {
  const bytes = base64ToBytes(s);
  return bytes === null ? null : utf8(bytes);
}
