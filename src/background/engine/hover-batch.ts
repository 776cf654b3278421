/**
 * Hovered and page links: gathered for a short window (timing.ts HOVER_BATCH_WINDOW_MS), then sent
 * as one batch POST. The batch has its own Idempotency-Key, stored with each of its jobs before
 * it leaves: a worker that dies after the POST sends the same batch again (same URLs, same order,
 * same key: engine-submit.ts resubmit), and the service answers with the same jobs instead of
 * scanning each URL a second time.
 */
import { ignore } from '@/src/background/ignore';
import type { ApiResult, ScanJob } from '../api';
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';
import type { BudgetHold } from './budget-hold';
import type { ScanReason } from '@/src/shared/messaging/protocol';
import * as T from './timing';
import { inBatchOrder } from './submit-gate';
import { beginWork } from '../idle';

/** The submitter's steps a batch takes: the daily budget's per URL (budget-hold.ts), then these. */
export interface HoverBatchSteps extends BudgetHold {
  recordSent(items: Array<{ url: string; reasons: ScanReason[] }>): Promise<unknown>;
  note(url: string, patch: Partial<PendingJob>): Promise<PendingJob | null>;
  handleSubmitted(job: PendingJob, res: ApiResult<ScanJob>, sentAt: number): Promise<void>;
}

export interface HoverBatcher {
  /** A hover / page-links job, stored: it leaves with the next batch. */
  enqueue(url: string): void;
  /** Waiting for the window to close. */
  queued(url: string): boolean;
  /** This worker life is sending the batch of this key (a resume leaves it alone). */
  owns(batchKey: string): boolean;
}

export function createHoverBatcher(core: EngineCore, steps: HoverBatchSteps): HoverBatcher {
  const { deps } = core;
  let queue: string[] = [];
  let timer: unknown = null;
  const sending = new Set<string>();

  async function flush() {
    timer = null;
    const urls = queue;
    queue = [];
    const api = await deps.api();
    if (!api || !urls.length) return;
    const jobsNow = await deps.jobs.all();
    // One credit per URL of the batch; those over today's budget are held, the rest leave.
    const allowed: string[] = [];
    for (const u of urls) {
      if (await steps.withinDailyBudget(jobsNow[u])) allowed.push(u);
      else {
        const job = jobsNow[u];
        if (job) await steps.overDailyBudget(job);
      }
    }
    if (!allowed.length) return;
    // In the order a resend uses (submit-gate.ts).
    inBatchOrder(allowed);
    const key = core.newKey();
    sending.add(key);
    try {
      // The key with each job and the ledger lines, both before the POST leaves.
      await Promise.all([
        Promise.all(allowed.map((u) => steps.note(u, { batchKey: key }))),
        steps.recordSent(allowed.map((u) => ({ url: u, reasons: jobsNow[u]?.reasons ?? ['hover'] }))),
      ]);
      const sentAt = core.now();
      const outcomes = await api.submitBatch(allowed, { idempotencyKey: key });
      for (const o of outcomes) {
        const job = await deps.jobs.get(o.url);
        if (job)
          await steps.handleSubmitted(job, o.ok ? { ok: true, value: o.job } : { ok: false, error: o.error }, sentAt);
      }
    } finally {
      sending.delete(key);
    }
  }

  return {
    enqueue(url) {
      queue.push(url);
      if (timer !== null) return;
      // A failed store write stops the batch before its POST: the jobs stay stored, unsent, and
      // the jobs alarm's resume sends them (engine-resume.ts). Not an unhandled rejection.
      // Work in flight (idle.ts) from the first hover of the batch until its POST is answered.
      const end = beginWork();
      timer = core.setTimer(() => void flush().catch(ignore).finally(end), T.HOVER_BATCH_WINDOW_MS);
    },
    queued: (url) => queue.includes(url),
    owns: (key) => sending.has(key),
  };
}
