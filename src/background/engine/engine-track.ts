/**
 * Tracking a submitted job until it is terminal: by polling always (timed by poll-timing.ts: the
 * service's hints, what recent scans took), and by an event stream for the few jobs that hold one
 * of the stream slots (engine-stream.ts, stream-slots.ts: streams must not take the connections
 * POSTs and polls need). The verdict goes to the cache before the job is forgotten, so a worker dying in between
 * re-polls instead of losing it.
 */
import type { ScanJob } from '../api';
import { isTerminal } from '../api';
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';
import { expired } from './engine-core';
import * as T from './timing';
import { nextPoll } from './poll-timing';
import { createFinisher } from './engine-finish';
import { createStreamer } from './engine-stream';
import { whileWorking } from '../idle';

export interface Tracker {
  /** `acceptedAt`: the job's poll clock (job-clock.ts: its createdAt, else the answer's arrival). */
  track(job: PendingJob, acceptedAt?: number): void;
  poll(url: string): Promise<void>;
  finish(job: PendingJob, scan: ScanJob): Promise<void>;
  /** Re-plans who streams (a job's urgency rose: a hovered link is now navigated to). */
  rebalance(): void;
}

const errorStatus = (e: { code: string; message: string }) => ({
  kind: 'error' as const,
  code: e.code,
  message: e.message,
});

export function createTracker(core: EngineCore): Tracker {
  const { deps } = core;
  /** The job's record, looked up afresh after every await: the job may have ended meanwhile. */
  const rec = (url: string) => core.records.get(url);
  /** The job's age for the poll rule and the duration samples: since the service accepted it. */
  const ageOf = (job: PendingJob) => core.now() - (rec(job.url)?.acceptedAt ?? job.createdAt);

  /** The poll rule's delay for this job now; with a stream open, polling is only the guarantee. */
  function pollDelayFor(url: string, job: Pick<PendingJob, 'createdAt'>): number {
    const seen = rec(url)?.pendingSeen;
    const { delayMs } = nextPoll({
      ageMs: core.now() - (rec(url)?.acceptedAt ?? job.createdAt),
      hints: seen?.hints,
      hintsAgeMs: seen?.ageMs,
      learned: core.durations.learned(),
    });
    return rec(url)?.streaming ? Math.max(delayMs, T.POLL_WHILE_STREAMING_MS) : delayMs;
  }

  function track(job: PendingJob, acceptedAt?: number) {
    // Only a job in flight (mirrored: engine-core.ts) is tracked, once.
    const r = rec(job.url);
    if (!r || r.tracking || !job.scanId) return;
    r.tracking = true;
    // A job resumed after a restart keeps its creation time as its clock (no answer seen here).
    if (acceptedAt !== undefined) r.acceptedAt = acceptedAt;
    // Nothing seen of the job yet (a resumed one may even be done): the lower bound is its start.
    r.pendingSeen ??= { ageMs: 0, hints: null };
    rebalance();
    // A job picked up after a restart (no answer seen in this life) may have ended meanwhile, and
    // the poll rule would wait a share of its age (seconds): ask at once, before this life ends too.
    schedulePoll(job.url, acceptedAt === undefined ? 0 : pollDelayFor(job.url, job));
  }

  /** One poll timer per job: a new schedule replaces the old one (e.g. stream ended early). */
  function schedulePoll(url: string, ms: number) {
    // An ended job has nothing to poll (its record's end cancelled the timer it had).
    const r = rec(url);
    if (!r) return;
    if (r.pollTimer !== undefined) core.clearTimer(r.pollTimer);
    r.pollTimer = core.setTimer(() => {
      r.pollTimer = undefined;
      // The poll is work in flight (idle.ts) until its answer is acted on; the wait before it is not.
      void whileWorking(poll(url));
    }, ms);
  }

  function noteState(url: string, state: string, job: PendingJob) {
    const f = rec(url);
    if (f && f.state !== state) {
      f.state = state;
      core.emit(url, core.checking(url), job);
    }
  }

  async function poll(url: string) {
    const r = rec(url);
    if (r?.pollTimer !== undefined) {
      core.clearTimer(r.pollTimer);
      r.pollTimer = undefined;
    }
    const job = await deps.jobs.get(url);
    if (!job || !job.scanId) return;
    if (expired(job, core.now())) return core.drop(job, { kind: 'timed_out', scanId: job.scanId });
    const api = await deps.api();
    if (!api) return;
    const res = await api.getScan(job.scanId);
    // Finished (or dropped) while this GET was out, e.g. by its stream: nothing more to do. A new
    // job for the same URL meanwhile has its own scan id and its own polls.
    const live = rec(url);
    if (!live?.tracking || live.scanId !== job.scanId) return;
    if (res.ok && isTerminal(res.value.state)) return finish(job, res.value);
    let delay: number;
    if (res.ok) {
      noteState(url, res.value.state, job);
      live.pendingSeen = { ageMs: ageOf(job), hints: res.value.hints ?? null };
      delay = pollDelayFor(url, job);
    } else if (res.error.code === 'not_found' || res.error.code === 'unauthorized' || res.error.code === 'forbidden') {
      return core.drop(job, errorStatus(res.error));
    } else {
      delay = T.retryDelay(0, res.error.retryAfterMs);
    }
    const lastError = res.ok ? null : res.error.code;
    const updated = await deps.jobs.update(url, (j) => ({
      ...j,
      pollDelayMs: delay,
      state: res.ok ? res.value.state : j.state,
      lastError,
    }));
    const after = rec(url);
    if (updated && after) after.lastError = lastError;
    if (!after?.tracking) return;
    // A stream opened while this GET was out (openStream found no timer to move): its pace.
    schedulePoll(url, after.streaming ? Math.max(delay, T.POLL_WHILE_STREAMING_MS) : delay);
    // Still running: a job now past its expected end may take a free stream slot (isNearEnd).
    if (res.ok && !after.streaming) rebalance();
  }

  // The end of a scan (engine-finish.ts). A finish whose writes failed polls the job again,
  // later (the store may be failing), so a later finish writes the verdict.
  const finish = createFinisher(core, ageOf, (url) => {
    const r = rec(url);
    if (r) r.tracking = true;
    schedulePoll(url, T.retryDelay(0, null));
  });

  const { rebalance } = createStreamer(core, { pollDelayFor, schedulePoll, poll, finish, noteState, ageOf });

  return { track, poll, finish, rebalance };
}
