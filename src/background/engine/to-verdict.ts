import { bandOf, type Verdict } from '@/src/shared/verdict';
import type { ScanJob } from '../api';

/**
 * A COMPLETED job → our Verdict. Returns null when there is no usable result: the client has
 * already refused results without a valid riskScore (bad_response), so null here only means
 * "not completed" — never a made-up safe verdict.
 */
export function toVerdict(url: string, job: ScanJob, now: number): Verdict | null {
  if (job.state !== 'COMPLETED' || !job.result) return null;
  const r = job.result;
  const finished = job.completedAt ? Date.parse(job.completedAt) : NaN;
  return {
    url,
    scanId: job.id,
    riskScore: r.riskScore,
    band: bandOf(r.riskScore),
    confidence: r.confidence,
    categories: r.categories,
    reasoning: r.reasoning,
    indicators: r.indicators,
    checkedAt: Number.isFinite(finished) ? finished : now,
  };
}
