/**
 * How often a tab's content script may open the report page (docs/decisions/017-surfaces.md "Report a mistake" from
 * the tooltip and the in-page confirmation; protocol.ts `report.open`). A content script may be
 * the attacker's: opening a tab costs no credits and changes nothing, but a page looping the
 * message must not bury the person in tabs. A person reports a mistake or two from a page, so a
 * few opens per tab in a window are plenty; past them the message is refused (and the tooltip
 * says so). Examples: report-open.examples.ts.
 *
 * Kept in storage.session (out of content scripts' reach; gone when the browser closes), so the
 * counts outlive the worker: an idle worker is stopped after 30 s, and a page that waited for
 * that would otherwise get a fresh three each time.
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { pair } from '@/src/shared/zod-lean';
import { createMutex, readKey, writeKey } from '../state/kv';

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
  take(tabId: number, now?: number): Promise<boolean>;
  forgetTab(tabId: number): Promise<void>;
}

const KEY = 'reportOpens';
/** [tabId, opens] oldest tab first; a damaged entry reads as no opens (at most 3 more tabs). */
const Stored = z.array(pair(z.number(), z.array(z.number()).check(z.maxLength(REPORT_OPENS_PER_TAB))));

export function createReportOpenLimit(): ReportOpenLimit {
  const run = createMutex();
  // Read once per worker life; every change is written through before it is acted on.
  let byTab: Map<number, number[]> | null = null;
  const load = async () => (byTab ??= new Map(await readKey('session', KEY, Stored, [])));
  const save = (m: Map<number, number[]>) => writeKey('session', KEY, [...m]).catch(ignore);
  return {
    take: (tabId, now = Date.now()) =>
      run(async () => {
        const m = await load();
        const d = reportOpenDecision(m.get(tabId) ?? [], now);
        m.delete(tabId);
        if (m.size >= MAX_TABS) m.delete(m.keys().next().value as number);
        m.set(tabId, d.kept);
        await save(m);
        return d.allowed;
      }),
    forgetTab: (tabId) =>
      run(async () => {
        const m = await load();
        if (m.delete(tabId)) await save(m);
      }),
  };
}
