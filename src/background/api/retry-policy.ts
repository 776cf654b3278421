/**
 * Pure retry decisions of the transport (docs/decisions/015-api-client.md). The spec states no limits and no
 * retry rules ("Limits: not shown"), so these are the conservative defaults of a polite client.
 */

export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 20_000;
/** The longest we wait inside one call (Retry-After or global pause); longer waits are handed to
 *  the caller as `rate_limited` with `retryAfterMs`, which schedules them (alarms survive a dead worker). */
export const MAX_WAIT_MS = 20_000;

/** What one attempt came to, as far as retrying is concerned. */
export type Outcome =
  | { kind: 'network' } // fetch rejected: no response was received
  | { kind: 'timeout' } // our timer aborted the request (it may have reached the service)
  | { kind: 'status'; status: number } // a non-2xx answer
  | { kind: 'unreadable' }; // a 2xx whose body was cut or not JSON

export type RetryClass = 'idempotent' | 'unsafe';

/**
 * May this outcome be retried?
 *
 * | outcome                   | GET (idempotent) | POST/PUT/DELETE (unsafe) |
 * |---------------------------|------------------|--------------------------|
 * | network (no response)     | yes              | yes (same Idempotency-Key) |
 * | timeout                   | yes              | no  (it may have been processed) |
 * | 408, 429, 503             | yes              | 429/503 yes: not processed; 408 no |
 * | 500, 502, 504             | yes              | no                        |
 * | other 4xx, 501            | no               | no                        |
 * | unreadable 2xx body       | yes              | no  (the work was done)   |
 *
 * Decision on POST + 500 (brief asks to choose): NOT retried. The spec does not say the service
 * honours `Idempotency-Key`, so a 500 may come after the job was created and a credit spent; a
 * retry could scan and charge twice. The caller sees `server` and decides (e.g. later, from alarms).
 */
export function isRetryable(cls: RetryClass, o: Outcome): boolean {
  if (o.kind === 'network') return true;
  if (cls === 'unsafe') return o.kind === 'status' && (o.status === 429 || o.status === 503);
  if (o.kind === 'timeout' || o.kind === 'unreadable') return true;
  return [408, 429, 500, 502, 503, 504].includes(o.status);
}

/**
 * Full-jitter exponential backoff (AWS Architecture Blog, "Exponential Backoff And Jitter"):
 * uniform in [0, min(cap, base · 2^retry)). `retry` counts from 0 for the first retry.
 *   retry 0 → [0, 500) · 1 → [0, 1000) · 3 → [0, 4000) · 6+ → [0, 20000)
 */
export function backoffDelay(
  retry: number,
  random: () => number,
  base = BACKOFF_BASE_MS,
  cap = BACKOFF_CAP_MS,
): number {
  const ceiling = Math.min(cap, base * 2 ** Math.max(0, Math.min(retry, 30)));
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0.5;
  return Math.floor(unit * ceiling);
}

/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns ms from `now`, 0 for a
 * date in the past, null when absent or unreadable; at most MAX_RETRY_AFTER_MS (a 429 saying
 * "in a year", or 400 digits that read as Infinity, would stop every check of the worker's life).
 *   "3" → 3000 · "0" → 0 · "1.5" → 1500 · "Wed, 21 Oct 2015 07:28:00 GMT" → date − now · "soon" → null
 *   "31536000" → 3600000
 */
export const MAX_RETRY_AFTER_MS = 3_600_000;

export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value == null) return null;
  const v = value.trim();
  if (v === '') return null;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(v)) ms = Math.round(Number(v) * 1000);
  // Only accept things that look like a date, so "-5" or "12abc" are not read as years.
  else if (!/[a-z]/i.test(v) || Number.isNaN((ms = Date.parse(v) - now))) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}
