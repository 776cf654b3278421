/**
 * Sites and host lists (allowlist / blocklist). Pure. Examples: site.examples.ts.
 */
import { publicSuffixOf, registrableOf } from './public-suffix';
import { parseIPv4, parseIPv6 } from './ip';

/**
 * The registrable domain ("site") of a host: `a.b.example.co.uk` → `example.co.uk`.
 * Private suffixes count (public-suffix.ts): `alice.github.io` is its own site, so
 * "allow this site" never allows every GitHub Pages user. IPs, single labels and hosts
 * without a known suffix rule fall back to the host itself.
 */
export function registrableDomain(host: string): string {
  const h = cleanHost(host);
  if (isIpLiteral(h)) return h;
  return registrableOf(h) ?? h;
}

/**
 * The list entry that covers `host`, or null. An entry matches the host itself and every
 * subdomain (`example.com` matches `a.b.example.com`, not `notexample.com`); IP entries match
 * only that address. Entries may be written as a URL (`https://example.com/path`), with a port,
 * with `*.` or `.` in front (same meaning as plain: the domain and its subdomains), in Unicode
 * (IDN), or in any case. Unusable entries (empty, `#` comments, inner wildcards) are ignored,
 * and so are path entries (`example.com/path/*`: list-entry.ts listMatches reads them).
 * When several entries match, the most specific (longest host) wins.
 */
export function hostMatches(host: string, entries: readonly string[]): string | null {
  if (entries.length === 0) return null;
  return lookup(indexOf(entries), host);
}

/**
 * hostMatches for many hosts against one list: the list is read once (hostMatches re-checks
 * its list on every call, which costs the list's length each time).
 */
export function hostMatcher(entries: readonly string[]): (host: string) => string | null {
  if (entries.length === 0) return () => null;
  const index = indexOf(entries);
  return (host) => lookup(index, host);
}

function lookup(index: Map<string, string>, host: string): string | null {
  let h = cleanHost(host);
  const exact = index.get(h);
  if (exact !== undefined) return exact;
  if (isIpLiteral(h)) return null;
  for (let dot = h.indexOf('.'); dot !== -1; dot = h.indexOf('.')) {
    h = h.slice(dot + 1);
    const hit = index.get(h);
    if (hit !== undefined) return hit;
  }
  return null;
}

/**
 * The host an allow/block list entry stands for (lowercase ASCII), or null if unusable. Lenient,
 * for entries already stored (old files, the organization's lists): a URL, a port or `*.` are
 * read as their host. An entry with a user name never widens to a suffix: without a scheme
 * (`login.mybank.com@com`, `mybank.com:443@com`) it is not a host at all, and reading it as a URL
 * would name what follows the `@` (all of .com), so it is unusable; a URL with a user name
 * (`https://user@evil.example/`) stands for its host only when that host is not itself a public
 * suffix. New entries go through parseHostEntry instead.
 */
