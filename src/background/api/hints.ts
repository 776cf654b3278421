/**
 * What a scan answer says about WHEN the job will be done, when it says anything. The spec shows
 * none of this (its "Limits" leave the polling interval "not shown"; only `createdAt` is a time),
 * so every field here is optional and read tolerantly: a service that sends nothing gets the
 * engine's own schedule, and a value that does not read is ignored, never guessed. Pure.
 *
 * The result is expressed as the job's expected duration from its creation (`expectedTotalMs`),
 * not as a wall-clock time, so a clock difference between the service and this browser cancels
 * out: an estimated-completion timestamp is read against the answer's own `createdAt`.
 */
import { parseRetryAfter } from './retry-policy';
import { numberOrNull, obj, pick, type Json } from './shape';

export interface PollHints {
  /** The service asked to come back after this long (Retry-After on a 2xx answer), ms. */
  retryAfterMs: number | null;
  /**
   * When the service expects the job done, in ms after the job's creation (its own clock).
   * Null when it did not say, or said something unusable (negative, absurdly far).
   */
  expectedTotalMs: number | null;
  /**
   * Like expectedTotalMs, but measured from the moment the answer was read (a "remaining"
   * estimate): the engine adds the job's age at that moment.
   */
  remainingMs: number | null;
  /** Progress 0..1 (a percentage is divided by 100), for a linear extrapolation by the engine. */
  progress: number | null;
}

export const NO_HINTS: PollHints = Object.freeze({
  retryAfterMs: null,
  expectedTotalMs: null,
  remainingMs: null,
  progress: null,
});

/** Anything beyond ten minutes is not a poll timing a link check can use. */
const MAX_HINT_MS = 600_000;

const ms = (v: unknown): number | null => {
  const n = numberOrNull(v);
  return n !== null && n >= 0 && n <= MAX_HINT_MS ? Math.round(n) : null;
};

const ETA_AT_KEYS = [
  'estimatedCompletionAt',
  'estimated_completion_at',
  'estimatedCompletion',
  'estimated_completion',
  'etaAt',
  'eta_at',
  'expectedAt',
];
const REMAINING_KEYS = [
  'remainingMs',
  'remaining_ms',
  'etaMs',
  'eta_ms',
  'estimatedRemainingMs',
  'estimated_remaining_ms',
];

/**
 * Reads the hints of one job answer (the job object, already unwrapped) and its Retry-After.
 *   {createdAt: T, estimatedCompletionAt: T+2000ms}           → expectedTotalMs 2000
 *   {queueMs: 300, processingMs: 1700} (job not done yet)       → expectedTotalMs 2000
 *   {processingMs: 1700}                                        → expectedTotalMs 1700
 *   {etaMs: 800} · {remaining_ms: "800"}                        → remainingMs 800
 *   {progress: 0.5} · {progress: 50}                            → progress 0.5
 *   Retry-After "2" on a 200                                    → retryAfterMs 2000
 *   {estimatedCompletionAt: "soon"} · {etaMs: -5} · {progress: 3000} → null for that field
 * A finished job's processingMs is history, not an estimate: the caller reads hints of
 * non-terminal answers only.
 */
export function readPollHints(job: Json | null, retryAfter: string | null | undefined, now: number): PollHints {
  const retryAfterMs = parseRetryAfter(retryAfter, now);
  const out: PollHints = {
    ...NO_HINTS,
    retryAfterMs: retryAfterMs !== null && retryAfterMs <= MAX_HINT_MS ? retryAfterMs : null,
  };
  if (!job) return out;
  const created = dateOf(pick(job, ['createdAt', 'created_at']));
  const etaAt = dateOf(pick(job, ETA_AT_KEYS));
  if (created !== null && etaAt !== null) out.expectedTotalMs = ms(etaAt - created);
  if (out.expectedTotalMs === null) {
    const processing = ms(
      pick(job, ['processingMs', 'processing_ms', 'estimatedProcessingMs', 'estimated_processing_ms']),
    );
    const queue = ms(pick(job, ['queueMs', 'queue_ms', 'estimatedQueueMs', 'estimated_queue_ms'])) ?? 0;
    if (processing !== null && processing > 0) out.expectedTotalMs = ms(queue + processing);
  }
  out.remainingMs = ms(pick(job, REMAINING_KEYS));
  out.progress = progressOf(pick(job, ['progress', 'percentComplete', 'percent_complete']));
  return out;
}

function dateOf(v: unknown): number | null {
  if (typeof v !== 'string' || v.length > 100 || !/^\d{4}-\d\d-\d\dT/.test(v.trim())) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

function progressOf(v: unknown): number | null {
  const inner = obj(v);
  const n = numberOrNull(inner ? pick(inner, ['fraction', 'percent', 'value']) : v);
  if (n === null || n < 0 || n > 100) return null;
  return n > 1 ? n / 100 : n;
}
