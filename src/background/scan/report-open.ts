/**
 * How often a tab's content script may open the report page (issue 15 "Report a mistake" from
 * the tooltip and the in-page confirmation; protocol.ts `report.open`). A content script may be
 * the attacker's: opening a tab costs no credits and changes nothing, but a page looping the
 * message must not bury the person in tabs. A person reports a mistake or two from a page, so a
 * few opens per tab in a window are plenty; past them the message is refused (and the tooltip
 * says so). Examples: report-open.examples.ts.
 *
 * Memory only: the background's restart forgets the counts (a page cannot cause a restart, and
 * even so it would get at most another few tabs).
 */

/** Opens allowed per tab within REPORT_OPEN_WINDOW_MS. */
export const REPORT_OPENS_PER_TAB = 3;
export const REPORT_OPEN_WINDOW_MS = 10 * 60_000;
/** Tabs remembered at once (oldest forgotten first; each holds at most three times). */
const MAX_TABS = 1000;

/** Pure: whether one more open is allowed given the tab's earlier opens, and the opens to keep. */
export function reportOpenDecision(earlier: readonly number[], now: number): { allowed: boolean; kept: number[] } {
  const recent = earlier.filter((at) => now - at < REPORT_OPEN_WINDOW_MS && at <= now);
  if (recent.length >= REPORT_OPENS_PER_TAB) return { allowed: false, kept: recent };
  return { allowed: true, kept: [...recent, now] };
}

export interface ReportOpenLimit {
  /** True (and counted) when tab `tabId` may open the report page now. */
  take(tabId: number, now?: number): boolean;
  forgetTab(tabId: number): void;
}

export function createReportOpenLimit(): ReportOpenLimit {
  const byTab = new Map<number, number[]>();
  return {
    take(tabId, now = Date.now()) {
      const d = reportOpenDecision(byTab.get(tabId) ?? [], now);
      byTab.delete(tabId);
      if (byTab.size >= MAX_TABS) byTab.delete(byTab.keys().next().value as number);
      byTab.set(tabId, d.kept);
      return d.allowed;
    },
    forgetTab: (tabId) => void byTab.delete(tabId),
  };
}
