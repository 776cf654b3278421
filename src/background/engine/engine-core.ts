/**
 * The scan engine's shared state and the few operations every step uses (emit, the standing
 * problem, drop). The steps live beside it: engine-submit.ts (a job leaves), engine-track.ts
 * (stream + poll until terminal), engine-finish.ts (verdict out, cached, job forgotten),
 * engine-resume.ts (after a wake, after credits return).
 */
import type { UrlStatus, Verdict } from '@/src/shared/verdict';
import type { ScanReason, ErrorInfoWithFix } from '@/src/shared/messaging/protocol';
import type { ApiClient } from '../api';
import type { VerdictCache } from '../cache/verdict-cache';
import type { JobsStore, PendingJob } from './jobs-store';
import { serviceWire, type PollHints } from '../api';
import { streamCap } from './stream-slots';
import { createDurationLog, type DurationLog } from './scan-durations';

export interface JobMeta {
  tabIds: number[];
  reasons: ScanReason[];
  scanId: string | null;
  /** When the job was asked for (ms epoch): what a later verdict says may postdate it (visits/wiring.ts). */
  startedAt: number;
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
  /**
   * Policy maxCreditsPerDay (reporting/credit-budget.ts): asked once per URL right before it is
   * submitted; false = today's budget is spent, the URL waits like one out of credits.
   */
  dailyBudget?: { tryConsume(): Promise<boolean> };
  /**
   * The URL's status if the settings would not send it as stored any more (allowlisted, paused,
   * a private host, a query now stripped…), else null: asked right before each POST, so a URL
   * held back (credits, a retry, a worker's death) never leaves under settings that changed.
   */
  recheck: (url: string) => Promise<UrlStatus | null>;
  /** Told how many jobs are pending after each change (main.ts keeps the resume alarm). */
  onPending: (count: number) => void;
  /** What recent scans took (poll timing); default: the persisted log of scan-durations.ts. */
  durations?: DurationLog;
  /**
   * How many event streams may be open now, and a way to hear when that changes. Default: by the
   * protocol the browser reports for the service's answers (api/wire.ts, stream-slots.ts streamCap).
   */
  streams?: { cap(): number; onChange(fn: () => void): void };
}

/** What this worker life knows of a job in flight (the store is the truth after a restart). */
export interface Inflight {
  scanId: string | null;
  state: string;
  since: number;
  waiting: PendingJob['waitingFor'];
  lastError: string | null;
  /** Why it is scanned (the stream slots go to the most urgent: stream-slots.ts). */
  reasons: PendingJob['reasons'];
}

/** The last answer that said "not done yet": when we read it (job age) and what it hinted. */
export interface PendingSeen {
  ageMs: number;
  hints: PollHints | null;
}

export interface EngineCore {
  deps: EngineDeps;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  newKey: () => string;
  inflight: Map<string, Inflight>;
  /** Terminal non-verdict outcomes of this worker's life: failed, timed out, refused. */
  outcomes: Map<string, UrlStatus>;
  tracking: Set<string>;
  /** Jobs holding an event stream now (at most MAX_STREAMS: stream-slots.ts), with its aborter. */
  streaming: Set<string>;
  streamAborts: Map<string, AbortController>;
  /** Jobs whose stream ended by itself: they poll to the end. */
  streamEnded: Set<string>;
  pendingSeen: Map<string, PendingSeen>;
  /**
   * The job's clock for the poll rule (this worker life): the service's createdAt when it fits
   * between our send and the answer (job-clock.ts), else when the POST's answer came back. The
   * service created the job between our send and this moment, so a poll timed from here for a
   * learned duration is never early for a scan of exactly that duration; job.createdAt (just
   * before the send) would be early by the POST's round trip, which grows under a burst.
   */
  acceptedAt: Map<string, number>;
  /**
   * Jobs whose verdict is announced while their removal from the store is still on its way
   * (engine-finish.ts): URL → the job's Idempotency-Key. Nothing adopts them again.
   */
  retiring: Map<string, string>;
  /** This stored job is the one whose verdict is out and whose removal is on its way. */
  isRetiring(job: Pick<PendingJob, 'url' | 'idempotencyKey'>): boolean;
  durations: DurationLog;
  /** The stream cap and its change signal (EngineDeps.streams, else the service's protocol). */
  streams: NonNullable<EngineDeps['streams']>;
  pollTimers: Map<string, unknown>;
  retryAttempts: Map<string, number>;
  listeners: Set<EngineListener>;
  problemListeners: Set<(p: ErrorInfoWithFix | null) => void>;
  streamSupported: boolean;
  standing: ErrorInfoWithFix | null;
  emit(
    url: string,
    status: UrlStatus,
    job: Pick<PendingJob, 'tabIds' | 'reasons' | 'scanId' | 'createdAt' | 'askedAt'>,
  ): void;
  /** Tells listeners the job's step, while it is still in flight (its verdict may be out already). */
  emitProgress(job: PendingJob): void;
  setProblem(p: ErrorInfoWithFix | null): void;
  /** The in-memory mirror of a (stored) job: call after every change of the stored job. */
  mirror(job: PendingJob): void;
  checking(url: string): UrlStatus;
  /** Tracking of a job ends: its stream (if any) is closed, its slot freed by the stream's end. */
  forgetTracking(url: string): void;
  /** The job ends without a verdict: forget it, remember the outcome, tell listeners. */
  drop(job: PendingJob, status: UrlStatus): Promise<void>;
}

