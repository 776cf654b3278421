/**
 * How long the service's recent scans took, as this browser saw them: the poll rule
 * (poll-timing.ts) polls densely where jobs finish. Kept in the private store (kv 'db', out of a
 * content script's reach), so a woken worker does not start from nothing; a bad stored value is
 * dropped, never trusted. Examples in scan-durations.examples.ts.
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { fallback } from '@/src/shared/zod-lean';
import { readKey, writeKey } from '../state/kv';
import type { LearnedDurations } from './poll-timing';

/** Recent samples kept: enough for stable quantiles, few enough to follow a service that changes. */
export const MAX_SAMPLES = 40;
/** Fewer samples than this: nothing learned yet (the age rule of timing.ts applies). */
export const MIN_SAMPLES = 5;
/** A duration beyond ten minutes is not a link check's; 0 or less is not a duration. */
export const MAX_DURATION_MS = 600_000;
/** The tight range ends this far past the high quantile, so its last samples are covered too. */
export const LATEST_STRETCH = 1.1;

/** What one finished job tells about its duration. */
export interface DurationObservation {
  /** The job's own createdAt / completedAt (service clock), when both were given and read. */
  createdAt?: string | null;
  completedAt?: string | null;
  /** Our ages (ms after the job was created here): last seen not done, and first seen done. */
  lastPendingAgeMs: number;
  doneSeenAgeMs: number;
}

const valid = (ms: number) => Number.isFinite(ms) && ms > 0 && ms <= MAX_DURATION_MS;

/**
 * One sample: the service's own timestamps when both read (exact, and no clock skew: one clock),
 * else the middle of what we saw (last seen not done … first seen done). The middle, not the end:
 * a job finishing before the first poll would otherwise report the first poll's time and the
 * rule could never learn to poll earlier. Null when nothing usable.
 */
export function durationSample(o: DurationObservation): number | null {
  const c = o.createdAt ? Date.parse(o.createdAt) : NaN;
  const d = o.completedAt ? Date.parse(o.completedAt) : NaN;
  if (valid(d - c)) return Math.round(d - c);
  if (!Number.isFinite(o.doneSeenAgeMs) || !Number.isFinite(o.lastPendingAgeMs)) return null;
  const lo = Math.max(0, Math.min(o.lastPendingAgeMs, o.doneSeenAgeMs));
  const mid = Math.round((lo + o.doneSeenAgeMs) / 2);
  return valid(mid) ? mid : null;
}

/** Nearest-rank quantile of sorted values. */
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

/** The learned range from recent samples (p10 … p90 × LATEST_STRETCH), or null with too few. */
export function learnedFrom(samples: readonly number[]): LearnedDurations | null {
  const s = samples
    .filter(valid)
    .slice(-MAX_SAMPLES)
    .sort((a, b) => a - b);
  if (s.length < MIN_SAMPLES) return null;
  return { earliestMs: quantile(s, 0.1), latestMs: Math.round(quantile(s, 0.9) * LATEST_STRETCH) };
}

const KEY = 'scanDurations';
const Stored = z.pipe(
  fallback(z.array(z.unknown()), []),
  z.transform((a) => a.filter((x): x is number => typeof x === 'number' && valid(x)).slice(-MAX_SAMPLES)),
);

export interface DurationLog {
  /** Loads what an earlier worker life kept (once; later calls are free). */
  load(): Promise<void>;
  add(ms: number | null): void;
  learned(): LearnedDurations | null;
}

export function createDurationLog(opts: { persist?: boolean } = {}): DurationLog {
  let samples: number[] = [];
  let loaded: Promise<void> | null = null;
  let learned: LearnedDurations | null = null;
  const persist = opts.persist ?? true;
  return {
    load() {
      loaded ??= persist
        ? readKey('db', KEY, Stored, [])
            .then((old) => {
              samples = [...old, ...samples].slice(-MAX_SAMPLES);
              learned = learnedFrom(samples);
            })
            .catch(ignore)
        : Promise.resolve();
      return loaded;
    },
    add(ms) {
      if (ms === null || !valid(ms)) return;
      samples = [...samples, ms].slice(-MAX_SAMPLES);
      learned = learnedFrom(samples);
      // Best effort: losing a sample costs a slightly worse schedule, never a verdict.
      if (persist) void writeKey('db', KEY, samples).catch(ignore);
    },
    learned: () => learned,
  };
}
