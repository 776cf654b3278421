/**
 * The end of a scan: its verdict (or its failure) is announced, cached and recorded, and the job
 * is forgotten; one finish per scan, however many of the stream and the polls saw the end.
 */
import { ignore } from '@/src/background/ignore';
import type { ScanJob } from '../api';
import type { PendingJob } from './jobs-store';
import type { EngineCore } from './engine-core';
import { toVerdict } from './to-verdict';
import { recordHistory } from '../state/ledger';
import { say } from '../i18n';
import { durationSample } from './scan-durations';
import { verdictSource } from '@/src/shared/policy/rule-rank';

/**
 * `ageOf`: the job's age for the duration sample (engine-track.ts); `retrack`: polls the job again
 * later, after a finish whose writes failed.
 */
export function createFinisher(core: EngineCore, ageOf: (job: PendingJob) => number, retrack: (url: string) => void) {
  const { deps } = core;

  /**
   * One finish per scan. The stream's terminal frame and a poll that was already on its way can
   * both see the end (a job given a stream slot while its GET is out); the second caller shares
   * the first one's work instead of writing the cache, the history and a duration sample again.
   * A finish that failed is forgotten too, so a later poll can still deliver the verdict.
   */
  const finishing = new Map<string, Promise<void>>();
  function finish(job: PendingJob, scan: ScanJob): Promise<void> {
    const key = scan.id || job.scanId;
    if (!key) return finishOnce(job, scan);
    const running = finishing.get(key);
    if (running) return running;
    // Forgotten once settled: a later job may carry the same scan id (a service that answers a
    // repeated URL with its existing scan), and its finish must run. A poll answered after this
    // one ended finds the job untracked (poll) or gone from the store (stream), and stops there.
    const p = finishOnce(job, scan).finally(() => finishing.delete(key));
    finishing.set(key, p);
    return p;
  }

  async function finishOnce(job: PendingJob, scan: ScanJob) {
    const seen = core.records.get(job.url)?.pendingSeen;
    core.durations.add(
      durationSample({
        createdAt: scan.createdAt,
        completedAt: scan.completedAt,
        lastPendingAgeMs: seen?.ageMs ?? 0,
        doneSeenAgeMs: ageOf(job),
      }),
    );
    if (scan.state === 'FAILED') {
      await recordHistory({
        id: scan.id,
        url: job.url,
        state: 'FAILED',
        createdAt: scan.createdAt,
        riskScore: null,
        band: null,
        source: 'local',
      }).catch(ignore);
      return core.drop(job, { kind: 'failed', scanId: scan.id, message: scan.failureReason ?? '' });
    }
    const v = toVerdict(job.url, scan, core.now());
    if (!v) return core.drop(job, { kind: 'error', code: 'bad_response', message: say('bg_noUsableResult') });
    // Announced as soon as the memory knows it (a redirect waits on it), while the writes go on:
    // the cache's memory has the verdict from set()'s first step, so a lookup meanwhile finds it.
    // The stored job is `retiring` until its removal lands: a new scan of the URL asked for at
    // once (a dispute from the blocked page) does not adopt it (warm, resume), and the removal
    // takes only this job (its key), never the new one.
    const ttl = await deps.ttlFor(v);
    core.retiring.set(job.url, job.idempotencyKey);
    // Ranked by what asked for it: a page's hovers never push out a page opened (rule-rank.ts).
    const cached = deps.cache.set(v, ttl, verdictSource(job.reasons));
    core.end(job.url);
    deps.onPending(core.records.size);
    core.emit(job.url, { kind: 'verdict', verdict: v, decision: { action: 'allow', reason: 'undecided' } }, job);
    try {
      // Cache first, then forget the job: a death in between re-polls instead of losing the
      // verdict (the next worker life resumes the stored job).
      await cached;
      await deps.jobs.remove(job.url, job.idempotencyKey);
    } catch (e) {
      // Not written: the stored job is polled again (not at once, the store may be failing), so
      // a later finish writes the verdict; unless a new job for the URL has started meanwhile.
      if (!core.records.has(job.url)) {
        core.mirror(job);
        retrack(job.url);
      }
      throw e;
    } finally {
      if (core.isRetiring(job)) core.retiring.delete(job.url);
    }
    await recordHistory({
      id: scan.id,
      url: job.url,
      state: scan.state,
      createdAt: scan.createdAt,
      riskScore: v.riskScore,
      band: v.band,
      source: 'local',
    }).catch(ignore);
  }

  return finish;
}
