/**
 * Example tables for durationSample and learnedFrom, tested in
 * test/unit/background/engine/scan-rules.test.ts.
 */
import type { LearnedDurations } from './poll-timing';
import type { DurationObservation } from './scan-durations';

const T0 = '2026-01-01T00:00:00.000Z';

export const SAMPLE_EXAMPLES: ReadonlyArray<{ name: string; obs: DurationObservation; expected: number | null }> = [
  {
    name: "the service's own timestamps: exact",
    obs: { createdAt: T0, completedAt: '2026-01-01T00:00:02.250Z', lastPendingAgeMs: 1000, doneSeenAgeMs: 2600 },
    expected: 2250,
  },
  {
    name: 'no completedAt: the middle of what we saw',
    obs: { createdAt: T0, completedAt: null, lastPendingAgeMs: 1000, doneSeenAgeMs: 2600 },
    expected: 1800,
  },
  {
    name: 'completedAt before createdAt: not trusted',
    obs: { createdAt: '2026-01-01T00:00:05.000Z', completedAt: T0, lastPendingAgeMs: 1000, doneSeenAgeMs: 2600 },
    expected: 1800,
  },
  {
    name: 'unreadable timestamps',
    obs: { createdAt: 'yesterday', completedAt: 'today', lastPendingAgeMs: 1000, doneSeenAgeMs: 1200 },
    expected: 1100,
  },
  {
    name: 'done at the first poll: half of it (so the rule can learn to poll earlier)',
    obs: { lastPendingAgeMs: 0, doneSeenAgeMs: 1600 },
    expected: 800,
  },
  {
    name: 'seen pending after seen done (nonsense): the done age',
    obs: { lastPendingAgeMs: 3000, doneSeenAgeMs: 2000 },
    expected: 2000,
  },
  { name: 'no age: nothing', obs: { lastPendingAgeMs: 0, doneSeenAgeMs: Number.NaN }, expected: null },
  { name: 'zero: nothing', obs: { lastPendingAgeMs: 0, doneSeenAgeMs: 0 }, expected: null },
  {
    name: 'an hour: not a link check',
    obs: {
      createdAt: T0,
      completedAt: '2026-01-01T01:00:00.000Z',
      lastPendingAgeMs: 3_600_000,
      doneSeenAgeMs: 3_600_000,
    },
    expected: null,
  },
];

const range = (from: number, step: number, n: number) => Array.from({ length: n }, (_, i) => from + i * step);

export const LEARNED_EXAMPLES: ReadonlyArray<{ name: string; samples: number[]; expected: LearnedDurations | null }> = [
  { name: 'nothing yet', samples: [], expected: null },
  { name: 'four are too few', samples: [1000, 1100, 1200, 1300], expected: null },
  { name: 'ten: p10 … p90 × 1.1', samples: range(1000, 100, 10), expected: { earliestMs: 1000, latestMs: 1980 } },
  {
    name: 'order does not matter',
    samples: [1900, 1000, 1500, 1200, 1800, 1100, 1700, 1300, 1600, 1400],
    expected: { earliestMs: 1000, latestMs: 1980 },
  },
  {
    name: 'bad values are dropped, not counted',
    samples: [-5, Number.NaN, 700_000, 0, 2000, 2000, 2000, 2000, 2000],
    expected: { earliestMs: 2000, latestMs: 2200 },
  },
  {
    name: 'only the last 40 count: a service that got slower',
    samples: [...range(500, 0, 10), ...range(2000, 0, 40)],
    expected: { earliestMs: 2000, latestMs: 2200 },
  },
  {
    name: 'one fast outlier in ten: p10 is still the fast one',
    samples: [300, ...range(2000, 10, 9)],
    expected: { earliestMs: 300, latestMs: 2277 },
  },
];
