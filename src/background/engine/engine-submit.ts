/**
 * A job leaves: navigations and menu checks at once, hovered and page links gathered briefly into
 * one batch. The answer decides what happens next: tracked, waiting for credits (no deadline),
 * retried after a transient error (within the deadline), or dropped (key rejected, URL refused).
 */
import { ignore } from '@/src/background/ignore';
import type { ScanReason } from '@/src/shared/messaging/protocol';
import type { ApiResult, ScanJob } from '../api';
import { isTerminal } from '../api';
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';
import type { Tracker } from './engine-track';
import { appendLedger, recordHistory } from '../state/ledger';
import * as T from './timing';
import { batchGroups, createSubmitGate } from './submit-gate';
import { jobClock } from './job-clock';
import { createHoverBatcher } from './hover-batch';
import { whileWorking } from '../idle';
import { createBudgetHold } from './budget-hold';

export interface Submitter {
  /**
   * A new job of reason hover / page-links waits for the batch window; others go at once.
   * `stored`: the job's own write (jobs-store.ts), which must land before its POST leaves.
   */
  send(job: PendingJob, stored: Promise<unknown>): void;
  /** Same Idempotency-Key as before: a POST that may have landed is answered with the same job. */
  submitOne(job: PendingJob): Promise<void>;
  /**
   * After a wake: the stored jobs never answered. A group that may have left as one batch goes
   * again as that batch (same URLs, order and key); the others alone, each with its own key.
   */
  resubmit(jobs: PendingJob[]): void;
  /**
   * Before a new job's first write, for a job sent at once (navigation, check): the batch key to
   * store with it when other such jobs are being prepared (submit-gate.ts), else null.
   */
  assign(url: string, reasons: readonly ScanReason[]): string | null;
  queued(url: string): boolean;
}

/** Problems an accepted submission proves gone. */
const CLEARED_BY_SUCCESS = new Set(['insufficient_credits', 'unauthorized', 'forbidden', 'network', 'server']);

