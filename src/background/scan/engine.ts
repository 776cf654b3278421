/**
 * The scan engine: from "check this normalized URL" to a verdict in the cache.
 *
 * - cache hit answers at once; the same URL in flight is one job (dedupe);
 * - hovered / page links are gathered briefly and sent as one batch; navigations and menu
 *   checks go at once;
 * - each job is tracked by its event stream when that works, and by polling always;
 * - every step is persisted (jobs-store.ts), so `resume()` after the worker's death carries on
 *   where it stopped, re-sending the same Idempotency-Key for a POST that may have landed.
 */
import type { UrlStatus, Verdict } from '@/src/shared/verdict';
import type { ScanReason, ErrorInfoWithFix } from '@/src/shared/messaging/protocol';
import type { ApiClient, ApiError, ApiResult, ScanJob } from '../api';
import { isTerminal } from '../api';
import type { VerdictCache } from '../cache/verdict-cache';
import type { JobsStore, PendingJob } from './jobs-store';
import { toVerdict } from './to-verdict';
import { appendLedger, recordHistory } from '../state/ledger';
import * as T from './timing';

export interface JobMeta {
  tabIds: number[];
  reasons: ScanReason[];
  scanId: string | null;
}
export type EngineListener = (url: string, status: UrlStatus, meta: JobMeta) => void;

export interface EngineDeps {
  jobs: JobsStore;
  cache: VerdictCache;
  /** The configured client, or null before the person (or policy) configured the service. */
  api: () => Promise<ApiClient | null>;
  /** Cache lifetime for a verdict (by band, from settings). */
  ttlFor: (v: Verdict) => Promise<number>;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  newKey?: () => string;
  /** Told how many jobs are pending after each change (main.ts keeps the resume alarm). */
  onPending?: (count: number) => void;
}

export interface ScanEngine {
  /** `url` must already be normalized and gated. */
  request(url: string, reason: ScanReason, tabId?: number): Promise<UrlStatus>;
  /** Makes `peek`/`request` see this URL's cached verdict and persisted job even right after a wake. */
  warm(url: string): Promise<void>;
  /** Verdict or in-flight/failed status known right now, without sending anything. */
  peek(url: string): UrlStatus;
  resume(): Promise<void>;
  onUpdate(fn: EngineListener): void;
  problem(): ErrorInfoWithFix | null;
  onProblem(fn: (p: ErrorInfoWithFix | null) => void): void;
  /** Credits are back (purchase, or the balance check found some): resubmit what waited. */
  creditsRestored(): Promise<void>;
  /** Settings changed (new key/URL): clear a standing auth problem and try again. */
  configChanged(): void;
  /** Forget transient statuses (failed/timed out) so "check again" really checks. */
  forget(url: string): void;
  pendingCount(): number;
}

const errorStatus = (e: ApiError): UrlStatus => ({ kind: 'error', code: e.code, message: e.message });

/** A terminal event-stream frame as a ScanJob, filled in from what we already know of the job. */
function fromFrame(job: PendingJob, f: Partial<ScanJob> & { state: string }): ScanJob {
  return {
    id: f.id ?? job.scanId ?? '',
    url: f.url ?? job.url,
    state: f.state,
    createdAt: f.createdAt ?? null,
    completedAt: f.completedAt ?? null,
    result: f.result ?? null,
    failureReason: f.failureReason ?? null,
    extra: f.extra ?? {},
  };
}

