/**
 * The scan engine: from "check this normalized URL" to a verdict in the cache.
 *
 * - cache hit answers at once; the same URL in flight is one job (dedupe);
 * - submit (engine-submit.ts): hovered / page links are gathered briefly and sent as one batch;
 *   navigations and menu checks go at once;
 * - track (engine-track.ts): each job is followed by its event stream when that works, and by
 *   polling always;
 * - resume (engine-resume.ts): every step is persisted (jobs-store.ts), so `resume()` after the
 *   worker's death carries on where it stopped, re-sending the same Idempotency-Key for a POST
 *   that may have landed; jobs waiting for credits are sent again when credits return.
 */
import type { UrlStatus } from '@/src/shared/verdict';
import type { ScanReason, ErrorInfoWithFix } from '@/src/shared/messaging/protocol';
import type { PendingJob } from './jobs-store';
import { createEngineCore, type EngineDeps, type EngineListener } from './engine-core';
import { createTracker } from './engine-track';
import { createSubmitter } from './engine-submit';
import { createResumer } from './engine-resume';
import * as T from './timing';
import { verdictSource } from '@/src/shared/policy/rule-rank';
import { ignore } from '@/src/background/ignore';

export type { EngineDeps, EngineListener, JobMeta } from './engine-core';

export interface ScanEngine {
  /** `url` must already be normalized and gated. */
  request(url: string, reason: ScanReason, tabId?: number): Promise<UrlStatus>;
  /** Makes `peek`/`request` see this URL's cached verdict and persisted job even right after a wake. */
  warm(url: string): Promise<void>;
  /** Verdict or in-flight/failed status known right now, without sending anything. */
  peek(url: string): UrlStatus;
  resume(): Promise<void>;
  onUpdate(fn: EngineListener): void;
  problem(): ErrorInfoWithFix | null;
  onProblem(fn: (p: ErrorInfoWithFix | null) => void): void;
  /** Credits are back (purchase, or the balance check found some): resubmit what waited. */
  creditsRestored(): Promise<void>;
  /** Settings changed (new key/URL): clear a standing auth problem and try again. */
  configChanged(): void;
  /** Forget transient statuses (failed/timed out) so "check again" really checks. */
  forget(url: string): void;
  pendingCount(): number;
  /**
   * Jobs this worker life still holds in memory: records of jobs in flight and verdicts whose
   * removal is on its way (engine-core.ts). Zero once every job ended, however it ended.
   */
  heldJobs(): number;
}

export function createScanEngine(deps: EngineDeps): ScanEngine {
  const core = createEngineCore(deps);
  const tracker = createTracker(core);
  const submitter = createSubmitter(core, tracker);
  const resumer = createResumer(core, tracker, submitter);
  // The service's protocol became known (or changed): more (or fewer) jobs may stream.
  core.streams.onChange(() => tracker.rebalance());

  function peek(url: string): UrlStatus {
    const v = deps.cache.get(url);
    if (v) return { kind: 'verdict', verdict: v, decision: { action: 'allow', reason: 'undecided' } };
    if (core.records.has(url)) return core.checking(url);
    return core.outcomes.get(url) ?? { kind: 'unchecked' };
  }

  async function request(url: string, reason: ScanReason, tabId?: number): Promise<UrlStatus> {
    const cached = peek(url);
    if (cached.kind === 'verdict') {
      // Hovered first, opened now: its block rule ranks as a page opened (rule-rank.ts).
      if (verdictSource([reason]) === 'person') void deps.cache.promote(url).catch(ignore);
      return cached;
    }
    if (core.records.has(url)) {
      const updated = await deps.jobs.update(url, (j) => ({
        ...j,
        tabIds: tabId === undefined || j.tabIds.includes(tabId) ? j.tabIds : [...j.tabIds, tabId],
        reasons: j.reasons.includes(reason) ? j.reasons : [...j.reasons, reason],
      }));
      const f = core.records.get(url);
      if (updated && f && f.reasons.length !== updated.reasons.length) {
        // A hovered link now navigated to is more urgent: it may take a stream slot.
        f.reasons = updated.reasons;
        tracker.rebalance();
      }
      // The job may have finished while the update waited (its verdict is out): say what is known.
      return peek(url);
    }
    const standing = core.standing;
    if (standing && (standing.code === 'unauthorized' || standing.code === 'forbidden')) {
      return { kind: 'error', code: standing.code, message: standing.message };
    }
    const t = core.now();
    const credits = standing?.code === 'insufficient_credits';
    const job: PendingJob = {
      url,
      idempotencyKey: core.newKey(),
      scanId: null,
      state: 'SUBMITTING',
      reasons: [reason],
      createdAt: t,
      askedAt: t,
      deadline: t + T.JOB_DEADLINE_MS,
      pollDelayMs: T.FIRST_POLL_MS,
      tabIds: tabId === undefined ? [] : [tabId],
      // Out of credits: kept until they return (engine-resume.ts), not sent to hear 402 again.
      waitingFor: credits ? 'credits' : null,
      retryAt: 0,
      lastError: credits ? 'insufficient_credits' : null,
      // With other navigations being prepared: they leave together as one batch (submit-gate.ts).
      batchKey: credits ? null : submitter.assign(url, [reason]),
    };
    core.outcomes.delete(url);
    core.mirror(job);
    // Stored before its POST leaves (jobs-store.ts), but the submitter waits for this write
    // together with the privacy ledger's, not one after the other (engine-submit.ts).
    const stored = deps.jobs.put(job);
    if (!credits) submitter.send(job, stored);
    await stored;
    deps.onPending(core.records.size);
    return peek(url);
  }

  return {
    request,
    peek,
    async warm(url) {
      await deps.cache.prime(url);
      if (core.records.has(url)) return;
      // A job persisted by an earlier worker life, not resumed yet: adopt it rather than
      // starting a second scan of the same URL (resume() will track it).
      const job = await deps.jobs.get(url);
      // Not one whose verdict was just announced and whose removal is on its way (retiring).
      if (job && !core.records.has(url) && !core.isRetiring(job)) core.mirror(job);
    },
    resume: resumer.resume,
    onUpdate: (fn) => void core.listeners.add(fn),
    problem: () => core.standing,
    onProblem: (fn) => void core.problemListeners.add(fn),
    creditsRestored: resumer.creditsRestored,
    configChanged() {
      if (core.standing && core.standing.fix === 'options') core.setProblem(null);
    },
    forget(url) {
      core.outcomes.delete(url);
    },
    pendingCount: () => core.records.size,
    heldJobs: () => core.records.size + core.retiring.size,
  };
}
