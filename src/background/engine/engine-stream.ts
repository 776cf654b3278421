/**
 * The event-stream step of tracking (engine-track.ts polls): which jobs hold a stream slot
 * (stream-slots.ts), opening and closing streams, and reading one to its end. A stream is never
 * the only follower of a job: while it is open the job's poll waits at the streaming pace (the
 * guarantee against a stream that goes silent or lies), and when it ends without the job's end
 * the poll takes back its normal pace.
 */
import type { ScanJob } from '../api';
import { isTerminal } from '../api';
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';
import type { JobRecord } from './job-record';
import { isNearEnd, planStreams, type StreamCandidate } from './stream-slots';

/** What the stream step needs of the polling step (engine-track.ts). */
export interface PollSide {
  /** The poll rule's delay for the job now (at the streaming pace while its stream is open). */
  pollDelayFor(url: string, job: Pick<PendingJob, 'createdAt'>): number;
  /** Plans the job's one poll timer (a new plan replaces the old one). */
  schedulePoll(url: string, ms: number): void;
  poll(url: string): Promise<void>;
  finish(job: PendingJob, scan: ScanJob): Promise<void>;
  noteState(url: string, state: string, job: PendingJob): void;
  ageOf(job: PendingJob): number;
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

export function createStreamer(core: EngineCore, polls: PollSide) {
  const { deps } = core;
  const rec = (url: string) => core.records.get(url);

  /** Gives the stream slots to the jobs the rule picks (stream-slots.ts); the others poll. */
  function rebalance() {
    if (!core.streamSupported) return;
    const candidates: StreamCandidate[] = [];
    const learned = core.durations.learned();
    for (const [url, f] of core.records) {
      if (!f.tracking) continue;
      const age = core.now() - (f.acceptedAt ?? f.since);
      const nearEnd = isNearEnd(age, learned, f.pendingSeen?.ageMs ?? 0);
      // Its poll is timed for its expected end: it takes a free slot only (stream-slots.ts).
      const timed = learned !== null && age <= learned.latestMs;
      candidates.push({
        url,
        reasons: f.reasons,
        createdAt: f.since,
        streaming: f.streaming,
        streamEnded: f.streamEnded,
        nearEnd,
        timed,
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
    // A poll planned before the stream opened (timed for the job's expected end) would ask just
    // as the terminal frame arrives: one GET more for an answer the stream brings. It moves to
    // the streaming pace; a stream that ends without the job's end gives it back (runStream).
    if (r.pollTimer !== undefined) polls.schedulePoll(url, polls.pollDelayFor(url, { createdAt: r.since }));
    void runStream(url, ctl);
  }

  /** A more urgent job takes this slot: the stream closes and the job polls at its normal pace. */
  async function stopStream(url: string) {
    const r = rec(url);
    r?.streamAbort?.abort();
    if (r) Object.assign(r, { streamAbort: null, streaming: false } satisfies Partial<JobRecord>);
    const job = await deps.jobs.get(url);
    const after = rec(url);
    if (job && after?.tracking && !after.streaming) polls.schedulePoll(url, polls.pollDelayFor(url, job));
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
          polls.noteState(url, state, job);
          if (isTerminal(state)) {
            const r = streamDone(url);
            // Seen done now: the stream is as good as a poll at this moment (scan-durations.ts).
            if (r) r.pendingSeen = { ageMs: polls.ageOf(job), hints: null };
            // The client hands over a frame's result only when it reads as a full, valid result:
            // then the frame is the answer. Otherwise one GET fetches the authoritative job.
            const current = await deps.jobs.get(url);
            if (current && (ev.job.result || state === 'FAILED'))
              return void (await polls.finish(current, fromFrame(current, ev.job)));
            return void (await polls.poll(url));
          }
        } else {
          if (ev.reason === 'unsupported') core.streamSupported = false;
          streamDone(url);
          if (ev.reason === 'terminal') return;
          // Ended by itself: this job polls to the end (finally), and its slot goes to the next job.
          // No endpoint: nothing was learned about the job, so the poll rule keeps its pace.
          // Dropped or silent: polling takes back its normal pace with a poll at once.
          if (ev.reason === 'unsupported') return polls.schedulePoll(url, polls.pollDelayFor(url, job));
          return void (await polls.poll(url));
        }
      }
    } finally {
      const r = rec(url);
      if (r && mine()) {
        r.streaming = false;
        r.streamAbort = null;
        // Not closed by us for a more urgent job (stopStream forgets the aborter first): however
        // it ended (no client, no endpoint, dropped), it is not opened again for this job, and
        // its planned poll (at the streaming pace) takes back the normal pace.
        if (r.tracking) {
          r.streamEnded = true;
          if (r.pollTimer !== undefined) polls.schedulePoll(url, polls.pollDelayFor(url, { createdAt: r.since }));
        }
      }
      rebalance();
    }
  }

  return { rebalance };
}
