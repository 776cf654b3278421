/**
 * Examples for remote-copy.ts: a refresh's outcome → the copy kept or replaced, and the problems
 * reported. The file read here is a feed; `good` and `older` are two copies of it.
 */
import type { FetchOutcome, RemoteCopy } from './remote-copy';

export const URL_A = 'https://it.example/feed.txt';
export const URL_B = 'https://it.example/other-feed.txt';

const older: RemoteCopy<string[]> = { url: URL_A, etag: '"v1"', fetchedAt: 1000, data: ['old.example'], notes: [] };
const withNotes: RemoteCopy<string[]> = { ...older, notes: ['blockFeedUrl:line-3'] };
const elsewhere: RemoteCopy<string[]> = { ...older, url: URL_B };

export interface CopyExample {
  name: string;
  last: RemoteCopy<string[]> | null;
  outcome: FetchOutcome;
  /** 'replace': the new file is in force; 'keep': `last` stays (or none, when it was another address's). */
  expected: {
    copy: 'replace' | 'keep' | 'none';
    data?: string[];
    etag?: string | null;
    changed: boolean;
    problems: string[];
  };
}

const feed = (text: string, etag: string | null = '"v2"'): FetchOutcome => ({ kind: 'ok', text, etag });

export const COPY_EXAMPLES: readonly CopyExample[] = [
  {
    name: 'first read: the file is in force',
    last: null,
    outcome: feed('new.example'),
    expected: { copy: 'replace', data: ['new.example'], etag: '"v2"', changed: true, problems: [] },
  },
  {
    name: 'a new version replaces the copy',
    last: older,
    outcome: feed('old.example\nnew.example'),
    expected: { copy: 'replace', data: ['new.example', 'old.example'], etag: '"v2"', changed: true, problems: [] },
  },
  {
    name: 'same entries, new ETag: replaced, nothing changes',
    last: older,
    outcome: feed('old.example', '"v3"'),
    expected: { copy: 'replace', data: ['old.example'], etag: '"v3"', changed: false, problems: [] },
  },
  {
    name: 'a server without ETags: replaced, no ETag kept',
    last: older,
    outcome: feed('new.example', null),
    expected: { copy: 'replace', data: ['new.example'], etag: null, changed: true, problems: [] },
  },
  {
    name: 'bad lines: the good ones are in force, the bad reported',
    last: older,
    outcome: feed('new.example\nhttps://x.example/\n'),
    expected: { copy: 'replace', data: ['new.example'], changed: true, problems: ['blockFeedUrl:line-2'] },
  },
  {
    name: 'an emptied feed is a good file: nothing blocked by it',
    last: older,
    outcome: feed('# nothing today\n'),
    expected: { copy: 'replace', data: [], changed: true, problems: [] },
  },
  {
    name: '304: the copy stays, confirmed',
    last: older,
    outcome: { kind: 'not-modified' },
    expected: { copy: 'keep', data: ['old.example'], etag: '"v1"', changed: false, problems: [] },
  },
  {
    name: "304: the copy's own notes stay reported",
    last: withNotes,
    outcome: { kind: 'not-modified' },
    expected: { copy: 'keep', data: ['old.example'], changed: false, problems: ['blockFeedUrl:line-3'] },
  },
  {
    name: '304 without a copy (no ETag was sent): nothing, reported',
    last: null,
    outcome: { kind: 'not-modified' },
    expected: { copy: 'none', changed: false, problems: ['blockFeedUrl:not-modified-without-copy'] },
  },
  {
    name: 'HTTP 503: the last good copy stays',
    last: older,
    outcome: { kind: 'http', status: 503 },
    expected: { copy: 'keep', data: ['old.example'], changed: false, problems: ['blockFeedUrl:http-503'] },
  },
  {
    name: 'HTTP 404: the last good copy stays (a missing file lifts no block)',
    last: older,
    outcome: { kind: 'http', status: 404 },
    expected: { copy: 'keep', data: ['old.example'], changed: false, problems: ['blockFeedUrl:http-404'] },
  },
  {
    name: 'server down: the last good copy stays',
    last: withNotes,
    outcome: { kind: 'unreachable' },
    expected: {
      copy: 'keep',
      data: ['old.example'],
      changed: false,
      problems: ['blockFeedUrl:unreachable', 'blockFeedUrl:line-3'],
    },
  },
  {
    name: 'too large: the last good copy stays',
    last: older,
    outcome: { kind: 'too-large' },
    expected: { copy: 'keep', data: ['old.example'], changed: false, problems: ['blockFeedUrl:too-large'] },
  },
  {
    name: 'redirected to plain http elsewhere: the last good copy stays',
    last: older,
    outcome: { kind: 'redirect-refused' },
    expected: { copy: 'keep', data: ['old.example'], changed: false, problems: ['blockFeedUrl:redirect-refused'] },
  },
  {
    name: 'not a list: the last good copy stays',
    last: older,
    outcome: feed('{"hosts": 3}'),
    expected: { copy: 'keep', data: ['old.example'], changed: false, problems: ['blockFeedUrl:not-a-list'] },
  },
  {
    name: 'broken JSON: the last good copy stays',
    last: older,
    outcome: feed('["a.example",'),
    expected: { copy: 'keep', data: ['old.example'], changed: false, problems: ['blockFeedUrl:not-json'] },
  },
  {
    name: "another address's copy never applies",
    last: elsewhere,
    outcome: { kind: 'unreachable' },
    expected: { copy: 'none', changed: true, problems: ['blockFeedUrl:unreachable'] },
  },
  {
    name: "another address's copy is replaced by this one's",
    last: elsewhere,
    outcome: feed('new.example'),
    expected: { copy: 'replace', data: ['new.example'], changed: true, problems: [] },
  },
];