export function createSubmitter(core: EngineCore, tracker: Tracker): Submitter {
  const { deps } = core;
  // Navigations and checks of a burst leave together as one batch; a lone one at once, alone
  // (submit-gate.ts). The batch key is stored with each job, in the job's own first write.
  const gate = createSubmitGate(core.newKey, core);
  // Policy maxCreditsPerDay, counted per URL right before it leaves (budget-hold.ts).
  const { withinDailyBudget, overDailyBudget } = createBudgetHold(core, note);
  // Hovered and page links: one batch per short window, with its own key (hover-batch.ts).
  const hovers = createHoverBatcher(core, { withinDailyBudget, overDailyBudget, recordSent, note, handleSubmitted });

  /** The privacy ledger records a URL when it leaves, whatever the service answers. */
  function recordSent(items: Array<{ url: string; reasons: ScanReason[] }>) {
    const at = core.now();
    return appendLedger(items.flatMap((i) => i.reasons.map((reason) => ({ url: i.url, at, reason })))).catch(ignore);
  }

  /** Its POST left and is not answered yet (JobRecord.posting); the job may have ended since. */
  const setPosting = (url: string, on: boolean) => {
    const r = core.records.get(url);
    if (r) r.posting = on;
  };

  async function submitOne(job: PendingJob, stored: Promise<unknown> = Promise.resolve()) {
    let handedOver = false;
    let res: ApiResult<ScanJob> | null = null;
    let sentAt = Number.NaN;
    try {
      try {
        res = await prepareAndSend(job, stored, () => {
          handedOver = true;
          sentAt = core.now();
          setPosting(job.url, true);
        });
      } finally {
        // Whatever stopped it before the gate (no client, budget spent, a write failed): its batch
        // must not wait for it.
        if (!handedOver) gate.leave(job.url);
      }
      // null: nothing was sent (no client any more, or held back); the job stays as stored.
      if (res) await handleSubmitted(job, res, sentAt);
    } finally {
      // Once the answer is stored (its scan id, or the wait it calls for), resume reads the job.
      setPosting(job.url, false);
    }
  }

  async function prepareAndSend(
    job: PendingJob,
    stored: Promise<unknown>,
    handOver: () => void,
  ): Promise<ApiResult<ScanJob> | null> {
    const api = await deps.api();
    if (!api) return null;
    const now = await deps.recheck(job.url);
    if (now) {
      await core.drop(job, now);
      return null;
    }
    if (!(await withinDailyBudget(job))) {
      await overDailyBudget(job);
      return null;
    }
    // Both before the POST: the job with the Idempotency-Key it uses (a worker dying after the
    // POST re-sends the same key), and the ledger line. In parallel: each is a storage round
    // trip, slow while a burst of tabs starts (BENCHMARKS.md "Bursts of navigations at once"). Should the job's
    // write fail, nothing is sent (the caller hears of it), and the ledger line names a URL
    // that did not leave: the rare failure errs on the side of telling more.
    await Promise.all([stored, recordSent([job])]);
    handOver();
    const r = await gate.submit(job, api);
    return r;
  }

  /** A batch that may have landed before the worker died: each URL was counted and logged then. */
  async function resendBatch(urls: string[], batchKey: string) {
    const api = await deps.api();
    if (!api) return;
    const sentAt = core.now();
    const outcomes = await gate.resend(urls, batchKey, api);
    for (const o of outcomes) {
      const job = await deps.jobs.get(o.url);
      if (job) await handleSubmitted(job, o.ok ? { ok: true, value: o.job } : { ok: false, error: o.error }, sentAt);
    }
  }

  /** Store a change of a waiting job and mirror it; null when the job is gone meanwhile. */
  async function note(url: string, patch: Partial<PendingJob>) {
    const updated = await deps.jobs.update(url, (j) => ({ ...j, ...patch }));
    if (updated && core.records.has(url)) core.mirror(updated);
    return updated;
  }

  /** `sentAt`: our clock just before the POST left (NaN when unknown): bounds the job's clock. */
  async function handleSubmitted(job: PendingJob, res: ApiResult<ScanJob>, sentAt = Number.NaN) {
    if (res.ok) {
      // The job's poll clock: when the service made it if its createdAt fits between our send and
      // the answer, else the answer's arrival (job-clock.ts); not after the writes below.
      const clock = jobClock({ sentAt, answeredAt: core.now(), createdAt: res.value.createdAt });
      const r = core.records.get(job.url);
      if (r) r.retryAttempts = 0;
      if (core.standing && CLEARED_BY_SUCCESS.has(core.standing.code)) core.setProblem(null);
      const scan = res.value;
      const updated = await deps.jobs.update(job.url, (j) => ({
        ...j,
        scanId: scan.id,
        state: scan.state,
        waitingFor: null,
        lastError: null,
        batchKey: null,
      }));
      // Gone, or its verdict already out (engine-finish.ts: retiring): nothing to track.
      if (!updated || core.isRetiring(updated)) return;
      core.mirror(updated);
      // Not awaited: tracking (the poll clock, a stream slot) must not wait for the history write.
      // The store's queue is first in, first out, so a finished job's entry still lands after this.
      void recordHistory({
        id: scan.id,
        url: job.url,
        state: scan.state,
        createdAt: scan.createdAt,
        riskScore: null,
        band: null,
        source: 'local',
      }).catch(ignore);
      core.emitProgress(updated);
      if (isTerminal(scan.state)) await tracker.finish(updated, scan);
      else tracker.track(updated, clock);
      return;
    }
    const e = res.error;
    switch (e.code) {
      case 'insufficient_credits': {
        // Kept, without a deadline, until credits return (engine-resume.ts creditsRestored).
        // The batch (if any) was answered: from now on the job leaves alone, with its own key.
        const updated = await note(job.url, { waitingFor: 'credits', lastError: e.code, batchKey: null });
        core.setProblem({
          code: e.code,
          message: e.message,
          fix: 'credits',
          ...(e.balance !== undefined ? { balance: e.balance } : {}),
        });
        if (updated) core.emitProgress(updated);
        return;
      }
      case 'unauthorized':
      case 'forbidden':
      case 'config':
        core.setProblem({ code: e.code, message: e.message, fix: 'options' });
        return core.drop(job, { kind: 'error', code: e.code, message: e.message });
      case 'invalid_request':
      case 'not_found':
        // The service refuses this URL; retrying would not change its mind.
        return core.drop(job, { kind: 'error', code: e.code, message: e.message });
      default: {
        const r = core.records.get(job.url);
        const n = r?.retryAttempts ?? 0;
        if (r) r.retryAttempts = n + 1;
        if (e.code === 'network' || e.code === 'server')
          core.setProblem({ code: e.code, message: e.message, fix: 'none' });
        const at = core.now() + T.retryDelay(n, e.retryAfterMs);
        if (at > job.deadline) return core.drop(job, { kind: 'timed_out' });
        // A retry leaves alone with the job's own key. A batch lost on the way (network) may have
        // landed: the service may then scan that URL twice (a credit more), never a wrong verdict.
        await note(job.url, { waitingFor: 'retry', retryAt: at, lastError: e.code, batchKey: null });
        core.setTimer(() => void retryNow(job.url), at - core.now());
      }
    }
  }

  async function retryNow(url: string) {
    const j = await deps.jobs.get(url);
    if (!j || j.scanId || j.waitingFor !== 'retry') return;
    await deps.jobs.update(url, (x) => ({ ...x, waitingFor: null }));
    await submitOne(j);
  }

  return {
    send(job, stored) {
      // A batch leaves later and reads the jobs then: it waits for this one to be stored first.
      if (job.reasons.includes('hover') || job.reasons.includes('page-links'))
        void whileWorking(
          stored.then(
            () => hovers.enqueue(job.url),
            () => undefined,
          ),
        );
      // The failed write is the request's to report (engine.ts awaits it); nothing is sent then.
      // A submission is work in flight (idle.ts) until its answer is stored.
      else void whileWorking(submitOne(job, stored)).catch(ignore);
    },
    submitOne,
    resubmit(jobs) {
      const groups = batchGroups(jobs);
      for (const [key, urls] of groups) {
        // This worker life is forming or sending that batch itself: it answers those jobs.
        if (!gate.owns(key) && !hovers.owns(key)) void whileWorking(resendBatch(urls, key)).catch(ignore);
      }
      for (const job of jobs) {
        if (job.batchKey || gate.preparing(job.url) || hovers.queued(job.url) || core.records.get(job.url)?.posting)
          continue;
        // Never answered (or the worker died mid-POST): same Idempotency-Key, so no double scan.
        void whileWorking(submitOne(job)).catch(ignore);
      }
    },
    assign: (url, reasons) =>
      reasons.includes('navigation') || reasons.includes('menu') || reasons.includes('popup') ? gate.assign(url) : null,
    queued: (url) => hovers.queued(url) || gate.preparing(url),
  };
}