export function normalizeHostEntry(entry: string): string | null {
  let e = String(entry).trim().toLowerCase();
  if (e === '' || e.startsWith('#')) return null;
  const url = e.includes('://');
  // `example.com/path/*` names part of a site (list-entry.ts), never the whole host: read as a
  // host it would block (or allow) all of example.com.
  if (isPathEntryText(e)) return null;
  if (!url) {
    e = e.replace(/^\*?\./, '');
    // A bare IPv6 address needs brackets to be read as a host.
    if (parseIPv6(e.replace(/^\[|\]$/g, '')) !== null) e = `[${e.replace(/^\[|\]$/g, '')}]`;
    e = `http://${e}`;
  }
  let host: string;
  try {
    const u = new URL(e);
    host = u.hostname;
    if ((u.username || u.password || /^[^/]*\/\/[^/?#]*@/.test(e)) && (!url || !isSiteOrIp(host))) return null;
  } catch {
    return null;
  }
  host = host.replace(/^\*\./, '').replace(/\.+$/, '');
  if (host === '' || host.includes('*')) return null;
  return host;
}

/** Schemeless text with something after the host's `/`: a path entry (list-entry.ts), not a host entry. */
export const isPathEntryText = (entry: string): boolean => !entry.includes('://') && /^[^/?#]*\/\S/.test(entry.trim());

/** Why parseHostEntry refuses an entry (each has its sentence: HOST_ENTRY_PROBLEM_KEYS). */
export type HostEntryProblem =
  'empty' | 'too-long' | 'scheme' | 'userinfo' | 'port' | 'path' | 'wildcard' | 'public-suffix' | 'invalid';

/**
 * A new allow/block list entry (typed by the person, sent by the popup, read from a settings
 * file, or the organization's list), read strictly: a host name, an IPv4 or IPv6 address, or a
 * name with `*.` or `.` in front (the same meaning as the name alone: it and everything under
 * it). Anything else is refused with its reason instead of being read as some host: a file
 * from the internet is the attacker's, and `login.mybank.com@com` read as a URL names `com`.
 *
 * - `host`: what is stored and matched, lowercase ASCII (an IDN in its xn-- form, IPv6 in
 *   brackets, IPv4 in dotted decimal); one trailing dot and surrounding whitespace do not count.
 * - Refused: a scheme, a user name (`@`), a port, a path, query or fragment, `*` anywhere but the
 *   front, a whole public suffix (`com`, `co.uk`, and the list's private section: `github.io`,
 *   whose every user is a separate site), over-long names, anything that is not a host name.
 *   A single label the suffix list does not know (`intranet`, `localhost`) is a host, not a suffix.
 * Needs the suffix table (public-suffix.ts). Examples: site.examples.ts.
 */
export function parseHostEntry(entry: unknown): { host: string } | { error: HostEntryProblem } {
  if (typeof entry !== 'string') return { error: 'invalid' };
  let e = entry.trim().toLowerCase();
  if (e === '') return { error: 'empty' };
  if (e.length > 300) return { error: 'too-long' };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(e)) return { error: 'scheme' };
  if (e.includes('@')) return { error: 'userinfo' };
  if (/[/?#\\]/.test(e)) return { error: 'path' };
  if (/\s|%/.test(e)) return { error: 'invalid' };
  e = e.replace(/^\*?\./, '').replace(/\.$/, '');
  if (e.includes('*')) return { error: 'wildcard' };
  if (e === '' || e.startsWith('.') || e.endsWith('.')) return { error: 'invalid' };
  const v6 = /^\[(.*)\](:.*)?$/.exec(e);
  if (v6) return v6[2] !== undefined ? { error: 'port' } : ipv6Entry(v6[1]!);
  if ((e.match(/:/g) ?? []).length > 1) return ipv6Entry(e);
  if (e.includes(':')) return /:\d*$/.test(e) ? { error: 'port' } : { error: 'invalid' };
  const host = canonical(e);
  if (host === null) return { error: 'invalid' };
  if (isIpLiteral(host)) return parseIPv4(host) !== null ? { host } : { error: 'invalid' };
  if (host.length > 253 || host.split('.').some((l) => l.length > 63)) return { error: 'too-long' };
  const ps = publicSuffixOf(host, { privateRules: true });
  if (ps === null) return { error: 'invalid' };
  if (ps.domain === null && ps.listed) return { error: 'public-suffix' };
  return { host };
}

/**
 * An entry the person adds (typed in a list's field, or the popup's "Trust this site"): a pasted
 * web address (http or https) counts by its host, since its port and path belong to the address
 * and not to the site, unless it carries a user name (`https://mybank.com@evil.test/` is not
 * the bank); anything else is read strictly (parseHostEntry). A settings file gets no such leeway.
 */
export function parsePersonEntry(input: unknown): { host: string } | { error: HostEntryProblem } {
  if (typeof input !== 'string') return { error: 'invalid' };
  const raw = input.trim();
  if (!/^https?:\/\//i.test(raw)) return parseHostEntry(raw);
  if (/^[^/]*\/\/[^/?#]*@/.test(raw)) return { error: 'userinfo' };
  let host: string;
  try {
    host = new URL(raw).hostname;
  } catch {
    return { error: 'invalid' };
  }
  return parseHostEntry(host);
}

function ipv6Entry(inner: string): { host: string } | { error: HostEntryProblem } {
  const host = parseIPv6(inner) !== null ? canonical(`[${inner}]`) : null;
  return host === null ? { error: 'invalid' } : { host };
}

/** The URL parser's form of a host (IDNA, IPv4 forms), or null when it refuses it. */
function canonical(h: string): string | null {
  try {
    const host = new URL(`http://${h}/`).hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/** An IP address or a host name that is not itself a public suffix (`intranet` is a host). */
function isSiteOrIp(host: string): boolean {
  if (isIpLiteral(host)) return true;
  try {
    const ps = publicSuffixOf(host, { privateRules: true });
    return ps !== null && !(ps.domain === null && ps.listed);
  } catch {
    return false; // the suffix list is not loaded yet: not known to be a site, so not trusted as one
  }
}

function cleanHost(host: string): string {
  let h = String(host).trim().toLowerCase().replace(/\.+$/, '');
  if (/[^\x21-\x7e]/.test(h) || /^[^[]*:/.test(h)) h = normalizeHostEntry(h) ?? h; // IDN, bare IPv6
  return h;
}

function isIpLiteral(h: string): boolean {
  return h.startsWith('[') || /^[\d.]+$/.test(h) || (/^[0-9a-fx.]+$/.test(h) && parseIPv4(h) !== null);
}

/**
 * Parsing thousands of entries per lookup would be wasteful (hover checks run often), so the
 * index is kept per list array. The stored copy guards against a list mutated in place.
 */
const cache = new WeakMap<readonly string[], { copy: string[]; index: Map<string, string> }>();

function indexOf(entries: readonly string[]): Map<string, string> {
  const hit = cache.get(entries);
  if (hit && hit.copy.length === entries.length && hit.copy.every((e, i) => e === entries[i])) return hit.index;
  const index = new Map<string, string>();
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    const host = normalizeHostEntry(entry);
    if (host !== null && !index.has(host)) index.set(host, entry);
  }
  cache.set(entries, { copy: [...entries], index });
  return index;
}
