/**
 * Sites and host lists (allowlist / blocklist). Pure. Examples: site.examples.ts.
 */
import { registrableOf } from './public-suffix';
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
 * (IDN), or in any case. Unusable entries (empty, `#` comments, inner wildcards) are ignored.
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

/** The host an allow/block list entry stands for (lowercase ASCII), or null if unusable. */
export function normalizeHostEntry(entry: string): string | null {
  let e = String(entry).trim().toLowerCase();
  if (e === '' || e.startsWith('#')) return null;
  if (!e.includes('://')) {
    e = e.replace(/^\*?\./, '');
    // A bare IPv6 address needs brackets to be read as a host.
    if (parseIPv6(e.replace(/^\[|\]$/g, '')) !== null) e = `[${e.replace(/^\[|\]$/g, '')}]`;
    e = `http://${e}`;
  }
  let host: string;
  try {
    host = new URL(e).hostname;
  } catch {
    return null;
  }
  host = host.replace(/^\*\./, '').replace(/\.+$/, '');
  if (host === '' || host.includes('*')) return null;
  return host;
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
