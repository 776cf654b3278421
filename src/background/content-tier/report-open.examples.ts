/**
 * Example table for reportOpenDecision: a tab's earlier report-page opens (ms) →
 * whether one more is allowed now. Three per tab within ten minutes. Tested in
 * test/unit/background/content-tier/report-open.test.ts.
 */
const MIN = 60_000;

export const REPORT_OPEN_EXAMPLES: readonly {
  name: string;
  earlier: number[];
  now: number;
  allowed: boolean;
  kept: number[];
}[] = [
  { name: 'first open', earlier: [], now: 100 * MIN, allowed: true, kept: [100 * MIN] },
  {
    name: 'third open within the window',
    earlier: [99 * MIN, 99.5 * MIN],
    now: 100 * MIN,
    allowed: true,
    kept: [99 * MIN, 99.5 * MIN, 100 * MIN],
  },
  {
    name: 'fourth open within the window: refused',
    earlier: [95 * MIN, 97 * MIN, 99 * MIN],
    now: 100 * MIN,
    allowed: false,
    kept: [95 * MIN, 97 * MIN, 99 * MIN],
  },
  {
    name: 'a page looping the message: the same millisecond',
    earlier: [100 * MIN, 100 * MIN, 100 * MIN],
    now: 100 * MIN,
    allowed: false,
    kept: [100 * MIN, 100 * MIN, 100 * MIN],
  },
  {
    name: 'the oldest open left the window',
    earlier: [90 * MIN, 97 * MIN, 99 * MIN],
    now: 100 * MIN,
    allowed: true,
    kept: [97 * MIN, 99 * MIN, 100 * MIN],
  },
  {
    name: 'exactly ten minutes later counts no more',
    earlier: [90 * MIN, 91 * MIN, 92 * MIN],
    now: 101 * MIN,
    allowed: true,
    kept: [92 * MIN, 101 * MIN],
  },
  {
    name: 'a time from the future (clock set back) does not count',
    earlier: [200 * MIN, 200 * MIN, 200 * MIN],
    now: 100 * MIN,
    allowed: true,
    kept: [100 * MIN],
  },
];
