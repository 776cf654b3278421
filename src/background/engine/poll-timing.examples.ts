/**
 * Example table for nextPoll, tested in test/unit/background/engine/scan-rules.test.ts.
 * Ages in ms after the job was created here. "learned" = recent scans took 1.5–3 s
 * (earliest 1500, latest 3300): the first poll at 1525, then every 9 % of the age until 3300.
 */
import { NO_HINTS, type PollHints } from '../api';
import type { PollTiming, PollTimingInput } from './poll-timing';

export interface PollExample {
  name: string;
  input: PollTimingInput;
  expected: PollTiming;
}

const learned = { earliestMs: 1500, latestMs: 3300 };
const hints = (h: Partial<PollHints>): PollHints => ({ ...NO_HINTS, ...h });

export const POLL_EXAMPLES: readonly PollExample[] = [
  // Nothing known: first poll when the job is 1 s old, then when its age grew ×1.25 (≥ 250 ms).
  { name: 'new job, nothing known', input: { ageMs: 20 }, expected: { delayMs: 980, reason: 'age' } },
  { name: 'after the first poll, nothing known', input: { ageMs: 1000 }, expected: { delayMs: 250, reason: 'age' } },
  { name: 'a slow job, nothing known', input: { ageMs: 4000 }, expected: { delayMs: 1000, reason: 'age' } },
  { name: 'close to 1 s: the gap, not a 50 ms poll', input: { ageMs: 800 }, expected: { delayMs: 250, reason: 'age' } },
  {
    name: 'an impossible age counts as a new job',
    input: { ageMs: Number.NaN },
    expected: { delayMs: 1000, reason: 'age' },
  },
  // Learned from recent scans.
  {
    name: 'new job: first poll at the earliest typical duration (+ margin)',
    input: { ageMs: 30, learned },
    expected: { delayMs: 1495, reason: 'learned-first' },
  },
  {
    name: 'early, still before the earliest',
    input: { ageMs: 1000, learned },
    expected: { delayMs: 525, reason: 'learned-first' },
  },
  {
    name: 'just short of the earliest: tight already (no 45 ms poll)',
    input: { ageMs: 1480, learned },
    expected: { delayMs: 133, reason: 'learned-tight' },
  },
  {
    name: 'at the earliest: every 9 % of the age',
    input: { ageMs: 1525, learned },
    expected: { delayMs: 137, reason: 'learned-tight' },
  },
  {
    name: 'in the middle of the range',
    input: { ageMs: 3000, learned },
    expected: { delayMs: 270, reason: 'learned-tight' },
  },
  {
    name: 'slower than the usual scans: back to ×1.25',
    input: { ageMs: 4000, hintsAgeMs: 3500, learned },
    expected: { delayMs: 1000, reason: 'learned-slow' },
  },
  {
    name: 'past the longest typical time, nothing heard since its POST (the answer came back late): ask at once',
    input: { ageMs: 4000, learned },
    expected: { delayMs: 0, reason: 'learned-overdue' },
  },
  {
    name: '…or last heard of before the earliest typical time',
    input: { ageMs: 4000, hintsAgeMs: 1400, learned },
    expected: { delayMs: 0, reason: 'learned-overdue' },
  },
  {
    name: 'short scans: tight gaps never under 100 ms',
    input: { ageMs: 300, learned: { earliestMs: 250, latestMs: 600 } },
    expected: { delayMs: 100, reason: 'learned-tight' },
  },
  // The service's own hints win over what we learned.
  {
    name: 'Retry-After on the answer',
    input: { ageMs: 500, hints: hints({ retryAfterMs: 2000 }), learned },
    expected: { delayMs: 2000, reason: 'retry-after' },
  },
  {
    name: 'Retry-After 0: the smallest gap, not a hot loop',
    input: { ageMs: 500, hints: hints({ retryAfterMs: 0 }) },
    expected: { delayMs: 100, reason: 'retry-after' },
  },
  {
    name: 'Retry-After of 10 min: at most 30 s (polling stays the guarantee)',
    input: { ageMs: 500, hints: hints({ retryAfterMs: 600_000 }) },
    expected: { delayMs: 30_000, reason: 'retry-after' },
  },
  {
    name: 'estimated completion 2 s after creation',
    input: { ageMs: 300, hints: hints({ expectedTotalMs: 2000 }), learned },
    expected: { delayMs: 1725, reason: 'estimate' },
  },
  {
    name: 'remaining 800 ms, said when the job was 1 s old',
    input: { ageMs: 1000, hints: hints({ remainingMs: 800 }), hintsAgeMs: 1000 },
    expected: { delayMs: 825, reason: 'estimate' },
  },
  {
    name: 'half done at 1 s: done at 2 s',
    input: { ageMs: 1010, hints: hints({ progress: 0.5 }), hintsAgeMs: 1000 },
    expected: { delayMs: 1015, reason: 'estimate' },
  },
  {
    name: 'progress too small to extrapolate: ignored',
    input: { ageMs: 1000, hints: hints({ progress: 0.01 }), hintsAgeMs: 1000, learned },
    expected: { delayMs: 525, reason: 'learned-first' },
  },
  {
    name: 'an estimate already passed: the learned rule',
    input: { ageMs: 2500, hints: hints({ expectedTotalMs: 2000 }), learned },
    expected: { delayMs: 225, reason: 'learned-tight' },
  },
  {
    name: 'an estimate already passed, nothing learned: the age rule',
    input: { ageMs: 2500, hints: hints({ expectedTotalMs: 2000 }) },
    expected: { delayMs: 625, reason: 'age' },
  },
];
