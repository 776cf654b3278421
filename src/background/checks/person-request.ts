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
  if (d.frameType !== undefined || d.documentLifecycle !== undefined) return d.initiator === undefined ? 'person' : 'page';
  return null;
}

/** What the browser said about each tab's recent main-frame requests (memory only). */
export function createRequestOrigins(deps: { now: () => number; waitMs: number }) {
  const { now } = deps;
  const requests = new Map<number, Array<{ url: string; at: number; origin: RequestOrigin }>>();
  const waiters = new Set<() => void>();

  /** Who started the request for `url` (normalized) in this tab, if the browser said. */
  function originOf(tabId: number | undefined, url: string): RequestOrigin | null {
    if (tabId === undefined) return null;
    const t = now();
    // The check knows the URL normalized (its query perhaps stripped); the browser the raw one.
    const same = (raw: string) =>
      [true, false].some((stripQuery) => {
        const n = normalizeUrl(raw, { stripQuery });
        return n.ok && n.url === url;
      });
    return (requests.get(tabId) ?? []).findLast((x) => t - x.at >= 0 && t - x.at < SAID_FOR_MS && same(x.url))?.origin ?? null;
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
    /** True once the browser says the person started it; false once it names a page, or after the wait. */
    waitPerson(tabId: number | undefined, url: string): Promise<boolean> {
      const known = originOf(tabId, url);
      if (known !== null || tabId === undefined) return Promise.resolve(known === 'person');
      return new Promise((resolve) => {
        const check = () => {
          const o = originOf(tabId, url);
          if (o !== null) done(o === 'person');
        };
        const timer = setTimeout(() => done(false), deps.waitMs);
        function done(v: boolean) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(v);
        }
        waiters.add(check);
      });
    },
    forgetTab: (tabId: number) => void requests.delete(tabId),
  };
}
