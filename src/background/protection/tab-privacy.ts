/**
 * Whether a tab is in a private window, known without asking the browser on the navigation path.
 *
 * Why: every navigation needs this before anything may be sent (a private window's URLs are
 * skipped or kept in memory: gate.ts, incognito-urls.ts). Asked with `tabs.get` per navigation,
 * it cost a browser round trip of 70–200 ms while a burst of tabs started their renderers
 * (BENCHMARKS.md "Bursts of navigations at once"). A tab's window privacy is fixed for the tab's life (a tab
 * never moves between a private and a normal window, and tab ids are not reused within a browser
 * session), so what the browser told us once stays true: `tabs.onCreated` tells it for each new
 * tab, one `tabs.query` at start-up for the tabs that were there before this worker.
 *
 * Only the browser's own answers are noted (tab events and tabs.get/query), never a message. A
 * tab we know nothing of is asked for once; when even that fails it is 'unknown', which counts
 * as private (window-kind.ts; what Linklens learns then stays in memory:
 * docs/decisions/011-private-windows.md), and the failure is not remembered.
 */
import { browser } from 'wxt/browser';
import { windowKindOf, type WindowKind } from '@/src/shared/window-kind';

/** The parts of a tabs.Tab this needs. */
export type TabLike = { id?: number; incognito: boolean };

export interface TabPrivacy {
  /** The tab's window: 'unknown' when the browser cannot tell (it counts as private). */
  kind(tabId: number): Promise<WindowKind>;
  /** What the browser said of a tab (tabs.onCreated, tabs.query, tabs.get). */
  note(tab: TabLike): void;
  forget(tabId: number): void;
  /** Learns every open tab at once (start-up: the tabs that were there before this worker). */
  learnOpenTabs(): Promise<void>;
  /** How many tabs are known (tests). */
  size(): number;
}

/** Tabs remembered at once; past it the oldest half is forgotten (asked again if they navigate). */
export const MAX_TABS = 2000;

export interface TabPrivacyDeps {
  get?: (tabId: number) => Promise<TabLike>;
  query?: () => Promise<TabLike[]>;
}

export function createTabPrivacy(deps: TabPrivacyDeps = {}): TabPrivacy {
  const get = deps.get ?? ((id: number) => browser.tabs.get(id));
  const query = deps.query ?? (() => browser.tabs.query({}));
  // Only what the browser said: 'unknown' is never remembered, so it is asked again.
  const known = new Map<number, Exclude<WindowKind, 'unknown'>>();

  function note(tab: TabLike) {
    const kind = windowKindOf(tab);
    if (typeof tab.id !== 'number' || tab.id < 0 || kind === 'unknown') return;
    if (!known.has(tab.id) && known.size >= MAX_TABS) {
      // Maps keep insertion order: the first half are the tabs learned longest ago.
      let n = known.size / 2;
      for (const id of known.keys()) {
        if (n-- <= 0) break;
        known.delete(id);
      }
    }
    known.set(tab.id, kind);
  }

  return {
    async kind(tabId) {
      const k = known.get(tabId);
      if (k !== undefined) return k;
      try {
        const tab = await get(tabId);
        note({ id: tabId, incognito: tab.incognito });
        return windowKindOf(tab);
      } catch {
        // Unknown counts as private: what Linklens learns then stays in memory (docs/decisions/011-private-windows.md).
        return 'unknown';
      }
    },
    note,
    forget: (tabId) => void known.delete(tabId),
    async learnOpenTabs() {
      const tabs = await query().catch(() => [] as TabLike[]);
      for (const t of tabs) if (typeof t.id === 'number' && !known.has(t.id)) note(t);
    },
    size: () => known.size,
  };
}
