/**
 * Example table for planStreams, tested in test/unit/background/engine/scan-rules.test.ts.
 * Candidates are written [url, reasons, createdAt, state]; state: 'open' = streaming now,
 * 'ended' = its own stream ended before, 'near' = polling and near its expected end, 'near-open' =
 * streaming and near its end, '' = polling. Cap 3 unless given.
 */
import type { ScanReason } from '@/src/shared/messaging/protocol';
import type { StreamCandidate, StreamPlan } from './stream-slots';

export interface SlotExample {
  name: string;
  candidates: StreamCandidate[];
  cap?: number;
  expected: StreamPlan;
}

type Row = [string, ScanReason[], number, '' | 'open' | 'ended' | 'near' | 'near-open'];
const c = (rows: Row[]): StreamCandidate[] =>
  rows.map(([url, reasons, createdAt, st]) => ({
    url,
    reasons,
    createdAt,
    streaming: st === 'open' || st === 'near-open',
    streamEnded: st === 'ended',
    ...(st.startsWith('near') ? { nearEnd: true } : {}),
  }));
const NAV: ScanReason[] = ['navigation'];
const HOVER: ScanReason[] = ['hover'];

export const SLOT_EXAMPLES: readonly SlotExample[] = [
  {
    name: 'room for all',
    candidates: c([
      ['a', NAV, 1, ''],
      ['b', HOVER, 2, ''],
    ]),
    expected: { open: ['a', 'b'], close: [] },
  },
  {
    name: 'a burst of navigations: the 3 oldest stream, the rest poll',
    candidates: c([
      ['d', NAV, 4, ''],
      ['b', NAV, 2, ''],
      ['a', NAV, 1, ''],
      ['c', NAV, 3, ''],
      ['e', NAV, 5, ''],
    ]),
    expected: { open: ['a', 'b', 'c'], close: [] },
  },
  {
    name: 'a navigation takes the slot of the youngest hover',
    candidates: c([
      ['h1', HOVER, 1, 'open'],
      ['h2', HOVER, 2, 'open'],
      ['h3', HOVER, 3, 'open'],
      ['n', NAV, 9, ''],
    ]),
    expected: { open: ['n'], close: ['h3'] },
  },
  {
    name: 'a newer job of the same urgency waits (no churn)',
    candidates: c([
      ['a', NAV, 1, 'open'],
      ['b', NAV, 2, 'open'],
      ['c', NAV, 3, 'open'],
      ['d', NAV, 4, ''],
    ]),
    expected: { open: [], close: [] },
  },
  {
    name: 'an older job of the same urgency, answered later, waits too',
    candidates: c([
      ['b', NAV, 2, 'open'],
      ['c', NAV, 3, 'open'],
      ['d', NAV, 4, 'open'],
      ['a', NAV, 1, ''],
    ]),
    expected: { open: [], close: [] },
  },
  {
    name: 'a stream ended: its slot goes to the next oldest, the job itself polls',
    candidates: c([
      ['a', NAV, 1, 'ended'],
      ['b', NAV, 2, 'open'],
      ['c', NAV, 3, 'open'],
      ['d', NAV, 4, ''],
      ['e', NAV, 5, ''],
    ]),
    expected: { open: ['d'], close: [] },
  },
  {
    name: 'a job finished (gone): the most urgent waiting one streams',
    candidates: c([
      ['a', HOVER, 1, 'open'],
      ['b', HOVER, 2, 'open'],
      ['p', ['page-links'], 3, ''],
      ['h', HOVER, 4, ''],
    ]),
    expected: { open: ['h'], close: [] },
  },
  {
    name: 'a hovered link now navigated to counts as a navigation',
    candidates: c([
      ['h1', HOVER, 1, 'open'],
      ['h2', HOVER, 2, 'open'],
      ['h3', HOVER, 3, 'open'],
      ['x', ['hover', 'navigation'], 4, ''],
    ]),
    expected: { open: ['x'], close: ['h3'] },
  },
  {
    name: 'a person asking (menu, popup) before hovers, after navigations',
    candidates: c([
      ['h', HOVER, 1, ''],
      ['m', ['menu'], 5, ''],
      ['n', NAV, 9, ''],
      ['p', ['popup'], 7, ''],
    ]),
    expected: { open: ['n', 'm', 'p'], close: [] },
  },
  {
    name: 'no slots: every stream closes',
    candidates: c([
      ['a', NAV, 1, 'open'],
      ['b', HOVER, 2, ''],
    ]),
    cap: 0,
    expected: { open: [], close: ['a'] },
  },
  {
    name: 'the first streams of a burst end with their jobs: the others, near their end too, poll (no new stream)',
    candidates: c([
      ['d', NAV, 4, 'near'],
      ['e', NAV, 5, 'near'],
      ['f', NAV, 6, ''],
    ]),
    expected: { open: ['f'], close: [] },
  },
  {
    name: 'a stream open near its end keeps its slot',
    candidates: c([
      ['a', NAV, 1, 'near-open'],
      ['b', NAV, 2, 'open'],
      ['c', NAV, 3, 'open'],
      ['d', NAV, 4, ''],
    ]),
    expected: { open: [], close: [] },
  },
  {
    name: 'a broken cap counts as none',
    candidates: c([['a', NAV, 1, '']]),
    cap: Number.NaN,
    expected: { open: [], close: [] },
  },
  {
    name: 'over HTTP/2 (cap 24): a burst of twelve navigations and a hover all stream',
    candidates: c([...'abcdefghijkl'].map((u, i): Row => [u, NAV, i + 1, '']).concat([['h', HOVER, 20, '']])),
    cap: 24,
    expected: { open: [...'abcdefghijkl', 'h'], close: [] },
  },
  {
    name: 'back to HTTP/1.1 (cap 3): the youngest stream over the cap closes (its job polls), no new one opens',
    candidates: c([
      ['a', NAV, 1, 'open'],
      ['b', NAV, 2, 'open'],
      ['c', NAV, 3, 'open'],
      ['d', NAV, 4, 'open'],
      ['e', NAV, 5, ''],
    ]),
    expected: { open: [], close: ['d'] },
  },
];

