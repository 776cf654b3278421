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
 *   `*` takes the next one; `**X` takes a run of them whose length X encodes: A…Z = 2…27,
 *   a…z = 28…53, 0…9 = 54…63, `-` = 64, `_` = 65. The URL part is percent-decoded before the
 *   substitution (so a `%` that the substitution puts back stays an escape of the destination).
 *
 * Both hosts (urldefense.proofpoint.com and urldefense.com) carry every version. Anything that
 * does not follow these rules is "could not read" (never a guess): the wrapper is judged as it is.
 */
import { base64UrlToText, htmlUnescape, percentDecode, queryPairs } from './decode';
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
  // The frame closes at the LAST `__;`: what follows it (base64url, `!!`, ids, `$`) cannot
  // hold one, while the destination can (a v3 link inside a v3 link, or a `__;` in a query).
  // Proofpoint's own decoder takes the first, which misreads those; for every other link the
  // two agree. At least one character of URL comes before it (as Proofpoint's `.+?`).
  const close = rest.lastIndexOf('__;');
  if (close <= V3_PREFIX.length) return fail('bad-structure');
  const bang = rest.indexOf('!', close + 3);
  if (bang < 0) return fail('bad-structure');
  const subs = base64UrlToText(rest.slice(close + 3, bang));
  if (subs === null) return fail('bad-encoding');
  const url = substitute(percentDecode(rest.slice(V3_PREFIX.length, close), false), Array.from(subs));
  return url === null ? fail('bad-encoding') : web(url);
}

/** Put the substituted characters back; null when the tokens ask for more than there are. */
function substitute(text: string, subs: readonly string[]): string | null {
  let out = '';
  let from = 0;
  let next = 0;
  for (let star = text.indexOf('*'); star >= 0; star = text.indexOf('*', from)) {
    out += text.slice(from, star);
    const runChar = text[star + 2];
    // `**X` is a run; a `**` at the very end (or before a newline, which Proofpoint's `.` does
    // not match) is two single substitutions.
    if (text[star + 1] === '*' && runChar !== undefined && runChar !== '\n') {
      const at = RUN_ALPHABET.indexOf(runChar);
      if (at < 0 || next + at + 2 > subs.length) return null;
      out += subs.slice(next, next + at + 2).join('');
      next += at + 2;
      from = star + 3;
    } else {
      if (next >= subs.length) return null;
      out += subs[next++];
      from = star + 1;
    }
  }
  return out + text.slice(from);
}
