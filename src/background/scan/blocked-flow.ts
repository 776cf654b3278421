/**
 * Moving a tab to the blocked page and back (issue 3 "Outputs", issue 10): the token, the
 * history bookkeeping "Go back" needs, and the end of a strict-mode hold.
 */
import { browser } from 'wxt/browser';
import type { UrlStatus } from '@/src/shared/verdict';
import type { Settings } from '@/src/shared/policy/settings';
import { normalizeUrl } from '@/src/shared/url/normalize';
import type { Checker } from './checker';
import { grantPass } from './exceptions';
import { createToken, updateToken, type BlockedToken } from './blocked-tokens';

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
  /** A strict hold ends: allow → back to the page with a pass; block → the token shows why. */
  release(token: string, t: BlockedToken, st: UrlStatus, s: Settings): Promise<BlockedToken>;
  settleStrict(token: string, t: BlockedToken, s: Settings, checker: Checker): Promise<BlockedToken>;
}

/** `afterPass` resolves once the request-blocking layer lets the pass through (net-rules.ts). */
export function createBlockedFlow(afterPass: () => Promise<unknown>): BlockedFlow {
  /** The last two main-frame entries of each tab: tell whether the blocked site left a history entry. */
  const entries = new Map<number, { prev: string | null; cur: string }>();

  async function release(token: string, t: BlockedToken, st: UrlStatus, s: Settings): Promise<BlockedToken> {
    let block: boolean;
    if (st.kind === 'verdict' || st.kind === 'blocklisted') block = st.decision.action === 'block';
    else block = s.strictFailMode === 'block';
    if (block) {
      const next: BlockedToken = { ...t, pending: false, verdict: st.kind === 'verdict' ? st.verdict : null, decision: st.kind === 'verdict' || st.kind === 'blocklisted' ? st.decision : { action: 'block', reason: `strict:${st.kind === 'checking' ? 'timeout' : st.kind}` } };
      await updateToken(token, next);
      return next;
    }
    await grantPass(t.tabId, t.rawUrl);
    await afterPass().catch(() => undefined);
    const next = { ...t, pending: false, decision: { action: 'allow' as const, reason: 'strict:released' } };
    await updateToken(token, next);
    await browser.tabs.update(t.tabId, { url: t.rawUrl }).catch(() => undefined);
    return next;
  }

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
    release,
    async settleStrict(token, t, s, checker) {
      if (!t.pending) return t;
      const st = (await checker.lookup(t.rawUrl)).status;
      if (st.kind !== 'checking' && st.kind !== 'unchecked') return release(token, t, st, s);
      if (Date.now() - t.createdAt >= s.strictTimeoutMs) return release(token, t, st, s);
      return t;
    },
  };
}