export function createScanEngine(deps: EngineDeps): ScanEngine {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  const listeners = new Set<EngineListener>();
  const problemListeners = new Set<(p: ErrorInfoWithFix | null) => void>();
  /** In-memory mirror of what is in flight (the store is the truth after a restart). */
  const inflight = new Map<string, { scanId: string | null; state: string; since: number }>();
  /** Terminal non-verdict outcomes of this worker's life: failed, timed out, refused. */
  const outcomes = new Map<string, UrlStatus>();
  const tracking = new Set<string>();
  const streaming = new Set<string>();
  const pollTimers = new Map<string, unknown>();
  const retryAttempts = new Map<string, number>();
  let hoverQueue: string[] = [];
  let hoverTimer: unknown = null;
  let streamSupported = true;
  let standing: ErrorInfoWithFix | null = null;

  function emit(url: string, status: UrlStatus, job: Pick<PendingJob, 'tabIds' | 'reasons' | 'scanId'>) {
    for (const fn of listeners) {
      try {
        fn(url, status, { tabIds: job.tabIds, reasons: job.reasons, scanId: job.scanId });
      } catch {
        // a listener's failure must not stop delivery to the others
      }
    }
  }

  function setProblem(p: ErrorInfoWithFix | null) {
    if (JSON.stringify(p) === JSON.stringify(standing)) return;
    standing = p;
    for (const fn of problemListeners) fn(p);
  }

  const checking = (url: string): UrlStatus => {
    const f = inflight.get(url)!;
    return { kind: 'checking', state: f.state, scanId: f.scanId ?? undefined, since: f.since };
  };

  function peek(url: string): UrlStatus {
    const v = deps.cache.get(url);
    if (v) return { kind: 'verdict', verdict: v, decision: { action: 'allow', reason: 'undecided' } };
    if (inflight.has(url)) return checking(url);
    return outcomes.get(url) ?? { kind: 'unchecked' };
  }

  async function request(url: string, reason: ScanReason, tabId?: number): Promise<UrlStatus> {
    const cached = peek(url);
    if (cached.kind === 'verdict') return cached;
    if (inflight.has(url)) {
      await deps.jobs.update(url, (j) => ({
        ...j,
        tabIds: tabId === undefined || j.tabIds.includes(tabId) ? j.tabIds : [...j.tabIds, tabId],
        reasons: j.reasons.includes(reason) ? j.reasons : [...j.reasons, reason],
      }));
      return checking(url);
    }
    if (standing && (standing.code === 'unauthorized' || standing.code === 'forbidden')) {
      return { kind: 'error', code: standing.code, message: standing.message };
    }
    const t = now();
    const job: PendingJob = {
      url,
      idempotencyKey: newKey(),
      scanId: null,
      state: 'SUBMITTING',
      reasons: [reason],
      createdAt: t,
      deadline: t + T.JOB_DEADLINE_MS,
      pollDelayMs: T.FIRST_POLL_MS,
      tabIds: tabId === undefined ? [] : [tabId],
      waitingFor: standing?.code === 'insufficient_credits' ? 'credits' : null,
      retryAt: 0,
    };
    outcomes.delete(url);
    inflight.set(url, { scanId: null, state: job.state, since: t });
    await deps.jobs.put(job);
    deps.onPending?.(inflight.size);
    if (job.waitingFor === 'credits') return checking(url);
    if (reason === 'hover' || reason === 'page-links') enqueueBatch(url);
    else void submitOne(job);
    return checking(url);
  }

  function enqueueBatch(url: string) {
    hoverQueue.push(url);
    if (hoverTimer !== null) return;
    hoverTimer = setTimer(() => void flushBatch(), T.HOVER_BATCH_WINDOW_MS);
  }

  async function flushBatch() {
    hoverTimer = null;
    const urls = hoverQueue;
    hoverQueue = [];
    const api = await deps.api();
    if (!api || !urls.length) return;
    const jobsNow = await deps.jobs.all();
    await recordSent(urls.map((u) => ({ url: u, reasons: jobsNow[u]?.reasons ?? ['hover'] })));
    const outcomesOf = await api.submitBatch(urls);
    for (const o of outcomesOf) {
      const job = await deps.jobs.get(o.url);
      if (job) await handleSubmitted(job, o.ok ? { ok: true, value: o.job } : { ok: false, error: o.error });
    }
  }

  /** The privacy ledger records a URL when it leaves, whatever the service answers. */
  function recordSent(items: Array<{ url: string; reasons: ScanReason[] }>) {
    const at = now();
    return appendLedger(items.flatMap((i) => i.reasons.map((reason) => ({ url: i.url, at, reason })))).catch(() => undefined);
  }

  async function submitOne(job: PendingJob) {
    const api = await deps.api();
    if (!api) return;
    await recordSent([job]);
    const res = await api.submitScan(job.url, { idempotencyKey: job.idempotencyKey });
    await handleSubmitted(job, res);
  }

  async function handleSubmitted(job: PendingJob, res: ApiResult<ScanJob>) {
    if (res.ok) {
      retryAttempts.delete(job.url);
      if (standing?.code === 'insufficient_credits' || standing?.code === 'unauthorized' || standing?.code === 'forbidden' || standing?.code === 'network' || standing?.code === 'server') setProblem(null);
      const scan = res.value;
      const updated = await deps.jobs.update(job.url, (j) => ({ ...j, scanId: scan.id, state: scan.state, waitingFor: null }));
      if (!updated) return;
      inflight.set(job.url, { scanId: scan.id, state: scan.state, since: job.createdAt });
      await recordHistory({ id: scan.id, url: job.url, state: scan.state, createdAt: scan.createdAt, riskScore: null, band: null, source: 'local' }).catch(() => undefined);
      emit(job.url, checking(job.url), updated);
      if (isTerminal(scan.state)) await finish(updated, scan);
      else track(updated);
      return;
    }
    const e = res.error;
    switch (e.code) {
      case 'insufficient_credits': {
        await deps.jobs.update(job.url, (j) => ({ ...j, waitingFor: 'credits' }));
        setProblem({ code: e.code, message: e.message, fix: 'credits' });
        return;
      }
      case 'unauthorized':
      case 'forbidden':
      case 'config':
        setProblem({ code: e.code, message: e.message, fix: 'options' });
        return drop(job, errorStatus(e));
      case 'invalid_request':
      case 'not_found':
        // The service refuses this URL; retrying would not change its mind.
        return drop(job, errorStatus(e));
      default: {
        const n = retryAttempts.get(job.url) ?? 0;
        retryAttempts.set(job.url, n + 1);
        if (e.code === 'network' || e.code === 'server') setProblem({ code: e.code, message: e.message, fix: 'none' });
        const at = now() + T.retryDelay(n, e.retryAfterMs);
        if (at > job.deadline) return drop(job, { kind: 'timed_out' });
        await deps.jobs.update(job.url, (j) => ({ ...j, waitingFor: 'retry', retryAt: at }));
        setTimer(() => void retryNow(job.url), at - now());
      }
    }
  }

  async function retryNow(url: string) {
    const j = await deps.jobs.get(url);
    if (!j || j.scanId || j.waitingFor !== 'retry') return;
    await deps.jobs.update(url, (x) => ({ ...x, waitingFor: null }));
    await submitOne(j);
  }

  async function drop(job: PendingJob, status: UrlStatus) {
    await deps.jobs.remove(job.url);
    inflight.delete(job.url);
    tracking.delete(job.url);
    outcomes.set(job.url, status);
    deps.onPending?.(inflight.size);
    emit(job.url, status, job);
  }

  function track(job: PendingJob) {
    if (tracking.has(job.url) || !job.scanId) return;
    tracking.add(job.url);
    if (streamSupported) void runStream(job);
    schedulePoll(job.url, streamSupported ? Math.max(job.pollDelayMs, T.POLL_WHILE_STREAMING_MS) : job.pollDelayMs);
  }

  /** One poll timer per job: a new schedule replaces the old one (e.g. stream ended early). */
  function schedulePoll(url: string, ms: number) {
    const old = pollTimers.get(url);
    if (old !== undefined) clearTimer(old);
    pollTimers.set(url, setTimer(() => {
      pollTimers.delete(url);
      void poll(url);
    }, ms));
  }

  async function runStream(job: PendingJob) {
    const api = await deps.api();
    if (!api || !job.scanId) return;
    streaming.add(job.url);
    try {
      for await (const ev of api.streamEvents(job.scanId)) {
        if (!tracking.has(job.url)) return;
        if (ev.kind === 'transition') {
          const state = ev.job.state;
          const f = inflight.get(job.url);
          if (f && f.state !== state) {
            inflight.set(job.url, { ...f, state });
            emit(job.url, checking(job.url), job);
          }
          if (isTerminal(state)) {
            streaming.delete(job.url);
            // The client hands over a frame's result only when it reads as a full, valid result:
            // then the frame is the answer. Otherwise one GET fetches the authoritative job.
            const current = await deps.jobs.get(job.url);
            if (current && (ev.job.result || state === 'FAILED')) return void (await finish(current, fromFrame(current, ev.job)));
            return void (await poll(job.url));
          }
        } else {
          if (ev.reason === 'unsupported') streamSupported = false;
          // The stream is over: polling takes back its normal pace at once.
          streaming.delete(job.url);
          if (ev.reason !== 'terminal') return void (await poll(job.url));
          return;
        }
      }
    } finally {
      streaming.delete(job.url);
    }
  }

  async function poll(url: string) {
    const timer = pollTimers.get(url);
    if (timer !== undefined) {
      clearTimer(timer);
      pollTimers.delete(url);
    }
    const job = await deps.jobs.get(url);
    if (!job || !job.scanId) return;
    if (now() > job.deadline) return drop(job, { kind: 'timed_out', scanId: job.scanId });
    const api = await deps.api();
    if (!api) return;
    const res = await api.getScan(job.scanId);
    if (res.ok && isTerminal(res.value.state)) return finish(job, res.value);
    let delay: number;
    if (res.ok) {
      const f = inflight.get(url);
      if (f && f.state !== res.value.state) {
        inflight.set(url, { ...f, state: res.value.state });
        emit(url, checking(url), job);
      }
      delay = T.nextPollDelay(now() - job.createdAt);
    } else if (res.error.code === 'not_found' || res.error.code === 'unauthorized' || res.error.code === 'forbidden') {
      return drop(job, errorStatus(res.error));
    } else {
      delay = T.retryDelay(0, res.error.retryAfterMs);
    }
    await deps.jobs.update(url, (j) => ({ ...j, pollDelayMs: delay, state: res.ok ? res.value.state : j.state }));
    if (!tracking.has(url)) return;
    schedulePoll(url, streaming.has(url) ? Math.max(delay, T.POLL_WHILE_STREAMING_MS) : delay);
  }

  async function finish(job: PendingJob, scan: ScanJob) {
    if (scan.state === 'FAILED') {
      await recordHistory({ id: scan.id, url: job.url, state: 'FAILED', createdAt: scan.createdAt, riskScore: null, band: null, source: 'local' }).catch(() => undefined);
      return drop(job, { kind: 'failed', scanId: scan.id, message: scan.failureReason ?? '' });
    }
    const v = toVerdict(job.url, scan, now());
    if (!v) return drop(job, { kind: 'error', code: 'bad_response', message: 'The service finished without a usable result.' });
    // Cache first, then forget the job: a death in between re-polls instead of losing the verdict.
    await deps.cache.set(v, await deps.ttlFor(v));
    await deps.jobs.remove(job.url);
    inflight.delete(job.url);
    tracking.delete(job.url);
    deps.onPending?.(inflight.size);
    // Tell listeners (a redirect may wait on it) before the history bookkeeping.
    emit(job.url, { kind: 'verdict', verdict: v, decision: { action: 'allow', reason: 'undecided' } }, job);
    await recordHistory({ id: scan.id, url: job.url, state: scan.state, createdAt: scan.createdAt, riskScore: v.riskScore, band: v.band, source: 'local' }).catch(() => undefined);
  }

  async function resume() {
    const all = await deps.jobs.all();
    deps.onPending?.(Object.keys(all).length);
    for (const job of Object.values(all)) {
      if (!inflight.has(job.url)) inflight.set(job.url, { scanId: job.scanId, state: job.state, since: job.createdAt });
      if (now() > job.deadline) {
        await drop(job, { kind: 'timed_out', scanId: job.scanId ?? undefined });
        continue;
      }
      if (job.scanId) {
        if (!tracking.has(job.url)) track(job);
        else if (!pollTimers.has(job.url) && !streaming.has(job.url)) void poll(job.url);
        continue;
      }
      if (job.waitingFor === 'credits' && standing?.code === 'insufficient_credits') continue;
      if (job.waitingFor === 'retry' && job.retryAt > now()) continue;
      // Never answered (or the worker died mid-POST): same Idempotency-Key, so no double scan.
      if (!hoverQueue.includes(job.url)) void submitOne(job);
    }
  }

  return {
    request,
    peek,
    async warm(url) {
      await deps.cache.prime(url);
      if (inflight.has(url)) return;
      // A job persisted by an earlier worker life, not resumed yet: adopt it rather than
      // starting a second scan of the same URL (resume() will track it).
      const job = await deps.jobs.get(url);
      if (job && !inflight.has(url)) inflight.set(url, { scanId: job.scanId, state: job.state, since: job.createdAt });
    },
    resume,
    onUpdate: (fn) => void listeners.add(fn),
    problem: () => standing,
    onProblem: (fn) => void problemListeners.add(fn),
    async creditsRestored() {
      if (standing?.code === 'insufficient_credits') setProblem(null);
      const all = await deps.jobs.all();
      for (const j of Object.values(all)) {
        if (j.waitingFor === 'credits') {
          await deps.jobs.update(j.url, (x) => ({ ...x, waitingFor: null }));
          void submitOne({ ...j, waitingFor: null });
        }
      }
    },
    configChanged() {
      if (standing && standing.fix === 'options') setProblem(null);
    },
    forget(url) {
      outcomes.delete(url);
    },
    pendingCount: () => inflight.size,
  };
}
