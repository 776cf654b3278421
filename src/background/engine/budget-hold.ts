/**
 * Policy maxCreditsPerDay as the engine applies it: one count per URL right before it leaves, and
 * a URL over today's budget waits like one out of credits. The counter itself is the
 * organization's (reporting/credit-budget.ts, EngineDeps.dailyBudget); this file keeps no state.
 */
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';

/**
 * The error code of a URL held back by the policy's maxCreditsPerDay. It waits like one out of
 * credits (no deadline, strict mode fails closed: strict.ts), and is tried again on the jobs
 * alarm's wakes, so it leaves on the first one of the next day.
 */
export const DAILY_BUDGET = 'daily_budget';

export interface BudgetHold {
  /**
   * Counts one submission; false when today's budget is spent. A URL the budget held before that
   * now passes proves there is room again: the problem ends (another URL's success does not: it
   * may have taken the last credit of the day).
   */
  withinDailyBudget(job?: Pick<PendingJob, 'lastError'>): Promise<boolean>;
  /** Held by the daily budget: kept, without a deadline, like a URL out of credits (nothing sent). */
  overDailyBudget(job: PendingJob): Promise<void>;
}

/** `note`: stores a change of a waiting job and mirrors it (engine-submit.ts). */
export function createBudgetHold(
  core: EngineCore,
  note: (url: string, patch: Partial<PendingJob>) => Promise<PendingJob | null>,
): BudgetHold {
  const { deps } = core;
  return {
    async withinDailyBudget(job) {
      if (!deps.dailyBudget) return true;
      // A budget that cannot be read or written holds the URL back rather than overspend.
      const ok = await deps.dailyBudget.tryConsume().catch(() => false);
      if (ok && job?.lastError === DAILY_BUDGET && core.standing?.code === DAILY_BUDGET) core.setProblem(null);
      return ok;
    },
    async overDailyBudget(job) {
      const updated = await note(job.url, { waitingFor: 'credits', lastError: DAILY_BUDGET });
      core.setProblem({ code: DAILY_BUDGET, message: '', fix: 'none' });
      if (updated) core.emitProgress(updated);
    },
  };
}
