/**
 * The generic rule: a query parameter commonly used for redirects whose value is an absolute
 * http(s) URL on another site. It catches the long tail of click trackers and open redirects
 * that the table of known wrappers does not list, and it is a guess: the site may ignore the
 * parameter and show something else. So its hops are marked `guessed` (the UI says "may lead
 * to"), and the link's own URL always stays a hop that is judged: a wrong guess can add a scan,
 * never hide a bad page.
 *
 * Where it applies, and why:
 * - Only to the query (not the fragment: it never reaches the server) and only to values that
 *   parse as absolute http(s) URLs (after one form decode, twice for double-encoded values).
 * - Not when the value is on the link's own site (`/login?next=https://www.example.com/account`):
 *   a site's return address is its own page. "Own site" is decided by the caller's `sameSite`
 *   (the background passes registrable domains, public-suffix.ts); the default, used where the list is too big
 *   to ship (content script), is "same host or one a subdomain of the other".
 * - `q` is NOT a generic name: it is the universal search parameter, and `?q=https://…` is a
 *   search for a URL, not a jump to it. Google's /url?q= and YouTube's /redirect?q= are in the
 *   table of known wrappers instead.
 * - Two kinds of names. REDIRECT names (`url`, `dest`, `goto`…) usually mean "go there now": the
 *   value becomes the destination. RETURN names (`redirect_uri`, `next`, `continue`, `return…`)
 *   mean "show this page, then maybe go there": a sign-in page with an OAuth `redirect_uri` is
 *   still the page the click shows, so the destination does not move, but the value IS a hop a
 *   click may lead to (OAuth error redirects are a known phishing path: an authorize URL with a
 *   bad scope sends the browser straight to `redirect_uri`), so it is judged too.
 * - The first matching parameter in URL order wins: one guess per step, so the work is bounded.
 */
import { decodeUrlValue, queryPairs } from './decode';
import { parseWeb } from '../parse-web';

export type GuessVia = 'redirect-param' | 'return-param';

export const REDIRECT_PARAMS: ReadonlySet<string> = new Set([
  'url',
  'u',
  'dest',
  'destination',
  'redirect',
  'redirect_url',
  'redirecturl',
  'redir',
  'target',
  'to',
  'link',
  'goto',
  'out',
]);

export const RETURN_PARAMS: ReadonlySet<string> = new Set([
  'redirect_uri',
  'return',
  'returnurl',
  'return_url',
  'returnto',
  'return_to',
  'next',
  'continue',
  'callback',
  'service',
]);

export type SameSite = (hostA: string, hostB: string) => boolean;

/** Same host, or one is a subdomain of the other. Cheap and tldts-free; see above. */
export const nearSameSite: SameSite = (a, b) => {
  const x = a.replace(/\.+$/, '');
  const y = b.replace(/\.+$/, '');
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
};

export interface Guess {
  url: URL;
  param: string;
  via: GuessVia;
}

export function guessRedirect(u: URL, sameSite: SameSite): Guess | null {
  if (u.search.length < 2) return null;
  for (const [name, raw] of queryPairs(u.search)) {
    const key = name.toLowerCase();
    const via: GuessVia | null = REDIRECT_PARAMS.has(key)
      ? 'redirect-param'
      : RETURN_PARAMS.has(key)
        ? 'return-param'
        : null;
    // `http:a.b` (8 characters) is the shortest absolute URL the parser takes: skip shorter.
    if (via === null || raw.length < 8) continue;
    // No base URL: only an absolute URL parses, and parseWeb keeps only http(s).
    const url = parseWeb(decodeUrlValue(raw));
    if (url === null) continue;
    if (sameSite(u.hostname, url.hostname)) continue;
    return { url, param: name, via };
  }
  return null;
}
