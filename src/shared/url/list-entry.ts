/**
 * Block list and allowlist entries that name part of a site: `example.com/path/*` (every address
 * whose path starts with `/path/`), `example.com/path` (that path exactly, any query), beside
 * plain hosts and `*.example.com` (site.ts: a host entry covers the host and its subdomains; a
 * path entry's host part means the same). Pure. Examples: list-entry.examples.ts.
 *
 * The host part is validated exactly as a host entry (parseHostEntry); the path is read as the
 * browser writes a URL's path (percent-encoded, case as written), so an entry and the address it
 * names compare as text. `*` only at the end: an inner wildcard would need a regular expression
 * per entry in the browser's request-blocking rules, and those are few (net-rules.ts).
 * Addresses written with a scheme (`https://example.com/a`) stay what they were: their host.
 */
import { hostMatches, isPathEntryText, parseHostEntry, parsePersonEntry, type HostEntryProblem } from './site';

export interface PathPattern {
  /** The path as a URL writes it, from its leading `/`. */
  path: string;
  /** true: every path starting with `path` (the entry ended in `*`); false: `path` only. */
  prefix: boolean;
}

export type ListEntry = { host: string; path?: PathPattern };

/** How a path entry is written back: `host/path` or `host/path*`. */
export const listEntryText = (e: ListEntry): string =>
  e.path ? `${e.host}${e.path.path}${e.path.prefix ? '*' : ''}` : e.host;

/**
 * A new entry, read strictly: a host entry (parseHostEntry), or a host entry followed by a path
 * (`/…`, optionally ending in `*`). Refused paths: a query or fragment ('path'), `*` before the
 * end ('wildcard'), `..` or `.` segments, backslashes, whitespace and the characters `^` and `|`
 * (which the browsers' URL filters give a meaning) ('invalid').
 */
export function parseListEntry(entry: unknown): ListEntry | { error: HostEntryProblem } {
  if (typeof entry !== 'string') return { error: 'invalid' };
  const e = entry.trim();
  if (!isPathEntryText(e)) return parseHostEntry(e);
  if (e.length > 300) return { error: 'too-long' };
  const slash = e.indexOf('/');
  const host = parseHostEntry(e.slice(0, slash));
  if ('error' in host) return host;
  const raw = e.slice(slash);
  if (/[?#]/.test(raw)) return { error: 'path' };
  const prefix = raw.endsWith('*');
  const body = prefix ? raw.slice(0, -1) : raw;
  if (body.includes('*')) return { error: 'wildcard' };
  if (/[\s\\^|]/.test(body) || /(^|\/)\.{1,2}(\/|$)/.test(body)) return { error: 'invalid' };
  const path = canonicalPath(body);
  if (path === null) return { error: 'invalid' };
  // `example.com/` and `example.com/*` name the whole site: the host entry.
  return path === '/' ? host : { host: host.host, path: { path, prefix } };
}

/**
 * What the person adds: a path entry as parseListEntry reads it, anything else as
 * parsePersonEntry does (a pasted address counts by its host). `text` is what is stored.
 */
export function parsePersonListEntry(
  input: unknown,
): { text: string; path: boolean; host: string } | { error: HostEntryProblem } {
  if (typeof input === 'string' && isPathEntryText(input)) {
    const r = parseListEntry(input);
    return 'error' in r ? r : { text: listEntryText(r), path: r.path !== undefined, host: r.host };
  }
  const r = parsePersonEntry(input);
  return 'error' in r ? r : { text: r.host, path: false, host: r.host };
}

/** A stored entry, leniently: what parseListEntry makes of it, or null when it names nothing. */
export function readListEntry(entry: unknown): ListEntry | null {
  const r = parseListEntry(entry);
  return 'error' in r ? null : r;
}

/** The URL parser's form of a path (percent-encoding), or null when it would change the path's meaning. */
function canonicalPath(p: string): string | null {
  try {
    const out = new URL(`http://h${p}`).pathname;
    return out.startsWith('/') ? out : null;
  } catch {
    return null;
  }
}

/** The path of a (normalized) URL, or undefined when it is not one. */
export function pathOfUrl(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

export const pathMatches = (pattern: PathPattern, path: string): boolean =>
  pattern.prefix ? path.startsWith(pattern.path) : path === pattern.path;

/**
 * The entry that covers an address (its host, and its path when the list has path entries), or
 * null: a host entry first (hostMatches: the most specific host), else the first path entry whose
 * host part covers the host and whose path matches. Without `path` only host entries count.
 */
export function listMatches(host: string, path: string | undefined, entries: readonly string[]): string | null {
  const byHost = hostMatches(host, entries);
  if (byHost !== null || path === undefined) return byHost;
  for (const { text, entry } of pathEntriesOf(entries)) {
    if (pathMatches(entry.path!, path) && hostMatches(host, [entry.host]) !== null) return text;
  }
  return null;
}

/** The path entries of a list, kept per list array like site.ts's host index. */
const pathCache = new WeakMap<readonly string[], { copy: string[]; entries: { text: string; entry: ListEntry }[] }>();

export function pathEntriesOf(entries: readonly string[]): { text: string; entry: ListEntry }[] {
  const hit = pathCache.get(entries);
  if (hit && hit.copy.length === entries.length && hit.copy.every((e, i) => e === entries[i])) return hit.entries;
  const out: { text: string; entry: ListEntry }[] = [];
  for (const text of entries) {
    if (typeof text !== 'string' || !isPathEntryText(text)) continue;
    const entry = readListEntry(text);
    if (entry?.path) out.push({ text, entry });
  }
  pathCache.set(entries, { copy: [...entries], entries: out });
  return out;
}
