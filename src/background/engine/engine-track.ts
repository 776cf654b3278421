/**
 * Tracking a submitted job until it is terminal: by polling always (timed by poll-timing.ts: the
 * service's hints, what recent scans took), and by an event stream for the few jobs that hold one
 * of the stream slots (stream-slots.ts: streams must not take the connections POSTs and polls
 * need). The verdict goes to the cache before the job is forgotten, so a worker dying in between
 * re-polls instead of losing it.
 */
import type { ScanJob } from '../api';
import { isTerminal } from '../api';
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';
import type { JobRecord } from './job-record';
import { expired } from './engine-core';
import * as T from './timing';
import { nextPoll } from './poll-timing';
import { createFinisher } from './engine-finish';
import { isNearEnd, planStreams, type StreamCandidate } from './stream-slots';
import { whileWorking } from '../idle';

export interface Tracker {
  /** `acceptedAt`: the job's poll clock (job-clock.ts: its createdAt, else the answer's arrival). */
  track(job: PendingJob, acceptedAt?: number): void;
  poll(url: string): Promise<void>;
  finish(job: PendingJob, scan: ScanJob): Promise<void>;
  /** Re-plans who streams (a job's urgency rose: a hovered link is now navigated to). */
  rebalance(): void;
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
  function pollDelayFor(url: string, job: PendingJob): number {
    const seen = rec(url)?.pendingSeen;
    const { delayMs } = nextPoll({
      ageMs: ageOf(job),
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

  /** Gives the stream slots to the jobs the rule picks (stream-slots.ts); the others poll. */
  function rebalance() {
    if (!core.streamSupported) return;
    const candidates: StreamCandidate[] = [];
    const learned = core.durations.learned();
    for (const [url, f] of core.records) {
      if (!f.tracking) continue;
      const age = core.now() - (f.acceptedAt ?? f.since);
      const nearEnd = isNearEnd(age, learned, f.pendingSeen?.ageMs ?? 0);
      candidates.push({
        url,
        reasons: f.reasons,
        createdAt: f.since,
        streaming: f.streaming,
        streamEnded: f.streamEnded,
        nearEnd,
      });
    }
    const plan = planStreams(candidates, core.streams.cap());
    for (const url of plan.close) void stopStream(url);
    for (const url of plan.open) openStream(url);
  }

  function openStream(url: string) {
    const r = rec(url);
    if (!r) return;
    const ctl = new AbortController();
    // Marked at once (not after an await), so the next rebalance counts this slot as taken.
    r.streaming = true;
    r.streamAbort = ctl;
    void runStream(url, ctl);
  }

  /** A more urgent job takes this slot: the stream closes and the job polls at its normal pace. */
  async function stopStream(url: string) {
    const r = rec(url);
    r?.streamAbort?.abort();
    if (r) Object.assign(r, { streamAbort: null, streaming: false } satisfies Partial<JobRecord>);
    const job = await deps.jobs.get(url);
    const after = rec(url);
    if (job && after?.tracking && !after.streaming) schedulePoll(url, pollDelayFor(url, job));
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

  /** The job's stream is over (it saw the end, or ended by itself): its slot is free, it polls on. */
  function streamDone(url: string) {
    const r = rec(url);
    if (r) Object.assign(r, { streamEnded: true, streaming: false } satisfies Partial<JobRecord>);
    return r;
  }

  async function runStream(url: string, ctl: AbortController) {
    const mine = () => rec(url)?.streamAbort === ctl;
    try {
      const api = await deps.api();
      const job = await deps.jobs.get(url);
      if (!api || !job?.scanId || ctl.signal.aborted) return;
      for await (const ev of api.streamEvents(job.scanId, { signal: ctl.signal })) {
        // Closed for a more urgent job, or the job ended: stopStream / finish took over.
        if (!rec(url)?.tracking || ctl.signal.aborted) return;
        if (ev.kind === 'transition') {
          const state = ev.job.state;
          noteState(url, state, job);
          if (isTerminal(state)) {
            const r = streamDone(url);
            // Seen done now: the stream is as good as a poll at this moment (scan-durations.ts).
            if (r) r.pendingSeen = { ageMs: ageOf(job), hints: null };
            // The client hands over a frame's result only when it reads as a full, valid result:
            // then the frame is the answer. Otherwise one GET fetches the authoritative job.
            const current = await deps.jobs.get(url);
            if (current && (ev.job.result || state === 'FAILED'))
              return void (await finish(current, fromFrame(current, ev.job)));
            return void (await poll(url));
          }
        } else {
          if (ev.reason === 'unsupported') core.streamSupported = false;
          streamDone(url);
          if (ev.reason === 'terminal') return;
          // Ended by itself: this job polls to the end (finally), and its slot goes to the next job.
          // No endpoint: nothing was learned about the job, so the poll rule keeps its pace.
          // Dropped or silent: polling takes back its normal pace with a poll at once.
          if (ev.reason === 'unsupported') return schedulePoll(url, pollDelayFor(url, job));
          return void (await poll(url));
        }
      }
    } finally {
      const r = rec(url);
      if (r && mine()) {
        r.streaming = false;
        r.streamAbort = null;
        // Not closed by us for a more urgent job (stopStream forgets the aborter first): however
        // it ended (no client, no endpoint, dropped), it is not opened again for this job.
        if (r.tracking) r.streamEnded = true;
      }
      rebalance();
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
      if (live.streaming) delay = Math.max(delay, T.POLL_WHILE_STREAMING_MS);
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
    schedulePoll(url, delay);
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

  return { track, poll, finish, rebalance };
}
