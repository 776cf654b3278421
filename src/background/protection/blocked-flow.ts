/**
 * Moving a tab to the blocked page and back (docs/decisions/014-scan-engine.md, docs/architecture.md, guarantees): the token, the
 * history bookkeeping "Go back" needs (strict-mode holds are settled in navigation.ts).
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { MAX_BACK_STEPS } from '@/src/shared/messaging/limits';
import { createToken, type BlockedToken } from './blocked-tokens';

/** Two URLs name the same document for "Go back" purposes (fragments aside). */
export function sameDocument(a: string, b: string): boolean {
  const x = normalizeUrl(a, { stripQuery: false });
  const y = normalizeUrl(b, { stripQuery: false });
  return x.ok && y.ok ? x.url === y.url : a === b;
}

export const blockedPageUrl = (token: string) =>
  browser.runtime.getURL('/blocked.html') + '?t=' + encodeURIComponent(token);
export const isBlockedPage = (url: string) => url.startsWith(browser.runtime.getURL('/blocked.html'));

export interface BlockedFlow {
  /** Sends the tab to a new blocked page; returns its token. */
  redirect(tabId: number, data: BlockedToken): Promise<string>;
  /** A main-frame document (or Chromium's error page) became the tab's history entry. */
  noteEntry(tabId: number, url: string): void;
  backSteps(token: string, t: BlockedToken): number;
}

/**
 * Pure: how many history entries "Go back" steps over, given the tab's last main-frame entries
 * (oldest first, the last one the blocked page itself). Going back to the blocked site would
 * only block it again, and to another blocked page only show a block again: both are stepped
 * over, as long as they come right behind. The second blocked page comes from the commit-time
 * recheck (navigation.ts noteCommitted): the browser let the site commit after our first
 * redirect. Examples in test/unit/background/protection/blocked-flow.test.ts.
 */
export function stepsBack(entries: readonly string[], blockedUrl: string, isOurs: (url: string) => boolean): number {
  let steps = 1;
  for (let i = entries.length - 2; i >= 0 && steps < MAX_BACK_STEPS; i--) {
    const e = entries[i]!;
    if (!isOurs(e) && !sameDocument(e, blockedUrl)) break;
    steps++;
  }
  return steps;
}

export function createBlockedFlow(): BlockedFlow {
  /** The last main-frame entries of each tab, oldest first: what "Go back" has behind it. */
  const entries = new Map<number, string[]>();

  return {
    async redirect(tabId, data) {
      // tabs.update before the page commits replaces the pending navigation; after it (or after
      // Chromium's error page for a request the rules blocked), that entry stays in history and
      // "Go back" must step over it. A first guess only: backSteps() decides from what actually
      // became an entry when the person clicks.
      const guess = stepsBack([...(entries.get(tabId) ?? []), ''], data.rawUrl, isBlockedPage);
      const { token, written } = createToken({ ...data, backSteps: guess });
      // The tab moves while the token is stored: the page asks this worker, which already knows it.
      await Promise.all([
        written.catch(ignore),
        browser.tabs.update(tabId, { url: blockedPageUrl(token) }).catch(ignore),
      ]);
      return token;
    },
    noteEntry(tabId, url) {
      if (entries.size > 1000 && !entries.has(tabId)) entries.clear();
      entries.set(tabId, [...(entries.get(tabId) ?? []), url].slice(-MAX_BACK_STEPS));
    },
    backSteps(token, t) {
      const list = entries.get(t.tabId);
      // Only trusted when this tab's current document is this very blocked page; else the guess
      // made at redirect time (e.g. the worker restarted since).
      if (!list || list.at(-1) !== blockedPageUrl(token)) return t.backSteps ?? 1;
      return stepsBack(list, t.rawUrl, isBlockedPage);
    },
  };
}
