/** Reply data of our pages' scan requests: the popup's tab status, scan lists and views, page scans, ledger and audit list. */
import type { UrlStatus, Band, DecisionRule } from '../../verdict';
import type { BudgetKind, BudgetScope } from '../../policy/budgets';
import type { ErrorInfo } from '../reply';
import type { ScanReason } from '../scan-reason';

/** `tab.status`: what the popup shows for the current tab. */
export interface TabStatusData {
  url: string | null;
  status: UrlStatus;
  configured: boolean;
  /** ms epoch, or -1 for "until the browser restarts"; null when not paused. */
  pausedUntil: number | null;
  /** Latest known credit balance (cached), null when unknown. */
  credits: number | null;
  /** A standing problem the person should fix (key rejected, out of credits, service down). */
  problem: ErrorInfoWithFix | null;
  /** Policy allowPause: false removes the pause control. */
  canPause: boolean;
  /** Policy allowUserAllowlist: false removes "Trust this site". */
  canTrust: boolean;
  /** Checks pages caused today and what the budgets refused (absent from older backgrounds). */
  budget?: BudgetReportData;
  /**
   * docs/decisions/003-every-hop.md: the host the tab's URL leads to when it is a link wrapper around another address
   * (`status` is then the worst of its hops), else null or absent.
   */
  leadsTo?: string | null;
}

/** Spending caused by web pages (src/shared/policy/budgets.ts), for the popup. */
export interface BudgetReportData {
  today: { navigations: number; hovers: number };
  /** Page-caused checks not sent today because a budget was spent. */
  refusedToday: number;
  /** The sites refused most today (at most 3): unusual spending the person should see. */
  refusedSites: { site: string; refused: number }[];
  /** This tab's latest refusal, if any. */
  tab: { scope: BudgetScope; kind: BudgetKind; site: string; at: number } | null;
}
export interface ErrorInfoWithFix extends ErrorInfo {
  /** Where the fix is: 'options' | 'credits' | 'none'. */
  fix: 'options' | 'credits' | 'none';
  /** Known again after the background restarted (from stored jobs), not newly happened: not re-notified. */
  restored?: boolean;
  /** Out of credits: the balance the service's answer stated, when it stated one. */
  balance?: number;
}

/** Reply to verdict.dispute: the organization's report address when one is set (else null). */
export interface DisputeData {
  reportUrl: string | null;
  scanId: string | null;
  url: string;
}

/** One scan in lists (popup recent scans, options history). */
export interface ScanSummary {
  id: string;
  url: string;
  state: string;
  createdAt: string | null;
  riskScore: number | null;
  band: Band | null;
  source: 'local' | 'service';
}
export interface ScansListData {
  items: ScanSummary[];
  next: string | null;
}

/** `scan.get` (report page). `result` present when COMPLETED. `extra` = fields we don't model. */
export interface ScanViewData {
  id: string;
  url: string;
  state: string;
  createdAt: string | null;
  result: {
    riskScore: number;
    band: Band;
    confidence: number;
    categories: string[];
    reasoning: string;
    indicators: string[];
  } | null;
  extra: Record<string, unknown>;
}

/**
 * One entry of audit-only mode's list: what would have been blocked or warned about. `url` is
 * the URL as it is (or would be) sent to the service; `rule` the rule that fired (decide.ts).
 */
export interface AuditEntry {
  url: string;
  host: string;
  wouldBe: 'block' | 'warn';
  /** A page opened (navigation) or a link rested on (hover). */
  via: 'navigation' | 'hover';
  verdict: { scanId: string | null; riskScore: number | null; band: Band | null; categories: string[] } | null;
  /** decide.ts reason, e.g. 'band:malicious', 'blocklist'. */
  reason: string;
  rule?: DecisionRule;
  at: number;
}

export interface LedgerEntry {
  url: string;
  at: number;
  reason: ScanReason;
  /** docs/decisions/003-every-hop.md: set when the URL went to its shortener (resolveShorteners), not to the service. */
  sentTo?: 'shortener';
}

/** `scan.pagePreview`: links on the page (unique), how many would be sent, known, never sent. */
export interface PageScanPreviewData {
  total: number;
  toSend: number;
  known: number;
  skipped: number;
}

export interface PageScanProgressData {
  total: number;
  done: number;
  flagged: number;
  running: boolean;
}
