/**
 * Whether the browser says no page started a main-frame request: the person did, through the
 * browser itself (address bar, bookmark, history, a new tab's page), which no web page can
 * arrange. Budgets (budget.ts) then never refuse its check for a page's spending.
 *
 * The browsers name the initiating page differently (webRequest.onBeforeRequest details):
 * - Chromium: `initiator`, the origin of the document that started it, absent when the browser
 *   did ("The origin where the request was initiated. This does not change through redirects.").
 *   Its details have `frameType` or `documentLifecycle` (Chromium 106+), by which it is told apart.
 * - Firefox: `originUrl`, the URL of the document that triggered it, absent for the browser's own
 *   loads; its details always have `thirdParty` (Firefox 80+).
 * Neither recognised: null, not the person (a page's budget applies, as before).
 * Examples: person-request.examples.ts.
 *
 * The browser names a request's origin after the navigation's check has asked (webRequest comes
 * after webNavigation.onBeforeNavigate), so createRequestOrigins keeps what it said per tab and
 * lets a check wait for it, bounded.
 *
 * A link the person activated (a trusted click, middle-click or Enter on it) starts a request the
 * browser names as the page's: neither browser tells an extension whether a page's navigation
 * had the person's activation. The content script sees the trusted event and says so
 * (`link.activated`); as a content script may be the attacker's, that claim counts only as a
 * 'click' (budgets.ts), which the link's own site's budgets still bound.
 */
import { normalizeUrl } from '@/src/shared/url/normalize';

/** How long a refused navigation waits for the browser to say who started it. */
export const PERSON_WAIT_MS = 400;
/** How long the browser's word about a request holds. */
const SAID_FOR_MS = 10_000;

export type RequestOrigin = 'person' | 'page';
export interface RequestDetails {
  type?: string;
  tabId?: number;
  initiator?: string;
  originUrl?: string;
  frameType?: string;
  documentLifecycle?: string;
  thirdParty?: boolean;
}

/** Who started a tab's main-frame request: 'person' (the browser), 'page', or null (not known). */
export function requestOrigin(d: RequestDetails): RequestOrigin | null {
  if (d.type !== 'main_frame' || d.tabId === undefined || d.tabId < 0) return null;
  if (typeof d.thirdParty === 'boolean') return d.originUrl === undefined ? 'person' : 'page';
  if (d.frameType !== undefined || d.documentLifecycle !== undefined)
    return d.initiator === undefined ? 'person' : 'page';
  return null;
}

/** How long a content script's word that the person activated a link holds. */
const CLICK_HOLDS_MS = 5_000;
/** How long after the browser names a page a refused navigation still waits for a click's word. */
const CLICK_GRACE_MS = 100;

/** What the browser said about each tab's recent main-frame requests (memory only). */
export function createRequestOrigins(deps: { now: () => number; waitMs: number }) {
  const { now } = deps;
  const requests = new Map<number, Array<{ url: string; at: number; origin: RequestOrigin }>>();
  /** Links the person activated, per tab, as its content script said (raw URLs). */
  const clicks = new Map<number, Array<{ url: string; at: number }>>();
  const waiters = new Set<() => void>();
  /** The check knows the URL normalized (its query perhaps stripped); the browser the raw one. */
  const same = (raw: string, url: string) =>
    [true, false].some((stripQuery) => {
      const n = normalizeUrl(raw, { stripQuery });
      return n.ok && n.url === url;
    });
  const clickedIn = (tabId: number | undefined, url: string) => {
    const t = now();
    return (
      tabId !== undefined &&
      (clicks.get(tabId) ?? []).some((c) => t - c.at >= 0 && t - c.at < CLICK_HOLDS_MS && same(c.url, url))
    );
  };

  /** Who started the request for `url` (normalized) in this tab, if the browser said. */
  function originOf(tabId: number | undefined, url: string): RequestOrigin | null {
    if (tabId === undefined) return null;
    const t = now();
    return (
      (requests.get(tabId) ?? []).findLast((x) => t - x.at >= 0 && t - x.at < SAID_FOR_MS && same(x.url, url))
        ?.origin ?? null
    );
  }

  return {
    note(tabId: number, url: string, origin: RequestOrigin) {
      if (requests.size > 1000) requests.clear();
      const t = now();
      const list = (requests.get(tabId) ?? []).filter((r) => t - r.at < SAID_FOR_MS).slice(-9);
      list.push({ url, at: t, origin });
      requests.set(tabId, list);
      for (const w of [...waiters]) w();
    },
    personStarted: (tabId: number | undefined, url: string) => originOf(tabId, url) === 'person',
    /** The content script of `tabId` says the person activated a link to `raw`. */
    noteClick(tabId: number, raw: string) {
      if (clicks.size > 1000) clicks.clear();
      const t = now();
      const list = (clicks.get(tabId) ?? []).filter((c) => t - c.at < CLICK_HOLDS_MS).slice(-4);
      list.push({ url: raw, at: t });
      clicks.set(tabId, list);
      for (const w of [...waiters]) w();
    },
    /**
     * Who started the navigation to `url` (normalized) in `tabId`, waiting a moment for the word:
     * 'person' once the browser says no page did; 'click' once the content script of the tab, or
     * of the tab that opened it (`openerTabId`: a link opened in a new tab), says the person
     * activated a link to it (that word travels beside the navigation and may come just after
     * its check asked); null once the browser names a page and no click is heard within
     * CLICK_GRACE_MS (a looping page's own request ends the wait almost at once), or after the wait.
     */
    waitStarter(
      tabId: number | undefined,
      openerTabId: number | undefined,
      url: string,
    ): Promise<'person' | 'click' | null> {
      const read = () => {
        const o = originOf(tabId, url);
        return o !== 'person' && [tabId, openerTabId].some((t) => clickedIn(t, url)) ? 'click' : o;
      };
      const first = read();
      if (first === 'person' || first === 'click') return Promise.resolve(first);
      if (tabId === undefined) return Promise.resolve(null);
      return new Promise((resolve) => {
        let grace: ReturnType<typeof setTimeout> | undefined;
        const check = () => {
          const o = read();
          if (o === 'person' || o === 'click') done(o);
          else if (o === 'page' && grace === undefined)
            grace = setTimeout(() => done(null), Math.min(CLICK_GRACE_MS, deps.waitMs));
        };
        const timer = setTimeout(() => done(null), deps.waitMs);
        function done(v: 'person' | 'click' | null) {
          clearTimeout(timer);
          clearTimeout(grace);
          waiters.delete(check);
          resolve(v);
        }
        waiters.add(check);
        check();
      });
    },
    forgetTab: (tabId: number) => {
      requests.delete(tabId);
      clicks.delete(tabId);
    },
  };
}
