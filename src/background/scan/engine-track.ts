/**
 * Tracking a submitted job until it is terminal: by its event stream when that works, and by
 * polling always (the stream may lie or die); then the verdict goes to the cache before the job
 * is forgotten, so a worker dying in between re-polls instead of losing it.
 */
import type { ScanJob } from '../api';
import { isTerminal } from '../api';
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';
import { expired } from './engine-core';
import { toVerdict } from './to-verdict';
import { recordHistory } from '../state/ledger';
import * as T from './timing';
import { msg } from '../i18n';

export interface Tracker {
  track(job: PendingJob): void;
  poll(url: string): Promise<void>;
  finish(job: PendingJob, scan: ScanJob): Promise<void>;
}

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

const errorStatus = (e: { code: string; message: string }) => ({ kind: 'error' as const, code: e.code, message: e.message });

export function createTracker(core: EngineCore): Tracker {
  const { deps } = core;

  function track(job: PendingJob) {
    if (core.tracking.has(job.url) || !job.scanId) return;
    core.tracking.add(job.url);
    if (core.streamSupported) void runStream(job);
    schedulePoll(job.url, core.streamSupported ? Math.max(job.pollDelayMs, T.POLL_WHILE_STREAMING_MS) : job.pollDelayMs);
  }

  /** One poll timer per job: a new schedule replaces the old one (e.g. stream ended early). */
  function schedulePoll(url: string, ms: number) {
    const old = core.pollTimers.get(url);
    if (old !== undefined) core.clearTimer(old);
    core.pollTimers.set(url, core.setTimer(() => {
      core.pollTimers.delete(url);
      void poll(url);
    }, ms));
  }

  function noteState(url: string, state: string, job: PendingJob) {
    const f = core.inflight.get(url);
    if (f && f.state !== state) {
      core.inflight.set(url, { ...f, state });
      core.emit(url, core.checking(url), job);
    }
  }

  async function runStream(job: PendingJob) {
    const api = await deps.api();
    if (!api || !job.scanId) return;
    core.streaming.add(job.url);
    try {
      for await (const ev of api.streamEvents(job.scanId)) {
        if (!core.tracking.has(job.url)) return;
        if (ev.kind === 'transition') {
          const state = ev.job.state;
          noteState(job.url, state, job);
          if (isTerminal(state)) {
            core.streaming.delete(job.url);
            // The client hands over a frame's result only when it reads as a full, valid result:
            // then the frame is the answer. Otherwise one GET fetches the authoritative job.
            const current = await deps.jobs.get(job.url);
            if (current && (ev.job.result || state === 'FAILED')) return void (await finish(current, fromFrame(current, ev.job)));
            return void (await poll(job.url));
          }
        } else {
          if (ev.reason === 'unsupported') core.streamSupported = false;
          // The stream is over: polling takes back its normal pace at once.
          core.streaming.delete(job.url);
          if (ev.reason !== 'terminal') return void (await poll(job.url));
          return;
        }
      }
    } finally {
      core.streaming.delete(job.url);
    }
  }

  async function poll(url: string) {
    const timer = core.pollTimers.get(url);
    if (timer !== undefined) {
      core.clearTimer(timer);
      core.pollTimers.delete(url);
    }
    const job = await deps.jobs.get(url);
    if (!job || !job.scanId) return;
    if (expired(job, core.now())) return core.drop(job, { kind: 'timed_out', scanId: job.scanId });
    const api = await deps.api();
    if (!api) return;
    const res = await api.getScan(job.scanId);
    if (res.ok && isTerminal(res.value.state)) return finish(job, res.value);
    let delay: number;
    if (res.ok) {
      noteState(url, res.value.state, job);
      delay = T.nextPollDelay(core.now() - job.createdAt);
    } else if (res.error.code === 'not_found' || res.error.code === 'unauthorized' || res.error.code === 'forbidden') {
      return core.drop(job, errorStatus(res.error));
    } else {
      delay = T.retryDelay(0, res.error.retryAfterMs);
    }
    const lastError = res.ok ? null : res.error.code;
    const updated = await deps.jobs.update(url, (j) => ({ ...j, pollDelayMs: delay, state: res.ok ? res.value.state : j.state, lastError }));
    if (updated && core.inflight.has(url)) core.inflight.set(url, { ...core.inflight.get(url)!, lastError });
    if (!core.tracking.has(url)) return;
    schedulePoll(url, core.streaming.has(url) ? Math.max(delay, T.POLL_WHILE_STREAMING_MS) : delay);
  }

  async function finish(job: PendingJob, scan: ScanJob) {
    if (scan.state === 'FAILED') {
      await recordHistory({ id: scan.id, url: job.url, state: 'FAILED', createdAt: scan.createdAt, riskScore: null, band: null, source: 'local' }).catch(() => undefined);
      return core.drop(job, { kind: 'failed', scanId: scan.id, message: scan.failureReason ?? '' });
    }
    const v = toVerdict(job.url, scan, core.now());
    if (!v) return core.drop(job, { kind: 'error', code: 'bad_response', message: msg('bg_noUsableResult', 'The service finished without a usable result.') });
    // Cache first, then forget the job: a death in between re-polls instead of losing the verdict.
    await deps.cache.set(v, await deps.ttlFor(v));
    await deps.jobs.remove(job.url);
    core.inflight.delete(job.url);
    core.tracking.delete(job.url);
    deps.onPending?.(core.inflight.size);
    // Tell listeners (a redirect may wait on it) before the history bookkeeping.
    core.emit(job.url, { kind: 'verdict', verdict: v, decision: { action: 'allow', reason: 'undecided' } }, job);
    await recordHistory({ id: scan.id, url: job.url, state: scan.state, createdAt: scan.createdAt, riskScore: v.riskScore, band: v.band, source: 'local' }).catch(() => undefined);
  }

  return { track, poll, finish };
}
