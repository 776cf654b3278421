/** Polling and retry schedule (docs/decisions/014-scan-engine.md: start ~1 s, back off to ~30 s, give up after a deadline). */
export const FIRST_POLL_MS = 1000;
/**
 * The next poll happens when the job's age has grown by this factor. Tied to the age (not to the
 * previous interval) so a scan finishing just after a poll is seen at most ~25 % late: intervals
 * grow geometrically from 1 s as before, but the overshoot is bounded by the factor.
 * (BENCHMARKS.md "Time to verdict": ×1.6 intervals gave p95 1.92× the service's time; this model gives ~1.23×.)
 */
export const POLL_AGE_FACTOR = 1.25;
export const MIN_POLL_GAP_MS = 250;
export const MAX_POLL_MS = 30_000;
/** While an event stream is open, polling is only the guarantee against a stream that lies. */
export const POLL_WHILE_STREAMING_MS = 10_000;
/** A job still not terminal after this is shown as "timed out" and no longer tracked. */
export const JOB_DEADLINE_MS = 3 * 60_000;
/** Hovered links are gathered this long and sent as one batch. */
export const HOVER_BATCH_WINDOW_MS = 120;
export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 60_000;

/**
 * Delay until the next poll of a job that is `ageMs` old (since it was created here), when
 * nothing better is known: poll-timing.ts uses the service's hints and recent durations first.
 */
export const nextPollDelay = (ageMs: number) =>
  Math.min(MAX_POLL_MS, Math.max(MIN_POLL_GAP_MS, Math.round(Math.max(0, ageMs) * (POLL_AGE_FACTOR - 1))));

/** Retry delay for a failed submission: the service's Retry-After wins, else doubling. */
export function retryDelay(attempt: number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null && retryAfterMs >= 0) return Math.min(RETRY_MAX_MS, retryAfterMs);
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt));
}
