/**
 * Where a burst's submissions meet the network (issue 14 §3, BENCHMARKS.md measurement 11).
 *
 * Twelve tabs navigating at once used to send twelve POSTs; the browser keeps at most 6
 * connections per host (some held by event streams), so they reached the service in waves, the
 * last ~360 ms after the navigation order. Here a submission leaves at once while fewer than
 * MAX_POSTS_IN_FLIGHT POSTs are on the way (a lone navigation: no added delay, its own POST with
 * its own Idempotency-Key). Otherwise it waits, and everything waiting leaves as ONE batch POST
 * when a POST's answer arrives: a burst becomes a few requests instead of twelve.
 *
 * A waiting job is marked with the next batch's key in the jobs store before the batch leaves, so
 * a worker dying after the batch POST re-sends the same batch (same URLs, same order, same key)
 * on resume and the service answers with the same jobs (engine-resume.ts, batchGroups below).
 * Every URL still gets its own job and its own outcome; an error of the batch is each URL's error.
 */
import type { ApiClient, ApiResult, ScanJob } from '../api';
import type { PendingJob } from './jobs-store';

/** POSTs of submissions on the way at once; the rest wait and leave together as one batch. */
export const MAX_POSTS_IN_FLIGHT = 2;

/** Pure rule (examples in submit-gate.examples.ts): does a submission leave now or wait? */
export function planSubmit(s: { postsInFlight: number; waiting: number; cap?: number }): 'now' | 'wait' {
  const cap = Math.max(1, Math.floor(s.cap ?? MAX_POSTS_IN_FLIGHT));
  // Someone already waiting means the slots were full a moment ago: join them (one batch), do not
  // overtake them with a POST of one's own.
  if (s.waiting > 0) return 'wait';
  return s.postsInFlight < cap ? 'now' : 'wait';
}

/**
 * Jobs stored with the same batch key and still without a scan id: each group is one batch that
 * may have reached the service. URLs sorted, the order the batch was sent in (body identical).
 */
export function batchGroups(jobs: readonly PendingJob[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const j of jobs) {
    if (!j.batchKey || j.scanId) continue;
    groups.set(j.batchKey, [...(groups.get(j.batchKey) ?? []), j.url]);
  }
  for (const urls of groups.values()) urls.sort();
  return groups;
}

interface Waiter {
  url: string;
  /** The job's batch key written to the store (must land before the batch leaves). */
  marked: Promise<boolean>;
  resolve(r: ApiResult<ScanJob> | null): void;
}

export interface GateDeps {
  api: () => Promise<ApiClient | null>;
  newKey: () => string;
  /** Stores the batch key on the job; false when the job is gone or the write failed. */
  mark(url: string, batchKey: string): Promise<boolean>;
}

export interface SubmitGate {
  /**
   * The answer for this job's submission: its own POST or its part of a batch. null when nothing
   * was sent (no configured client by the time the batch left).
   */
  submit(job: PendingJob, api: ApiClient): Promise<ApiResult<ScanJob> | null>;
  /** Re-sends a batch that may have landed before the worker died: same URLs, order, key. */
  resend(urls: string[], batchKey: string, api: ApiClient): ReturnType<ApiClient['submitBatch']>;
  /** Whether a job waits for the next batch. */
  waiting(url: string): boolean;
  /** Whether this worker life is forming or sending the batch of this key (resume leaves it). */
  owns(batchKey: string): boolean;
}

export function createSubmitGate(deps: GateDeps): SubmitGate {
  let inFlight = 0;
  let waiters: Waiter[] = [];
  let nextKey: string | null = null;
  const sending = new Set<string>();

  /** Holds a slot for the duration of one POST; when it frees, whatever waits leaves. */
  async function slot<T>(fn: () => Promise<T>): Promise<T> {
    inFlight++;
    try {
      return await fn();
    } finally {
      inFlight--;
      if (waiters.length) void flush();
    }
  }

  async function flush() {
    const all = waiters;
    const key = nextKey!;
    waiters = [];
    nextKey = null;
    sending.add(key);
    await slot(async () => {
      // The key must be on every job before the batch leaves (resume re-sends the same batch). A
      // job gone meanwhile, or whose key could not be stored, is left out: nothing is sent for it
      // (a stored job without a scan id is sent again, alone, by the next resume).
      const marked = await Promise.all(all.map((w) => w.marked.catch(() => false)));
      all.filter((_, i) => !marked[i]).forEach((w) => w.resolve(null));
      // Sorted: the order resume re-sends a batch in (batchGroups), so the body is the same.
      const group = all.filter((_, i) => marked[i]).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
      if (!group.length) return;
      const api = await deps.api();
      if (!api) return group.forEach((w) => w.resolve(null));
      const outcomes = await api.submitBatch(group.map((w) => w.url), { idempotencyKey: key });
      group.forEach((w, i) => {
        const o = outcomes[i];
        w.resolve(o ? (o.ok ? { ok: true, value: o.job } : { ok: false, error: o.error }) : null);
      });
    }).finally(() => sending.delete(key));
  }

  return {
    submit(job, api) {
      if (planSubmit({ postsInFlight: inFlight, waiting: waiters.length }) === 'now') {
        return slot(() => api.submitScan(job.url, { idempotencyKey: job.idempotencyKey }));
      }
      nextKey ??= deps.newKey();
      const key = nextKey;
      return new Promise((resolve) => {
        waiters.push({ url: job.url, marked: deps.mark(job.url, key), resolve });
      });
    },
    resend: (urls, batchKey, api) => slot(() => api.submitBatch(urls, { idempotencyKey: batchKey })),
    waiting: (url) => waiters.some((w) => w.url === url),
    owns: (key) => key === nextKey || sending.has(key),
  };
}
