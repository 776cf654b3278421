/**
 * Audit-only mode (docs/decisions/017-surfaces.md, docs/decisions/016-organizations.md): a decision that would have blocked or warned
 * (decide.ts `auditOf`) is recorded in the audit list (state/audit-log.ts), and a would-block
 * is reported to the organization (audit.wouldBlock). Called where a navigation or a hovered
 * link is decided, with what the checker answered; anything else is ignored.
 */
import type { UrlStatus } from '@/src/shared/verdict';
import type { AuditEntry } from '@/src/shared/messaging/protocol';
import { recordAudit } from '../state/audit-log';
import { reportWouldBlock } from '../reporting/hooks';

export interface AuditOutcome {
  status: UrlStatus;
  url: string | null;
  host: string | null;
}

/** Pure: the audit entry for an outcome, or null when nothing would have happened. */
export function auditEntryOf(out: AuditOutcome, via: AuditEntry['via'], at: number): AuditEntry | null {
  const st = out.status;
  if ((st.kind !== 'verdict' && st.kind !== 'blocklisted') || !out.url || !out.host) return null;
  const wouldBe = st.decision.auditOf;
  if (wouldBe !== 'block' && wouldBe !== 'warn') return null;
  const v = st.kind === 'verdict' ? st.verdict : null;
  return {
    url: out.url,
    host: out.host,
    wouldBe,
    via,
    verdict: v
      ? { scanId: v.scanId, riskScore: v.riskScore, band: v.band, categories: v.categories.slice(0, 20) }
      : null,
    reason: st.decision.reason,
    ...(st.decision.rule ? { rule: st.decision.rule } : {}),
    at,
  };
}

/** Records the outcome if audit-only mode kept it from blocking or warning; never throws. */
export async function noteAudit(out: AuditOutcome, via: AuditEntry['via'], now = Date.now()): Promise<void> {
  const e = auditEntryOf(out, via, now);
  if (!e) return;
  const isNew = await recordAudit(e).catch(() => false);
  // Reported once per entry (a repeat within a minute is neither a new entry nor a new event).
  if (isNew && e.wouldBe === 'block')
    reportWouldBlock({ url: e.url, host: e.host, verdict: e.verdict, rule: e.reason });
}
