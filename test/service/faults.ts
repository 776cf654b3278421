/**
 * Fault injection: pure decisions driven by a seeded RNG, so a test that sets a rate of 1 gets the
 * fault every time and a fractional rate repeats run to run for the same seed.
 *
 * Where each fault bites (README "Faults"):
 * - 429, 503, 500 are decided BEFORE the handler: nothing happened, a retry is safe.
 * - malformed / truncated JSON are decided AFTER a 2xx handler result: the work WAS done (a scan
 *   created, credits spent), only the answer is broken, which is what Idempotency-Key is for.
 */
import type { Faults } from './types';

export const DEFAULT_FAULTS: Readonly<Faults> = Object.freeze({
  rate429: 0,
  retryAfterForm: 'seconds',
  retryAfterSeconds: 1,
  rate500: 0,
  rate503: 0,
  rateMalformed: 0,
  rateTruncated: 0,
  slowMs: 0,
  streamMode: 'normal',
  failScans: false,
  intermediateStates: [],
});

export const MALFORMED_BODY = '{bad json';

/** mulberry32: tiny, seedable, good enough for fault dice. Returns numbers in [0, 1). */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Merge a partial update, ignoring undefined values and clamping rates to 0..1. Exception:
 * `paths: undefined` (or null, from JSON) given explicitly removes the path filter.
 */
export function mergeFaults(current: Faults, patch: Partial<Faults>): Faults {
  const next: Faults = { ...current };
  for (const [k, v] of Object.entries(patch) as [keyof Faults, unknown][]) {
    if (v !== undefined && v !== null) (next as unknown as Record<string, unknown>)[k] = v;
  }
  if ('paths' in patch && (patch.paths === undefined || patch.paths === null)) delete next.paths;
  for (const k of ['rate429', 'rate500', 'rate503', 'rateMalformed', 'rateTruncated'] as const) {
    next[k] = Number.isFinite(next[k]) ? Math.min(1, Math.max(0, next[k])) : 0;
  }
  next.slowMs = Number.isFinite(next.slowMs) ? Math.max(0, next.slowMs) : 0;
  next.retryAfterSeconds = Number.isFinite(next.retryAfterSeconds) ? Math.max(0, next.retryAfterSeconds) : 1;
  next.intermediateStates = Array.isArray(next.intermediateStates) ? next.intermediateStates.map(String) : [];
  if (next.paths !== undefined && !Array.isArray(next.paths)) delete next.paths;
  return next;
}

/** Faults apply to /v1 requests only, and only to `paths` prefixes when those are given. */
export function faultsApply(f: Faults, path: string): boolean {
  if (!path.startsWith('/v1')) return false;
  return f.paths === undefined || f.paths.some((p) => path.startsWith(p));
}

export type PreFault = { status: 429 | 503 | 500; headers: Record<string, string> } | null;

/** Retry-After value in the configured form (RFC 9110 §10.2.3: delay-seconds or HTTP-date). */
export function retryAfter(f: Faults, now: number): string {
  if (f.retryAfterForm === 'http-date') return new Date(now + f.retryAfterSeconds * 1000).toUTCString();
  return String(Math.round(f.retryAfterSeconds));
}

/** Decide a fault that replaces the whole answer. One die per rate, in a fixed order. */
export function preFault(f: Faults, rng: () => number, now: number): PreFault {
  if (f.rate429 > 0 && rng() < f.rate429) return { status: 429, headers: { 'Retry-After': retryAfter(f, now) } };
  if (f.rate503 > 0 && rng() < f.rate503) return { status: 503, headers: { 'Retry-After': retryAfter(f, now) } };
  if (f.rate500 > 0 && rng() < f.rate500) return { status: 500, headers: {} };
  return null;
}

/** Corrupt a 2xx JSON text, or return it unchanged. */
export function postFault(f: Faults, rng: () => number, json: string): string {
  if (f.rateMalformed > 0 && rng() < f.rateMalformed) return MALFORMED_BODY;
  // Our bodies are objects: any strict prefix of `{...}` lacks the closing brace, so is invalid.
  if (f.rateTruncated > 0 && rng() < f.rateTruncated) return json.slice(0, Math.max(1, Math.floor(json.length / 2)));
  return json;
}
