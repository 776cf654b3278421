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
import { serviceWire } from '../api';
import { mirrored, newRecord, type JobRecord } from './job-record';
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

export interface EngineCore {
  deps: EngineDeps;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  newKey: () => string;
  /** One record per job in flight, by URL (job-record.ts): removed by `end` when the job ends. */
  records: Map<string, JobRecord>;
  /**
   * Terminal non-verdict outcomes of this worker's life (failed, timed out, refused): what `peek`
   * says after the job (and its record) is gone, until `forget` or a new job for the URL.
   */
  outcomes: Map<string, UrlStatus>;
  /**
   * Jobs whose verdict is announced while their removal from the store is still on its way
   * (engine-finish.ts): URL → the job's Idempotency-Key. Their record is gone already (a new job
   * for the URL may have its own); nothing adopts the stored job again.
   */
  retiring: Map<string, string>;
  /** This stored job is the one whose verdict is out and whose removal is on its way. */
  isRetiring(job: Pick<PendingJob, 'url' | 'idempotencyKey'>): boolean;
  durations: DurationLog;
  /** The stream cap and its change signal (EngineDeps.streams, else the service's protocol). */
  streams: NonNullable<EngineDeps['streams']>;
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
  /**
   * The job ends (a verdict or not): its record goes, its stream (if any) is closed (the slot is
   * freed by the stream's end) and its planned poll is cancelled.
   */
  end(url: string): void;
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
    records: new Map(),
    outcomes: new Map(),
    retiring: new Map(),
    isRetiring: (job) => core.retiring.get(job.url) === job.idempotencyKey,
    durations: deps.durations ?? createDurationLog(),
    streams: deps.streams ?? { cap: () => streamCap(serviceWire.multiplexed()), onChange: serviceWire.onChange },
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
      if (core.records.has(job.url)) core.emit(job.url, core.checking(job.url), job);
    },
    setProblem(p) {
      if (JSON.stringify(p) === JSON.stringify(core.standing)) return;
      core.standing = p;
      for (const fn of core.problemListeners) fn(p);
    },
    mirror(job) {
      const r = core.records.get(job.url);
      if (r) Object.assign(r, mirrored(job));
      else core.records.set(job.url, newRecord(job));
    },
    checking(url) {
      const f = core.records.get(url)!;
      return {
        kind: 'checking',
        state: f.state,
        scanId: f.scanId ?? undefined,
        since: f.since,
        ...(f.waiting ? { waiting: f.waiting } : {}),
        ...(f.lastError ? { lastError: f.lastError } : {}),
      };
    },
    end(url) {
      const r = core.records.get(url);
      if (!r) return;
      core.records.delete(url);
      r.streamAbort?.abort();
      if (r.pollTimer !== undefined) core.clearTimer(r.pollTimer);
    },
    async drop(job, status) {
      await deps.jobs.remove(job.url);
      core.end(job.url);
      core.outcomes.set(job.url, status);
      deps.onPending(core.records.size);
      core.emit(job.url, status, job);
    },
  };
  // A woken worker picks up what earlier lives learned; until then the age rule applies.
  void core.durations.load();
  return core;
}
