/**
 * The organization's block feed (policy blockFeedUrl): the file's format and how it is read.
 * Pure (needs the suffix table, like every list entry); examples: block-feed.examples.ts.
 *
 * Format, either:
 *   - text: one entry per line; blank lines and lines starting with `#` are skipped;
 *   - JSON: an array of strings, or an object `{"entries": [...]}`.
 * Each entry is read as a block-list entry of the policy (list-entry.ts): a host (`evil.example`,
 * which covers its subdomains), `*.evil.example`, or a host with a path (`evil.example/login/*`).
 * A bad entry is reported by its line (`blockFeedUrl:line-7`; in JSON `blockFeedUrl:entry-3`,
 * counting from 1) and left out: the feed's other entries are each a block on their own, and
 * holding them all back for one typo would leave the sites they name open. A file that is not
 * readable as either form, has more than MAX_FEED_ENTRIES entries, or has entries but none
 * readable (an error page served as 200), is refused as a whole (the last good copy stays,
 * remote-copy.ts). A file without any entry (empty, or comments only) empties the feed.
 */
import { listEntryText, parseListEntry } from '../url/list-entry';
import type { FileRead } from './remote-copy';

/** Feed entries at most. Hosts share BLOCKLIST_BUCKETS rules (net-rules.ts), so hosts cost no rule each. */
export const MAX_FEED_ENTRIES = 20_000;
/** Bad entries named one by one; the rest are counted in one `blockFeedUrl:more-bad-entries-<n>`. */
export const MAX_NAMED_BAD = 20;

export function readBlockFeed(text: string): FileRead<string[]> {
  const t = text.replace(/^\uFEFF/, '').trim();
  let items: { item: unknown; where: string }[];
  if (t.startsWith('[') || t.startsWith('{')) {
    let raw: unknown;
    try {
      raw = JSON.parse(t);
    } catch {
      return { ok: false, problems: ['blockFeedUrl:not-json'] };
    }
    const list = Array.isArray(raw)
      ? raw
      : typeof raw === 'object' && raw !== null && Array.isArray((raw as { entries?: unknown }).entries)
        ? (raw as { entries: unknown[] }).entries
        : null;
    if (list === null) return { ok: false, problems: ['blockFeedUrl:not-a-list'] };
    items = list.map((item, i) => ({ item, where: `entry-${i + 1}` }));
  } else {
    items = t
      .split(/\r?\n/)
      .map((line, i) => ({ item: line.trim(), where: `line-${i + 1}` }))
      .filter(({ item }) => item !== '' && !item.startsWith('#'));
  }
  if (items.length > MAX_FEED_ENTRIES) return { ok: false, problems: ['blockFeedUrl:too-many-entries'] };
  const entries = new Set<string>();
  const bad: string[] = [];
  for (const { item, where } of items) {
    const entry = feedEntry(item);
    if (entry === null) bad.push(`blockFeedUrl:${where}`);
    else entries.add(entry);
  }
  const problems = bad.slice(0, MAX_NAMED_BAD);
  if (bad.length > MAX_NAMED_BAD) problems.push(`blockFeedUrl:more-bad-entries-${bad.length - MAX_NAMED_BAD}`);
  // Entries, none of them readable: an error page answered with 200, not a feed emptied on purpose.
  if (items.length > 0 && entries.size === 0)
    return { ok: false, problems: ['blockFeedUrl:no-valid-entries', ...problems] };
  return { ok: true, data: [...entries].sort(), problems };
}

/** One entry as stored: the host part in its canonical form (`*.` kept as written), or null. */
function feedEntry(item: unknown): string | null {
  if (typeof item !== 'string') return null;
  const r = parseListEntry(item);
  if ('error' in r) return null;
  if (r.path) return listEntryText(r);
  return /^\*?\./.test(item.trim()) ? `*.${r.host}` : r.host;
}

/** Entries of `after` that `before` did not have: the hosts that just joined the feed. */
export function joinedFeed(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  return after.filter((e) => !had.has(e));
}
