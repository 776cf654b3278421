/**
 * docs/decisions/016-organizations.md, "warned link opened anyway": a page opened while the verdict known for it at that
 * moment said warn (a block never opens: that is `navigation.blocked`, and "Proceed anyway" is
 * `navigation.proceeded`). Decided here, from the browser's navigation, not from any message a
 * content script could forge. A verdict arriving after the page opened is not counted: the
 * person was not warned before opening it.
 *
 * Reported once per tab and URL (a page that navigates in a loop is one event); the memory is
 * bounded, oldest forgotten first, and lives as long as the background does.
 */
import type { UrlStatus } from '@/src/shared/verdict';
import { reportOpenedAnyway, type DecisionFacts } from '../reporting/hooks';

const REMEMBERED = 500;

export function createOpenedWarned(report: (f: DecisionFacts) => void = reportOpenedAnyway) {
  const seen = new Set<string>();
  /** True when this opening was reported now. */
  return (tabId: number, out: { url: string | null; host: string | null; status: UrlStatus }): boolean => {
    const st = out.status;
    if (!out.url || !out.host || st.kind !== 'verdict' || st.decision.action !== 'warn') return false;
    const key = `${tabId} ${out.url}`;
    if (seen.has(key)) return false;
    if (seen.size >= REMEMBERED) seen.delete(seen.values().next().value as string);
    seen.add(key);
    report({ url: out.url, host: out.host, verdict: st.verdict, rule: st.decision.reason, tabId });
    return true;
  };
}
