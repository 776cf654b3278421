/**
 * Moving a tab to the blocked page and back (issue 3 "Outputs", issue 10): the token, the
 * history bookkeeping "Go back" needs (strict-mode holds are settled in navigation.ts).
 */
import { browser } from 'wxt/browser';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { createToken, type BlockedToken } from './blocked-tokens';

/** Two URLs name the same document for "Go back" purposes (fragments aside). */
export function sameDocument(a: string, b: string): boolean {
  const x = normalizeUrl(a, { stripQuery: false });
  const y = normalizeUrl(b, { stripQuery: false });
  return x.ok && y.ok ? x.url === y.url : a === b;
}

export const blockedPageUrl = (token: string) => browser.runtime.getURL('/blocked.html') + '?t=' + encodeURIComponent(token);
export const isBlockedPage = (url: string) => url.startsWith(browser.runtime.getURL('/blocked.html'));

export interface BlockedFlow {
  /** Sends the tab to a new blocked page; returns its token. */
  redirect(tabId: number, data: BlockedToken): Promise<string>;
  /** A main-frame document (or Chromium's error page) became the tab's history entry. */
  noteEntry(tabId: number, url: string): void;
  backSteps(token: string, t: BlockedToken): number;
}

export function createBlockedFlow(): BlockedFlow {
  /** The last two main-frame entries of each tab: tell whether the blocked site left a history entry. */
  const entries = new Map<number, { prev: string | null; cur: string }>();

  return {
    async redirect(tabId, data) {
      // tabs.update before the page commits replaces the pending navigation; after it (or after
      // Chromium's error page for a request the rules blocked), that entry stays in history and
      // "Go back" must step over it. A first guess only: backSteps() decides from what actually
      // became an entry when the person clicks.
      const { token, written } = createToken({ ...data, backSteps: entries.get(tabId)?.cur === data.rawUrl ? 2 : 1 });
      // The tab moves while the token is stored: the page asks this worker, which already knows it.
      await Promise.all([written.catch(() => undefined), browser.tabs.update(tabId, { url: blockedPageUrl(token) }).catch(() => undefined)]);
      return token;
    },
    noteEntry(tabId, url) {
      if (entries.size > 1000 && !entries.has(tabId)) entries.clear();
      entries.set(tabId, { prev: entries.get(tabId)?.cur ?? null, cur: url });
    },
    backSteps(token, t) {
      const c = entries.get(t.tabId);
      // Only trusted when this tab's current document is this very blocked page; else the guess
      // made at redirect time (e.g. the worker restarted since).
      if (!c || c.cur !== blockedPageUrl(token)) return t.backSteps ?? 1;
      return c.prev !== null && sameDocument(c.prev, t.rawUrl) ? 2 : 1;
    },
  };
}