/**
 * A job waiting for credits never expires: it is sent again when credits return, however long
 * that takes (docs/decisions/006-nothing-lost.md). Every other job is given up after its deadline.
 */
export const expired = (job: PendingJob, now: number) => job.waitingFor !== 'credits' && now > job.deadline;

export function createEngineCore(deps: EngineDeps): EngineCore {
  const core: EngineCore = {
    deps,
    now: deps.now ?? Date.now,
    setTimer: deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms)),
    clearTimer: deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>)),
    newKey: deps.newKey ?? (() => crypto.randomUUID()),
    inflight: new Map(),
    outcomes: new Map(),
    tracking: new Set(),
    streaming: new Set(),
    streamAborts: new Map(),
    streamEnded: new Set(),
    pendingSeen: new Map(),
    acceptedAt: new Map(),
    retiring: new Map(),
    isRetiring: (job) => core.retiring.get(job.url) === job.idempotencyKey,
    durations: deps.durations ?? createDurationLog(),
    streams: deps.streams ?? { cap: () => streamCap(serviceWire.multiplexed()), onChange: serviceWire.onChange },
    pollTimers: new Map(),
    retryAttempts: new Map(),
    listeners: new Set(),
    problemListeners: new Set(),
    streamSupported: true,
    standing: null,
    emit(url, status, job) {
      for (const fn of core.listeners) {
        try {
          fn(url, status, {
            tabIds: job.tabIds,
            reasons: job.reasons,
            scanId: job.scanId,
            startedAt: job.askedAt ?? job.createdAt,
          });
        } catch {
          // a listener's failure must not stop delivery to the others
        }
      }
    },
    emitProgress(job) {
      if (core.inflight.has(job.url)) core.emit(job.url, core.checking(job.url), job);
    },
    setProblem(p) {
      if (JSON.stringify(p) === JSON.stringify(core.standing)) return;
      core.standing = p;
      for (const fn of core.problemListeners) fn(p);
    },
    mirror(job) {
      core.inflight.set(job.url, {
        scanId: job.scanId,
        state: job.state,
        since: job.createdAt,
        waiting: job.waitingFor,
        lastError: job.lastError,
        reasons: job.reasons,
      });
    },
    checking(url) {
      const f = core.inflight.get(url)!;
      return {
        kind: 'checking',
        state: f.state,
        scanId: f.scanId ?? undefined,
        since: f.since,
        ...(f.waiting ? { waiting: f.waiting } : {}),
        ...(f.lastError ? { lastError: f.lastError } : {}),
      };
    },
    forgetTracking(url) {
      core.tracking.delete(url);
      core.pendingSeen.delete(url);
      core.acceptedAt.delete(url);
      core.streamEnded.delete(url);
      core.streamAborts.get(url)?.abort();
    },
    async drop(job, status) {
      await deps.jobs.remove(job.url);
      core.inflight.delete(job.url);
      core.forgetTracking(job.url);
      core.outcomes.set(job.url, status);
      deps.onPending(core.inflight.size);
      core.emit(job.url, status, job);
    },
  };
  // A woken worker picks up what earlier lives learned; until then the age rule applies.
  void core.durations.load();
  return core;
}
