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
 * A burst outgrows that under load: with fifty tabs starting at once the jobs' writes land quickly
 * but far apart, so most left alone, and the browser sends at most six requests to one host at a
 * time over HTTP/1.1: thirty POSTs reached the service in five waves, the last ~2.9 s after the
 * order (BENCHMARKS.md "Bursts of navigations at once"). So at most MAX_SUBMITS_IN_FLIGHT of these
 * POSTs are on their way at once: a job created while that many are unanswered joins the open
 * batch, which stays open to newcomers until one of them is answered, and then leaves as one POST
 * (the service's batch endpoint, chunked by api/batch.ts). A queue of POSTs in the browser cannot
 * merge; one in ours does. A navigation while fewer are on their way still waits for nothing.
 *
 * A worker that dies after a batch POST re-sends the same batch (same URLs in the same order, same
 * key) on resume, so the service answers with the same jobs (batchGroups, engine-resume.ts). Every
 * URL still gets its own job and its own outcome; an error of the whole batch is each URL's error.
 */
import type { ApiClient, ApiResult, ScanJob } from '../api';
import type { PendingJob } from './jobs-store';

export type JoinPlan = 'alone' | 'join' | 'open';

/**
 * Navigation/check POSTs on their way at once, at most: half the six connections per host a
 * browser keeps over HTTP/1.1 (event streams hold up to three of the others: stream-slots.ts).
 */
export const MAX_SUBMITS_IN_FLIGHT = 3;
/**
 * A gathered batch waits for a free slot at most this long after its first member is ready: under
 * load an answer can take over a second to come back (measured: 1.1 s for a POST the service
 * answered at once), and the batch must not wait for that. Still long enough for a burst's
 * navigations, heard over half a second, to leave in a handful of POSTs.
 */
export const MAX_GATHER_MS = 100;

export interface JoinInput {
  /** Other navigation/check jobs assigned and not sent yet. */
  othersPreparing: number;
  /** A batch is open to newcomers. */
  batchOpen: boolean;
  /** This gate's POSTs sent and not answered yet (absent: none). */
  inFlight?: number;
}

/**
 * Pure rule (examples in submit-gate.examples.ts): how a new navigation/check job is sent, given
 * how many other such jobs are being prepared now, how many POSTs are on their way, and whether a
 * batch is open to newcomers. Alone (at once) only when nobody else is being prepared and a POST
 * may leave now; otherwise it gathers with the others into one batch.
 */
export function planJoin(s: JoinInput): JoinPlan {
  if (s.othersPreparing <= 0 && !slotsFull(s.inFlight)) return 'alone';
  return s.batchOpen ? 'join' : 'open';
}

/** Whether this many unanswered POSTs hold every slot (a nonsense count holds none). */
export const slotsFull = (inFlight: number | undefined): boolean =>
  Number.isFinite(inFlight) && (inFlight ?? 0) >= MAX_SUBMITS_IN_FLIGHT;

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
  /** The timer that closes it if no slot frees meanwhile (MAX_GATHER_MS), or null. */
  gather: unknown;
  /** Closed to newcomers (its first member is ready and a POST may leave). */
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

export interface GateTimers {
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

const realTimers: GateTimers = {
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createSubmitGate(newKey: () => string, timers: GateTimers = realTimers): SubmitGate {
  /** Jobs assigned and not sent yet: alone ones and batch members alike. */
  const preparing = new Set<string>();
  let open: Batch | null = null;
  /** Batches not answered yet, by key; and each member's batch. */
  const batches = new Map<string, Batch>();
  const memberOf = new Map<string, Batch>();
  /** POSTs of this gate sent and not answered yet (alone and batch alike). */
  let inFlight = 0;

  /** Closed to newcomers: it leaves once every member is ready (or has dropped out). */
  function close(b: Batch) {
    if (b.gather !== null) timers.clearTimer(b.gather);
    b.gather = null;
    b.closed = true;
    maybeSend(b);
  }

  /** Counts a POST on its way until it is answered; a freed slot lets a waiting batch leave. */
  function counted<T>(post: Promise<T>): Promise<T> {
    inFlight++;
    return post.finally(() => {
      inFlight--;
      if (open && open.ready.size > 0 && !slotsFull(inFlight)) close(open);
    });
  }

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
    void counted(b.api.submitBatch(urls, { idempotencyKey: b.key }))
      .then(
        (outcomes) =>
          urls.forEach((u, i) => {
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
      if (b.gather !== null) timers.clearTimer(b.gather);
      if (open === b) open = null;
      batches.delete(b.key);
      return;
    }
    maybeSend(b);
  }

  return {
    assign(url) {
      const plan = planJoin({
        othersPreparing: [...preparing].filter((u) => u !== url).length,
        batchOpen: open !== null && !open.closed,
        inFlight,
      });
      preparing.add(url);
      if (plan === 'alone') return null;
      if (plan === 'open' || !open) {
        open = { key: newKey(), gather: null, closed: false, waiting: new Set(), ready: new Map(), api: null };
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
        return counted(api.submitScan(job.url, { idempotencyKey: job.idempotencyKey }));
      }
      return new Promise<Answer>((resolve) => {
        b.waiting.delete(job.url);
        b.ready.set(job.url, resolve);
        b.api ??= api;
        // Every slot taken: it stays open to newcomers until a POST is answered (counted), for
        // MAX_GATHER_MS at most.
        if (!slotsFull(inFlight)) close(b);
        else if (!b.closed && b.gather === null) b.gather = timers.setTimer(() => close(b), MAX_GATHER_MS);
        else maybeSend(b);
      });
    },
    leave,
    resend: (urls, batchKey, api) => api.submitBatch(urls, { idempotencyKey: batchKey }),
    owns: (key) => batches.has(key),
    preparing: (url) => preparing.has(url),
  };
}
