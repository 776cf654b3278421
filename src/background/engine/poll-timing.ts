/**
 * When to poll a job next (docs/decisions/014-scan-engine.md): a pure rule, examples in poll-timing.examples.ts.
 *
 * Time to verdict by polling is the first poll after the job finished, so the aim (verdict within
 * ~8 % of the service's own time, ≤ 5 GETs per scan) means: poll densely where jobs finish, and
 * sparsely where they do not. Where they finish comes, in order of trust, from:
 *   1. the service's Retry-After on the answer: it asked; we come back then;
 *   2. the service's own estimate (an estimated completion, queue + processing time, a remaining
 *      time, or progress, api/hints.ts): poll just after it; if it passes, fall through;
 *   3. what this browser saw of recent scans (scan-durations.ts): the first poll at the earliest
 *      typical duration, then every ×TIGHT_AGE_FACTOR of the job's age until the longest typical
 *      one, then back to the wider factor (an unusually slow scan costs few GETs);
 *   4. nothing known: the age rule of timing.ts (first poll after 1 s, then every ×1.25).
 * Polling stays the guarantee: every branch gives a finite delay within [min gap, MAX_POLL_MS],
 * but one: a job already past its longest typical time when first heard of asks at once.
 */
import type { PollHints } from '../api';
import { FIRST_POLL_MS, MAX_POLL_MS, MIN_POLL_GAP_MS, nextPollDelay } from './timing';

/** Inside the learned range: each poll when the age has grown by 9 % (a late poll is ≤ 9 % late). */
export const TIGHT_AGE_FACTOR = 1.09;
/** The smallest gap between two polls of one job in the tight range. */
export const TIGHT_MIN_GAP_MS = 100;
/** Poll this long after the service's own estimate (its clock and ours tick apart by a few ms). */
export const ESTIMATE_MARGIN_MS = 25;
/** Progress below this extrapolates too far to be trusted. */
export const MIN_PROGRESS = 0.05;

/** What recent scans took, from scan-durations.ts (null until enough were seen). */
export interface LearnedDurations {
  /** A low quantile of recent durations: before it, few jobs finish. */
  earliestMs: number;
  /** A high quantile: past it, the job is slow for this service, and polls widen again. */
  latestMs: number;
}

export interface PollTimingInput {
  /** The job's age now (ms since the service's answer to its POST, else since it was created here). */
  ageMs: number;
  /** Hints of the last answer (absent before the first poll, or when the service gave none). */
  hints?: PollHints | null;
  /** The job's age when that answer was read (remaining times and progress count from it). */
  hintsAgeMs?: number;
  learned?: LearnedDurations | null;
}

export type PollReason =
  'retry-after' | 'estimate' | 'learned-first' | 'learned-tight' | 'learned-overdue' | 'learned-slow' | 'age';

export interface PollTiming {
  delayMs: number;
  reason: PollReason;
}

const clamp = (ms: number, min: number) => Math.min(MAX_POLL_MS, Math.max(min, Math.round(ms)));

/** The service's expected total duration of the job, from whatever estimate it gave. */
export function expectedTotalOf(hints: PollHints | null | undefined, hintsAgeMs: number): number | null {
  if (!hints) return null;
  if (hints.expectedTotalMs !== null) return hints.expectedTotalMs;
  if (hints.remainingMs !== null) return hintsAgeMs + hints.remainingMs;
  if (hints.progress !== null && hints.progress >= MIN_PROGRESS && hintsAgeMs > 0) return hintsAgeMs / hints.progress;
  return null;
}

export function nextPoll(input: PollTimingInput): PollTiming {
  const age = Number.isFinite(input.ageMs) ? Math.max(0, input.ageMs) : 0;
  const hints = input.hints ?? null;
  if (hints?.retryAfterMs != null)
    return { delayMs: clamp(hints.retryAfterMs, TIGHT_MIN_GAP_MS), reason: 'retry-after' };
  const expected = expectedTotalOf(hints, input.hintsAgeMs ?? age);
  // An estimate already passed says nothing about when it will really be done: fall through.
  if (expected !== null && expected + ESTIMATE_MARGIN_MS - age >= TIGHT_MIN_GAP_MS) {
    return { delayMs: clamp(expected + ESTIMATE_MARGIN_MS - age, TIGHT_MIN_GAP_MS), reason: 'estimate' };
  }
  const learned = input.learned;
  if (learned && learned.earliestMs > 0 && learned.latestMs >= learned.earliestMs) {
    // The margin: a few ms between the service's clocks and ours (ages start at the POST's answer).
    const first = learned.earliestMs + ESTIMATE_MARGIN_MS;
    if (age + TIGHT_MIN_GAP_MS <= first)
      return { delayMs: clamp(first - age, TIGHT_MIN_GAP_MS), reason: 'learned-first' };
    if (age <= learned.latestMs)
      return { delayMs: clamp(age * (TIGHT_AGE_FACTOR - 1), TIGHT_MIN_GAP_MS), reason: 'learned-tight' };
    // Past the longest typical time with nothing heard since before the earliest (its POST's
    // answer came back late, as under a burst): it has likely ended unheard. Ask at once, once:
    // the answer's age then decides the next.
    if ((input.hintsAgeMs ?? 0) < learned.earliestMs) return { delayMs: 0, reason: 'learned-overdue' };
    return { delayMs: clamp(nextPollDelay(age), MIN_POLL_GAP_MS), reason: 'learned-slow' };
  }
  // Nothing known: the first poll when the job is FIRST_POLL_MS old, then the age rule.
  if (age + MIN_POLL_GAP_MS <= FIRST_POLL_MS) return { delayMs: FIRST_POLL_MS - Math.round(age), reason: 'age' };
  return { delayMs: nextPollDelay(age), reason: 'age' };
}
