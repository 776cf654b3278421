/**
 * Request filters for the browser's request-blocking layer (declarativeNetRequest): which request
 * URLs a rule must match so that it stops exactly the requests whose cache key is `key`
 * (normalize.ts). Pure. Examples: request-filter.examples.ts.
 *
 * What the browser matches against (found on Chromium 156 and Firefox 153, docs/architecture.md, guarantees): the
 * request URL as the browser canonicalized it, WITH its fragment (`/a#x` does not match `/a$`)
 * and WITH any `user:pass@` (an anchored `^http://host` misses `http://u:p@host`), and a host's
 * trailing dot kept (`host.`). Host and scheme are already lower case, default ports dropped,
 * the path percent-encoded: the same canonical form normalizeUrl starts from. So a key's rule
 * allows, around the key's own text: any userinfo, any trailing dots on a host name, any
 * fragment, and (for a key without a query) any query when queries are stripped, else only an
 * empty `?`, which normalizeUrl also drops.
 *
 * regexFilter rather than urlFilter: urlFilter has no escape for `*`, `^` and `|`, which URLs may
 * contain, and no way to say "this path, then a query or nothing". Regexes count against the
 * browser's regex limit (net-rules.ts decides what fits). The syntax used is the common subset
 * of RE2 (Chromium) and JavaScript (Firefox): groups `(?:)`, classes, `*`, `?`, anchors.
 */
import { parseIPv4 } from './ip';

/**
 * Escapes every character with a meaning in RE2 or JavaScript regexes outside a class. Nothing
 * else is escaped: `\-` or `\/` are errors for a JavaScript regex in unicode mode.
 */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, (c) => `\\${c}`);
}

const USERINFO = '(?:[^/?#@]*@)?';
const FRAGMENT = '(?:#.*)?';

const isIpHost = (host: string) => host.startsWith('[') || parseIPv4(host) !== null;

/** The host as a regex: a name may carry trailing dots (normalizeUrl drops them), an IP not. */
function hostPattern(host: string): string {
  return escapeRegex(host) + (isIpHost(host) ? '' : '\\.*');
}

/**
 * The regexFilter that matches every request URL whose normalized form is `key`, or null when
 * `key` is not a normalized web URL (nothing to block).
 */
export function keyRegex(key: string, opts: { stripQuery: boolean }): string | null {
  let u: URL;
  try {
    u = new URL(key);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.href !== key || u.hash || u.username || u.password)
    return null;
  const scheme = escapeRegex(u.protocol);
  const port = u.port ? escapeRegex(`:${u.port}`) : '';
  // A key with a query names that query only. Without one it stands for "any query" when
  // queries are stripped, else for no query or an empty `?` (normalizeUrl drops an empty query).
  const query = u.search ? escapeRegex(u.search) : opts.stripQuery ? '(?:\\?[^#]*)?' : '\\??';
  return `^${scheme}//${USERINFO}${hostPattern(u.hostname)}${port}${escapeRegex(u.pathname)}${query}${FRAGMENT}$`;
}

/**
 * The urlFilter that matches exactly `address` (an http(s) URL in the URL parser's form, without
 * fragment or credentials), query included; null when the address holds a character urlFilter
 * reads as a pattern (`*`, `^`, `|`), where the caller falls back to a regex. Why not a regex:
 * Chromium refuses a regexFilter whose compiled form passes 2 KB, and a literal query of a
 * couple of hundred characters (a mail gateway's wrapped link) already does, so the rule was
 * silently refused and the pass never let the tab through; a urlFilter has no such limit and
 * takes none of the 1,000 regex slots. Both anchors (`|` at each end) make it the whole URL.
 */
export function exactUrlFilter(address: string): string | null {
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.href !== address || u.hash || u.username || u.password)
    return null;
  if (/[*^|]/.test(address) || /[^\x21-\x7e]/.test(address)) return null;
  return `|${address}|`;
}

/** The regexFilter that matches every http(s) request to exactly `host` (any port, path, query). */
export function hostRegex(host: string): string {
  return `^https?://${USERINFO}${hostPattern(host)}(?::[0-9]+)?(?:[/?#]|$)`;
}

/**
 * The regexFilter for a path list entry (list-entry.ts): requests to `host` or a subdomain (an IP
 * only itself), any port, whose path starts with `path` (`prefix`) or is `path` (then only a
 * query or a fragment may follow). The path is already in the URL's percent-encoded form.
 */
export function pathEntryRegex(host: string, path: string, prefix: boolean): string {
  const sub = isIpHost(host) ? '' : '(?:[^/?#@:]*\\.)?';
  return `^https?://${USERINFO}${sub}${hostPattern(host)}(?::[0-9]+)?${escapeRegex(path)}${prefix ? '' : '(?:[?#]|$)'}`;
}

/**
 * `requestDomains` for hosts: matches each host and its subdomains, like hostMatches (site.ts).
 * Both browsers compare names as written: a request to `evil.example.` (trailing dot) is only
 * matched by the entry `evil.example.` in Firefox, so each name gets that twin. Firefox refuses
 * upper case and unbracketed IPv6; entries come from normalizeHostEntry, already lower case with
 * IPv6 in brackets.
 */
export function requestDomainsFor(hosts: readonly string[]): string[] {
  const out: string[] = [];
  for (const h of hosts) {
    out.push(h);
    if (!isIpHost(h)) out.push(`${h}.`);
  }
  return out;
}
