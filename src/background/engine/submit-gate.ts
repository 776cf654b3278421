/**
 * Where a burst's submissions meet the network (docs/decisions/014-scan-engine.md, BENCHMARKS.md "Bursts of navigations at once").
 *
 * Twelve tabs navigating at once used to send twelve POSTs; the browser keeps at most 6
 * connections per host (some held by event streams), so they reached the service in waves, the
 * last ~360 ms after the navigation order. Now the navigations of a burst leave as one batch POST.
 *
 * Who goes with whom is decided when the job is created, before its first write (planJoin): a job
 * created while no other navigation or check is being prepared (its writes not landed yet) goes
 * alone, at once, as its own POST with its own Idempotency-Key: a lone navigation waits for
 * nothing. A job created while others are being prepared joins the open batch and is stored with
 * that batch's key, in the same write as the job itself (no extra storage round trip). The batch
 * closes to newcomers when its first member is ready, and leaves once every member is ready (its
 * job and ledger writes landed) or has dropped out. Why not wait for a POST's answer instead: in
 * the probe the first POST's round trip took ~300 ms while twelve renderers started, and a batch
 * held for it left 235 ms after its members were ready; the members' writes end within ~30 ms of
 * each other (jobs-store.ts group commit), so waiting for them costs little.
 *
 * A worker that dies after a batch POST re-sends the same batch (same URLs in the same order, same
 * key) on resume, so the service answers with the same jobs (batchGroups, engine-resume.ts). Every
 * URL still gets its own job and its own outcome; an error of the whole batch is each URL's error.
 */
import type { ApiClient, ApiResult, ScanJob } from '../api';
import type { PendingJob } from './jobs-store';

export type JoinPlan = 'alone' | 'join' | 'open';

/**
 * Pure rule (examples in submit-gate.examples.ts): how a new navigation/check job is sent, given
 * how many other such jobs are being prepared now and whether a batch is open to newcomers.
 */
export function planJoin(s: { othersPreparing: number; batchOpen: boolean }): JoinPlan {
  if (s.othersPreparing <= 0) return 'alone';
  return s.batchOpen ? 'join' : 'open';
}

/**
 * Jobs stored with the same batch key and still without a scan id: each group is one batch that
 * may have reached the service. URLs sorted: the order a batch is sent in (body identical).
 */
export function batchGroups(jobs: readonly PendingJob[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const j of jobs) {
    if (!j.batchKey || j.scanId) continue;
    groups.set(j.batchKey, [...(groups.get(j.batchKey) ?? []), j.url]);
  }
  for (const urls of groups.values()) inBatchOrder(urls);
  return groups;
}

type Answer = ApiResult<ScanJob> | null;

interface Batch {
  key: string;
  /** Closed to newcomers (its first member is ready). */
  closed: boolean;
  /** Members not ready yet. */
  waiting: Set<string>;
  /** Members ready, with who waits for the answer. */
  ready: Map<string, (a: Answer) => void>;
  api: ApiClient | null;
}

export interface SubmitGate {
  /** Before the job's first write: the batch key to store with it, or null (it goes alone). */
  assign(url: string): string | null;
  /**
   * The job is ready (stored, in the ledger): its answer, from its own POST or its part of the
   * batch. null when nothing was sent for it (no client any more when the batch was to leave).
   */
  submit(job: PendingJob, api: ApiClient): Promise<Answer>;
  /** The job will not be submitted now (write failed, budget spent, no client): out of its batch. */
  leave(url: string): void;
  /** Re-sends a batch that may have landed before the worker died: same URLs, order, key. */
  resend(urls: string[], batchKey: string, api: ApiClient): ReturnType<ApiClient['submitBatch']>;
  /** Whether this worker life is forming or sending the batch of this key (resume leaves it). */
  owns(batchKey: string): boolean;
  /** Whether the job was assigned here and its POST has not left yet. */
  preparing(url: string): boolean;
}

const byUrl = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** A batch's URLs in the one order its POST and every resend use (the same body for its key). */
export const inBatchOrder = (urls: string[]): string[] => urls.sort(byUrl);

export function createSubmitGate(newKey: () => string): SubmitGate {
  /** Jobs assigned and not sent yet: alone ones and batch members alike. */
  const preparing = new Set<string>();
  let open: Batch | null = null;
  /** Batches not answered yet, by key; and each member's batch. */
  const batches = new Map<string, Batch>();
  const memberOf = new Map<string, Batch>();

  /** Leaves when no member is still being prepared. */
  function maybeSend(b: Batch) {
    if (b.waiting.size > 0 || !b.closed) return;
    if (open === b) open = null;
    const urls = inBatchOrder([...b.ready.keys()]);
    const answers = b.ready;
    for (const u of urls) {
      preparing.delete(u);
      memberOf.delete(u);
    }
    if (!urls.length || !b.api) {
      for (const r of answers.values()) r(null);
      batches.delete(b.key);
      return;
    }
    void b.api
      .submitBatch(urls, { idempotencyKey: b.key })
      .then(
        (outcomes) => urls.forEach((u, i) => {
          const o = outcomes[i];
          answers.get(u)!(o ? (o.ok ? { ok: true, value: o.job } : { ok: false, error: o.error }) : null);
        }),
        // submitBatch never rejects; should it, nothing is known to have been sent.
        () => urls.forEach((u) => answers.get(u)!(null)),
      )
      .finally(() => batches.delete(b.key));
  }

  /** Out of its batch (and of the preparing set); a batch left with only ready members leaves. */
  function leave(url: string) {
    preparing.delete(url);
    const b = memberOf.get(url);
    if (!b) return;
    memberOf.delete(url);
    b.waiting.delete(url);
    // A batch whose only members dropped out before any was ready is never sent.
    if (b.ready.size === 0 && b.waiting.size === 0) {
      if (open === b) open = null;
      batches.delete(b.key);
      return;
    }
    maybeSend(b);
  }

  return {
    assign(url) {
      const plan = planJoin({ othersPreparing: [...preparing].filter((u) => u !== url).length, batchOpen: open !== null && !open.closed });
      preparing.add(url);
      if (plan === 'alone') return null;
      if (plan === 'open' || !open) {
        open = { key: newKey(), closed: false, waiting: new Set(), ready: new Map(), api: null };
        batches.set(open.key, open);
      }
      open.waiting.add(url);
      memberOf.set(url, open);
      return open.key;
    },
    submit(job, api) {
      const b = memberOf.get(job.url);
      if (!b || job.batchKey !== b.key) {
        // Not this batch's member after all (a job sent again with another key): out of it first.
        if (b) leave(job.url);
        preparing.delete(job.url);
        return api.submitScan(job.url, { idempotencyKey: job.idempotencyKey });
      }
      return new Promise<Answer>((resolve) => {
        b.waiting.delete(job.url);
        b.ready.set(job.url, resolve);
        b.api ??= api;
        b.closed = true;
        maybeSend(b);
      });
    },
    leave,
    resend: (urls, batchKey, api) => api.submitBatch(urls, { idempotencyKey: batchKey }),
    owns: (key) => batches.has(key),
    preparing: (url) => preparing.has(url),
  };
}
