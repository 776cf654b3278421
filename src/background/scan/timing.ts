/** Polling and retry schedule (issue 3: start ~1 s, back off to ~30 s, give up after a deadline). */
export const FIRST_POLL_MS = 1000;
export const POLL_FACTOR = 1.6;
export const MAX_POLL_MS = 30_000;
/** While an event stream is open, polling is only the guarantee against a stream that lies. */
export const POLL_WHILE_STREAMING_MS = 10_000;
/** A job still not terminal after this is shown as "timed out" and no longer tracked. */
export const JOB_DEADLINE_MS = 3 * 60_000;
/** Hovered links are gathered this long and sent as one batch. */
export const HOVER_BATCH_WINDOW_MS = 120;
export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 60_000;

export const nextPollDelay = (prev: number) => Math.min(MAX_POLL_MS, Math.round(prev * POLL_FACTOR));

/** Retry delay for a failed submission: the service's Retry-After wins, else doubling. */
export function retryDelay(attempt: number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null && retryAfterMs >= 0) return Math.min(RETRY_MAX_MS, retryAfterMs);
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt));
}
