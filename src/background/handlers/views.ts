/** API records → the reply shapes of protocol.ts (pure). */
import { bandOf } from '@/src/shared/verdict';
import type { ScanSummary, ScanViewData } from '@/src/shared/messaging/protocol';
import type { ScanJob } from '../api';

export function toScanView(j: ScanJob): ScanViewData {
  return {
    id: j.id,
    url: j.url,
    state: j.state,
    createdAt: j.createdAt,
    result: j.result ? { ...j.result, band: bandOf(j.result.riskScore) } : null,
    extra: {
      ...j.extra,
      ...(j.completedAt ? { completedAt: j.completedAt } : {}),
      ...(j.failureReason ? { failureReason: j.failureReason } : {}),
    },
  };
}

export function toSummary(j: ScanJob): ScanSummary {
  return {
    id: j.id,
    url: j.url,
    state: j.state,
    createdAt: j.createdAt,
    riskScore: j.result?.riskScore ?? null,
    band: j.result ? bandOf(j.result.riskScore) : null,
    source: 'service',
  };
}
