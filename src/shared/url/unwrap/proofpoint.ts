/**
 * Proofpoint URL Defense, the mail gateway that rewrites every link of a message. Three
 * encodings, as Proofpoint's published decoder (URLDefenseDecode.py, help.proofpoint.com) reads them:
 *
 * - v1 `https://urldefense.proofpoint.com/v1/url?u=<percent-encoded URL>&k=…`:
 *   percent-decode, then unescape HTML character references.
 * - v2 `…/v2/url?u=<URL>&d=…&c=…`: the URL with `%` written as `-` and `/` as `_`
 *   (`https-3A__example.com_a` = `https://example.com/a`), then as v1.
 * - v3 `https://urldefense.com/v3/__<URL>__;<base64url>!!<customer>!<signature>$`: the URL kept
 *   almost as it is, but some characters (those a URL path cannot carry as is, like `#` and `%`)
 *   replaced by `*`. The replaced characters, in order, are the base64url (UTF-8) after `__;`.
 *   `*` takes the next byte; `**X` takes a run of bytes whose length X encodes: A…Z = 2…27,
 *   a…z = 28…53, 0…9 = 54…63, `-` = 64, `_` = 65. The URL part is percent-decoded before the
 *   substitution (so a `%` that the substitution puts back stays an escape of the destination).
 *
 * The hosts (urldefense.proofpoint.com, urldefense.com, and urldefense.us of Proofpoint for
 * government) carry every version. Anything that
 * does not follow these rules is "could not read" (never a guess): the wrapper is judged as it is.
 */
import { base64ToBytes, htmlUnescape, percentDecode, queryPairs, utf8 } from './decode';
import { parseWeb } from '../parse-web';
import type { Read, UnreadableReason } from './types';

const fail = (reason: UnreadableReason): Read => ({ ok: false, reason });

function web(s: string): Read {
  const u = parseWeb(s);
  return u ? { ok: true, url: u } : fail('not-a-web-url');
}

/** The raw `u` parameter (Proofpoint's own decoder takes it up to the next `&`, as we do). */
function rawU(u: URL): string | null {
  for (const [name, raw] of queryPairs(u.search)) if (name === 'u') return raw;
  return null;
}

export function readProofpointV1(u: URL): Read {
  const raw = rawU(u);
  if (raw === null || raw === '') return fail('missing');
  // Python's unquote: `+` stays `+` here (it is not a form decode).
  return web(htmlUnescape(percentDecode(raw, false)));
}

export function readProofpointV2(u: URL): Read {
  const raw = rawU(u);
  if (raw === null || raw === '') return fail('missing');
  // Every `-` is an escaped `%`, so it must be followed by two hex digits: anything else is a
  // broken encoding, not a hyphen (a real hyphen is written `-2D`).
  if (/-(?![0-9a-fA-F]{2})/.test(raw)) return fail('bad-encoding');
  const escaped = raw.replace(/-/g, '%').replace(/_/g, '/');
  return web(htmlUnescape(percentDecode(escaped, false)));
}

const V3_PREFIX = '/v3/__';
const RUN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function readProofpointV3(u: URL): Read {
  // The frame lives in the path but may run on into the query (the destination's own `?`).
  const rest = u.pathname + u.search + u.hash;
  if (!rest.startsWith(V3_PREFIX)) return fail('bad-structure');
  // The frame closes at the FIRST `__;` after at least one character of URL, as Proofpoint's
  // decoder reads it (`v3/__(.+?)__;(.*?)!`). A link crafted with a second `__;` must read as
  // Proofpoint reads it, not as a cleverer parser would: the destination the gateway's own
  // tools name is the one people and their security team see.
  const close = rest.indexOf('__;', V3_PREFIX.length + 1);
  if (close < 0) return fail('bad-structure');
  const bang = rest.indexOf('!', close + 3);
  if (bang < 0) return fail('bad-structure');
  const subs = base64ToBytes(rest.slice(close + 3, bang));
  // The substituted characters are UTF-8 text as a whole (Proofpoint's decoder refuses others).
  if (subs === null || utf8(subs) === null) return fail('bad-encoding');
  const url = substitute(percentDecode(rest.slice(V3_PREFIX.length, close), false), subs);
  return url === null ? fail('bad-encoding') : web(url);
}

/**
 * Put the substituted characters back, counting BYTES of their UTF-8: `*` is one byte and
 * `**X` a run of X bytes, so `**A` is one two-byte character (`í`) and a run of 65 may end in
 * the middle of a character that the next run completes (cardi/proofpoint-url-decoder found
 * this in real mail: `pastora-mart**Anez` with `w60` is `martínez`). The URL is rebuilt as bytes
 * and read as UTF-8 at the end; null when the tokens ask for more bytes than there are or the
 * result is not UTF-8.
 */
function substitute(text: string, subs: Uint8Array): string | null {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  let from = 0;
  let next = 0;
  const take = (n: number): boolean => {
    if (next + n > subs.length) return false;
    parts.push(subs.subarray(next, next + n));
    next += n;
    return true;
  };
  for (let star = text.indexOf('*'); star >= 0; star = text.indexOf('*', from)) {
    parts.push(enc.encode(text.slice(from, star)));
    const runChar = text[star + 2];
    // `**X` is a run; a `**` at the very end (or before a newline, which Proofpoint's `.` does
    // not match) is two single substitutions.
    if (text[star + 1] === '*' && runChar !== undefined && runChar !== '\n') {
      const at = RUN_ALPHABET.indexOf(runChar);
      if (at < 0 || !take(at + 2)) return null;
      from = star + 3;
    } else {
      if (!take(1)) return null;
      from = star + 1;
    }
  }
  parts.push(enc.encode(text.slice(from)));
  let length = 0;
  for (const p of parts) length += p.length;
  const all = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return utf8(all);
}
