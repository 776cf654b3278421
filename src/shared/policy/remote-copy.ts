/**
 * What a refresh of one of the organization's remote files (configUrl, blockFeedUrl) does with the
 * copy kept from the last good read: replace it, keep it, and which policy problems to report.
 * Pure; examples: remote-copy.examples.ts.
 *
 * A bad answer (an HTTP error, no answer, a body over the size limit, a file that is not what it
 * should be) never removes what the organization published before: the last good copy stays in
 * force and the problem is reported, so a broken web server cannot lift the fleet's blocks. A copy
 * belongs to the address it was read from: after the policy names another address it is not
 * applied, and its ETag is not sent there.
 *
 * Problem codes (shown to the person and the administrator as they are, docs/admin/policy.md):
 * `<key>:http-<status>`, `<key>:unreachable`, `<key>:too-large`, `<key>:redirect-refused`,
 * `<key>:not-modified-without-copy`, and what the file's reader reports (remote-config.ts,
 * block-feed.ts).
 */

/** The policy key whose file is read. */
export type RemoteKey = 'configUrl' | 'blockFeedUrl';

/** What the fetch brought (background/api/remote-file.ts). */
export type FetchOutcome =
  | { kind: 'ok'; text: string; etag: string | null }
  /** 304: the server says the copy sent with If-None-Match is current. */
  | { kind: 'not-modified' }
  | { kind: 'http'; status: number }
  | { kind: 'too-large' }
  | { kind: 'unreachable' }
  /** A redirect to an address the URL rule refuses (remote-url.ts). */
  | { kind: 'redirect-refused' };

export interface RemoteCopy<T> {
  url: string;
  etag: string | null;
  /** When the file was last confirmed (read or answered 304), ms epoch. */
  fetchedAt: number;
  data: T;
  /** What reading this copy found (bad feed lines, ignored keys): reported while it is in force. */
  notes: string[];
}

/** A file's reader: its data, or why the file as a whole is refused; problems either way. */
export type FileRead<T> = { ok: true; data: T; problems: string[] } | { ok: false; problems: string[] };

export interface CopyStep<T> {
  /** The copy in force after this refresh (null: none for this address). */
  copy: RemoteCopy<T> | null;
  /** The copy's data changed (the settings are computed again). */
  changed: boolean;
  problems: string[];
}

/** The copy that applies to `url`: a copy read from another address never does. */
export const copyFor = <T>(url: string, last: RemoteCopy<T> | null): RemoteCopy<T> | null =>
  last !== null && last.url === url ? last : null;

/** The ETag to send as If-None-Match. */
export const etagFor = (url: string, last: RemoteCopy<unknown> | null): string | null =>
  copyFor(url, last)?.etag ?? null;

export function nextCopy<T>(
  key: RemoteKey,
  url: string,
  last: RemoteCopy<T> | null,
  outcome: FetchOutcome,
  read: (text: string) => FileRead<T>,
  now: number,
): CopyStep<T> {
  const kept = copyFor(url, last);
  // The kept copy's own notes stay reported beside the new problem.
  const keep = (problems: string[]): CopyStep<T> => ({
    copy: kept,
    changed: kept !== last,
    problems: [...problems, ...(kept?.notes ?? [])],
  });
  switch (outcome.kind) {
    case 'ok': {
      const r = read(outcome.text);
      if (!r.ok) return keep(r.problems);
      const changed = kept === null || JSON.stringify(kept.data) !== JSON.stringify(r.data);
      return {
        copy: { url, etag: outcome.etag, fetchedAt: now, data: r.data, notes: r.problems },
        changed,
        problems: r.problems,
      };
    }
    case 'not-modified':
      if (kept === null) return keep([`${key}:not-modified-without-copy`]);
      return { copy: { ...kept, fetchedAt: now }, changed: false, problems: kept.notes };
    case 'http':
      return keep([`${key}:http-${outcome.status}`]);
    default:
      return keep([`${key}:${outcome.kind}`]);
  }
}
