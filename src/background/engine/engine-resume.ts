/**
 * Carrying on where a job stopped: after the worker's death (resume), and when credits are back
 * (creditsRestored). A job waiting for credits is never given up by its deadline: it is sent
 * again when the balance is back, however long that takes (docs/decisions/006-nothing-lost.md), with a fresh
 * deadline from then on.
 */
import { ignore } from '@/src/background/ignore';
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';
import { expired } from './engine-core';
import type { Tracker } from './engine-track';
import type { Submitter } from './engine-submit';
import { DAILY_BUDGET } from './budget-hold';
import * as T from './timing';
import { say } from '../i18n';

export interface Resumer {
  resume(): Promise<void>;
  creditsRestored(): Promise<void>;
}

/** Said while the jobs wait for credits and this worker life has not asked the service yet. */
const creditsWait = () => say('bg_creditsWait');

export function createResumer(core: EngineCore, tracker: Tracker, submitter: Submitter): Resumer {
  const { deps } = core;
  // One at a time: a worker woken by a purchase runs resume() and creditsRestored() together, and
  // resume() must not restore the credits problem from jobs creditsRestored is sending.
  let tail: Promise<unknown> = Promise.resolve();
  const serial = (fn: () => Promise<void>): Promise<void> => {
    const next = tail.then(fn, fn);
    tail = next.catch(ignore);
    return next;
  };

  async function resume() {
    const all = await deps.jobs.all();
    // A job whose verdict was just announced is being removed (engine-finish.ts).
    const jobs = Object.values(all).filter((j) => !core.isRetiring(j));
    deps.onPending(jobs.length);
    // A new worker life knows nothing of the credits problem: the waiting jobs say it. Restoring
    // it keeps them waiting (and the credits check running) instead of re-sending each one on
    // every wake only to hear 402 again.
    const waiting = jobs.filter((j) => j.waitingFor === 'credits');
    if (!core.standing && waiting.some((j) => j.lastError !== DAILY_BUDGET)) {
      core.setProblem({ code: 'insufficient_credits', message: creditsWait(), fix: 'credits', restored: true });
    } else if (!core.standing && waiting.length) {
      // Held by the organization's daily budget, not by the account: said as such.
      core.setProblem({ code: DAILY_BUDGET, message: '', fix: 'none', restored: true });
    }
    const unanswered: PendingJob[] = [];
    for (const job of jobs) {
      if (!core.records.has(job.url)) core.mirror(job);
      if (expired(job, core.now())) {
        await core.drop(job, { kind: 'timed_out', scanId: job.scanId ?? undefined });
        continue;
      }
      if (job.scanId) {
        const r = core.records.get(job.url);
        if (!r?.tracking) tracker.track(job);
        else if (r.pollTimer === undefined && !r.streaming) void tracker.poll(job.url);
        continue;
      }
      if (job.waitingFor === 'credits' && core.standing?.code === 'insufficient_credits') continue;
      if (job.waitingFor === 'retry' && job.retryAt > core.now()) continue;
      unanswered.push(job);
    }
    // Never answered (or the worker died mid-POST): the same Idempotency-Key (a batch's for the
    // jobs that left in one), so no double scan (engine-submit.ts resubmit).
    submitter.resubmit(unanswered);
  }

  async function creditsRestored() {
    if (core.standing?.code === 'insufficient_credits') core.setProblem(null);
    const all = await deps.jobs.all();
    for (const j of Object.values(all)) {
      if (j.waitingFor !== 'credits') continue;
      // The wait does not count against the job: its deadline starts now.
      const t = core.now();
      const fresh: Partial<PendingJob> = {
        waitingFor: null,
        createdAt: t,
        deadline: t + T.JOB_DEADLINE_MS,
        pollDelayMs: T.FIRST_POLL_MS,
      };
      const updated = await deps.jobs.update(j.url, (x) => ({ ...x, ...fresh }));
      if (!updated) continue;
      core.mirror(updated);
      void submitter.submitOne(updated);
    }
  }

  return { resume: () => serial(resume), creditsRestored: () => serial(creditsRestored) };
}
