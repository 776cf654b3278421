// A model of polling schedules (no network, no overhead): when does a poller first see a job
// that finishes `processingMs` after it was created? Used beside the measured polling-only
// figures to show that the schedule, not the machine, sets the ratio, and what another schedule
// would give. Computed, not measured: BENCHMARKS.md labels it so.
import { FIRST_POLL_MS, nextPollDelay } from '@/src/background/engine/timing';

export interface PollOutcome {
  /** When the first poll that sees the job finished happens (ms after creation). */
  seenAtMs: number;
  /** GETs sent until then, that one included. */
  gets: number;
}

/** Polls at `first`, then each next one `delay(previous poll time)` later, until one sees the job done. */
function schedule(processingMs: number, first: number, delay: (at: number, interval: number) => number): PollOutcome {
  let at = first;
  let interval = first;
  let gets = 1;
  while (at < processingMs) {
    interval = delay(at, interval);
    at += interval;
    gets++;
  }
  return { seenAtMs: at, gets };
}

/** The engine's schedule (src/background/engine/timing.ts): FIRST_POLL_MS, then `nextPollDelay(age)`. */
export const currentSchedule = (processingMs: number): PollOutcome =>
  schedule(processingMs, FIRST_POLL_MS, (at) => nextPollDelay(at));

/** A schedule of growing intervals: 1 s, then each interval ×1.6 (overshoot up to 2.6× early on), for comparison. */
export const previousSchedule = (processingMs: number): PollOutcome =>
  schedule(processingMs, 1000, (_at, interval) => Math.min(30_000, Math.round(interval * 1.6)));

/** Next poll when the job's age has grown by `factor`, at least `minGapMs` later (capped at 30 s). */
export const ageSchedule = (processingMs: number, factor: number, minGapMs: number): PollOutcome =>
  schedule(processingMs, 1000, (at) => Math.min(30_000, Math.max(minGapMs, Math.round(at * (factor - 1)))));
