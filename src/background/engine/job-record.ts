/**
 * What this worker life knows of one job in flight, in one record (the store is the truth after a
 * restart). engine-core.ts makes it when a job is mirrored and removes it when the job ends,
 * however it ends (a verdict, a failure, an error, a timeout, a URL the settings now keep back),
 * so nothing of an ended job is left behind to be read by a later job for the same URL.
 */
import type { PollHints } from '../api';
import type { PendingJob } from './jobs-store';

/** The last answer that said "not done yet": when we read it (job age) and what it hinted. */
export interface PendingSeen {
  ageMs: number;
  hints: PollHints | null;
}

export interface JobRecord {
  /** The service's id once a POST was answered: what polls and the stream ask about. */
  scanId: string | null;
  /** The service's last state: what the job's "checking" status shows. */
  state: string;
  /** When the job was created (ms epoch): the status's `since`, the fallback poll clock. */
  since: number;
  /** What it waits for (credits, a retry): shown with its status, and it sends nothing meanwhile. */
  waiting: PendingJob['waitingFor'];
  /** The last error of its POST or poll: shown with its status. */
  lastError: string | null;
  /** Why it is scanned: the stream slots go to the most urgent (stream-slots.ts). */
  reasons: PendingJob['reasons'];
  /**
   * Its POST left in this worker life and its answer is not stored yet: the jobs alarm wakes
   * resume() every half minute (jobs-alarm.ts), also in a live worker, and must not send it twice.
   */
  posting: boolean;
  /** Followed by polls (and perhaps a stream) until terminal: one follower per job. */
  tracking: boolean;
  /** Holds one of the event stream slots now (at most streamCap: stream-slots.ts). */
  streaming: boolean;
  /** Its stream's aborter, while one runs: a more urgent job's need or the job's end closes it. */
  streamAbort: AbortController | null;
  /** Its stream ended by itself: it polls to the end and is not given a slot again. */
  streamEnded: boolean;
  /** The last "not done yet" answer: the poll rule's hints and the duration sample's lower bound. */
  pendingSeen: PendingSeen | null;
  /**
   * The job's clock for the poll rule: the service's createdAt when it fits between our send and
   * the answer (job-clock.ts), else when the POST's answer came back. The service created the job
   * between our send and this moment, so a poll timed from here for a learned duration is never
   * early for a scan of exactly that duration; job.createdAt (just before the send) would be early
   * by the POST's round trip, which grows under a burst. Null: no answer seen in this life.
   */
  acceptedAt: number | null;
  /** The timer of its next poll, if one is planned: one per job, a new plan replaces it. */
  pollTimer: unknown;
  /** Failed POSTs in a row: the step of the retry's back-off (timing.ts retryDelay). */
  retryAttempts: number;
}

/** A job just mirrored: nothing of its tracking known yet. */
export function newRecord(job: PendingJob): JobRecord {
  return {
    ...mirrored(job),
    posting: false,
    tracking: false,
    streaming: false,
    streamAbort: null,
    streamEnded: false,
    pendingSeen: null,
    acceptedAt: null,
    pollTimer: undefined,
    retryAttempts: 0,
  };
}

/** The fields that copy the stored job: set again after every change of it. */
export function mirrored(job: PendingJob) {
  return {
    scanId: job.scanId,
    state: job.state,
    since: job.createdAt,
    waiting: job.waitingFor,
    lastError: job.lastError,
    reasons: job.reasons,
  } satisfies Partial<JobRecord>;
}
