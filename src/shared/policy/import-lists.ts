/**
 * The allowlist and blocklist of a settings file, entry by entry: each is read strictly
 * (parseListEntry, src/shared/url/list-entry.ts: a host, or a host and a path) and stored as the
 * entry it names, or listed as refused
 * with its reason, never dropped unsaid and never read as some other host. The file is the
 * attacker's until the person has seen it: `login.mybank.com@com` read as a URL is all of .com.
 * Pure. Examples: import-plan.examples.ts.
 */
import type { HostEntryProblem } from '../url/site';
import { listEntryText, parseListEntry, readListEntry } from '../url/list-entry';

export type ListKey = 'allowlist' | 'blocklist';

export interface RejectedEntry {
  key: ListKey;
  /** The entry as the file wrote it (a non-string as JSON), whole up to SHOWN_WHOLE characters. */
  entry: string;
  /** The entry's full length when `entry` holds only its start. */
  length?: number;
  problem: HostEntryProblem;
}

/** Entries this long are shown whole (the settings allow 300); longer ones by their start and length. */
const SHOWN_WHOLE = 300;
const SHOWN_START = 80;

function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** The hosts a file's list names (first spelling kept, duplicates once) and the entries refused. */
export function readListEntries(
  key: ListKey,
  value: readonly unknown[],
): { hosts: string[]; rejected: RejectedEntry[] } {
  const hosts = new Set<string>();
  const rejected: RejectedEntry[] = [];
  for (const v of value) {
    const r = parseListEntry(v);
    if ('host' in r) {
      hosts.add(listEntryText(r));
      continue;
    }
    const text = asText(v);
    rejected.push(
      text.length > SHOWN_WHOLE
        ? { key, entry: text.slice(0, SHOWN_START), length: text.length, problem: r.error }
        : { key, entry: text, problem: r.error },
    );
  }
  return { hosts: [...hosts], rejected };
}

/**
 * What replacing list `from` (stored entries, read leniently: they may predate strict reading)
 * with the hosts `to` adds and removes, host by host.
 */
export function listDiff(from: readonly string[], to: readonly string[]): { added: string[]; removed: string[] } {
  const before = new Set(
    from
      .map((e) => readListEntry(e))
      .filter((e) => e !== null)
      .map(listEntryText),
  );
  const after = new Set(to);
  return { added: to.filter((h) => !before.has(h)), removed: [...before].filter((h) => !after.has(h)) };
}