/**
 * Example table for isNearEnd: [name, job age ms, what recent scans took (null: nothing learned),
 * its age when the service last said it was running, near its end]. Learned here: the earliest
 * typical scan 2,000 ms, the latest 2,600 ms.
 */
const USUAL = { earliestMs: 2000, latestMs: 2600 };
const QUICK = { earliestMs: 250, latestMs: 400 };
export const NEAR_END_EXAMPLES: readonly [
  string,
  number,
  { earliestMs: number; latestMs: number } | null,
  number,
  boolean,
][] = [
  ['just created: far from its end, may stream', 0, USUAL, 0, false],
  ['300 ms before the earliest typical end: its poll is due, no new stream', 1700, USUAL, 1200, true],
  ['at the latest typical end: still polled to its end', 2600, USUAL, 2300, true],
  [
    'past the latest typical end, seen running in its window: slower than usual, may stream again',
    2601,
    USUAL,
    2300,
    false,
  ],
  [
    'past the latest typical end, seen running only before its window: likely ended unheard, its poll tells',
    2601,
    USUAL,
    1699,
    true,
  ],
  ['its POST answered 5 s late in a burst, nothing seen since: no new stream, its poll is due', 5000, USUAL, 0, true],
  ['…and once its poll says it is still running at 5 s: overdue, may stream', 5000, USUAL, 5000, false],
  ['scans are usually quick (≤ 300 ms): a new job is near its end at once', 0, QUICK, 0, true],
  ['…and one seen still running at 2 s is overdue: may stream', 2000, QUICK, 2000, false],
  ['nothing learned yet: never near its end', 5000, null, 0, false],
];
