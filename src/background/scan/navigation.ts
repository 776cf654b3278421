/**
 * Main-frame navigations (issue 3, "Outputs"): a cached block-level verdict redirects to the
 * blocked page before the page loads; otherwise the scan runs and, if the verdict is
 * block-level while the tab still shows that URL, the tab goes to the blocked page. Strict mode
 * holds the tab on the blocked page (pending) until the verdict or the timeout, and with fail
 * mode "block" every outcome that is not a verdict ends there with its reason (strict.ts).
 */
import { browser } from 'wxt/browser';
import type { UrlStatus } from '@/src/shared/verdict';
import type { Settings } from '@/src/shared/policy/settings';
import { normalizeUrl } from '@/src/shared/url/normalize';
import type { Checker } from './checker';
import type { ScanEngine } from './engine';
import type { SettingsStore } from '../state/settings-store';
import { hasException, hasPass, grantPass } from './exceptions';
import { createToken, readToken, updateToken, type BlockedToken } from './blocked-tokens';
import { RECHECKABLE, strictOutcome } from '@/src/shared/policy/strict';

/** Two URLs name the same document for "Go back" purposes (fragments aside). */
export function sameDocument(a: string, b: string): boolean {
  const x = normalizeUrl(a, { stripQuery: false });
  const y = normalizeUrl(b, { stripQuery: false });
  return x.ok && y.ok ? x.url === y.url : a === b;
}

export const blockedPageUrl = (token: string) => browser.runtime.getURL('/blocked.html') + '?t=' + encodeURIComponent(token);

const isBlock = (st: UrlStatus) => (st.kind === 'verdict' || st.kind === 'blocklisted') && st.decision.action === 'block';

export interface Navigation {
  onBeforeNavigate(d: { tabId: number; url: string; frameId: number }): Promise<void>;
  /**
   * Resolve a strict-mode hold (called by blocked.details, which polls while `open`): the
   * outcome known now, or the fail mode once the timeout passed. `open`: the token may still
   * change (held, or blocked while its verdict can still arrive).
   */
  settleStrict(token: string, t: BlockedToken, s: Settings): Promise<{ token: BlockedToken; open: boolean }>;
  /** A main-frame document committed in a tab (webNavigation.onCommitted). */
  noteCommitted(tabId: number, url: string): void;
  /** How many history entries "Go back" on this blocked page must step over (1 or 2). */
  backSteps(token: string, t: BlockedToken): number;
}

export function createNavigation(settings: SettingsStore, checker: Checker, engine: ScanEngine): Navigation {
  /** Strict-mode holds of this worker's life: normalized URL → tokens waiting for it. */
  const holds = new Map<string, string[]>();
  /** The last two main-frame URLs each tab committed: tell whether the blocked site left a history entry. */
  const committed = new Map<number, { prev: string | null; cur: string }>();
  /** The latest main-frame navigation each tab started: an older check must not act on the tab. */
  const latest = new Map<number, object>();
  /**
   * The URL (normalized) each tab was already sent to the blocked page for, in its current
   * navigation. The navigation check and the verdict push can both decide "block" for the same
   * navigation; without this the tab got two blocked pages (two history entries, "Go back" broken).
   */
  const handled = new Map<number, string>();
  const settling = new Map<string, Promise<{ token: BlockedToken; open: boolean }>>();

  /** Claims the redirect of `url` in `tabId`: true once per navigation. Synchronous on purpose. */
  function claim(tabId: number, url: string): boolean {
    if (handled.get(tabId) === url) return false;
    if (handled.size > 1000) handled.clear();
    handled.set(tabId, url);
    return true;
  }

  async function tabIncognito(tabId: number): Promise<boolean> {
    try {
      return (await browser.tabs.get(tabId)).incognito;
    } catch {
      // Unknown counts as private (issue 11 hole 9): never sent unless scanIncognito, never stored.
      return true;
    }
  }

  async function redirect(tabId: number, data: BlockedToken) {
    // tabs.update before the page commits replaces the pending navigation; after it, the blocked
    // page's entry stays in history and "Go back" must step over it.
    // A first guess only: the site may still commit before tabs.update lands; backSteps() decides
    // from what actually committed when the person clicks.
    const { token, written } = createToken({ ...data, backSteps: committed.get(tabId)?.cur === data.rawUrl ? 2 : 1 });
    // The tab moves while the token is stored: the page asks this worker, which already knows it.
    await Promise.all([written.catch(() => undefined), browser.tabs.update(tabId, { url: blockedPageUrl(token) }).catch(() => undefined)]);
    return token;
  }

  /** "Proceed anyway" counts only while the policy allows it (allowProceed); a strict release always. */
  async function allowedAnyway(tabId: number, rawUrl: string, host: string, s: Settings) {
    const [exception, pass] = await Promise.all([s.allowProceed && hasException(host), hasPass(tabId, rawUrl, s.allowProceed)]);
    return exception || pass;
  }

  async function onBeforeNavigate(d: { tabId: number; url: string; frameId: number }) {
    if (d.frameId !== 0 || d.tabId < 0) return;
    // Our own blocked page loading is the redirect itself, not a new navigation.
    if (d.url.startsWith(browser.runtime.getURL('/blocked.html'))) return;
    const nav = {};
    if (latest.size > 1000 && !latest.has(d.tabId)) latest.clear();
    latest.set(d.tabId, nav);
    handled.delete(d.tabId);
    const { settings: s } = await settings.get();
    const incognito = await tabIncognito(d.tabId);
    const out = s.scanNavigations
      ? await checker.check(d.url, 'navigation', { tabId: d.tabId, incognito })
      : await checker.lookup(d.url, { incognito });
    if (!out.url || !out.host) return;
    if (isBlock(out.status)) {
      if (await allowedAnyway(d.tabId, d.url, out.host, s)) return;
      if (latest.get(d.tabId) !== nav || !claim(d.tabId, out.url)) return;
      const verdict = out.status.kind === 'verdict' ? out.status.verdict : null;
      const decision = out.status.kind === 'verdict' || out.status.kind === 'blocklisted' ? out.status.decision : { action: 'block' as const, reason: 'unknown' };
      await redirect(d.tabId, { tabId: d.tabId, rawUrl: d.url, url: out.url, host: out.host, verdict, decision, pending: false, createdAt: Date.now() });
      return;
    }
    // Strict mode: hold, or fail closed at once when the outcome is already known (key
    // rejected, out of credits, not configured…): strict.ts decides, with the reason shown.
    const strict = strictOutcome({ settings: s, status: out.status, problem: engine.problem(), elapsedMs: null });
    if (strict.action !== 'allow' && !(await allowedAnyway(d.tabId, d.url, out.host, s))) {
      if (latest.get(d.tabId) !== nav || !claim(d.tabId, out.url)) return;
      const pending = strict.action === 'hold';
      const token = await redirect(d.tabId, { tabId: d.tabId, rawUrl: d.url, url: out.url, host: out.host, verdict: null, decision: { action: 'block', reason: strict.reason }, pending, createdAt: Date.now() });
      if (pending || RECHECKABLE.has(strict.reason)) holds.set(out.url, [...(holds.get(out.url) ?? []), token]);
    }
  }

  /** The tab's URL (pending first) when it is still `url`, else null: one tabs.get for both questions. */
  async function shownRawUrl(tabId: number, url: string, stripQuery: boolean): Promise<string | null> {
    try {
      const tab = await browser.tabs.get(tabId);
      const cur = tab.pendingUrl ?? tab.url;
      if (!cur) return null;
      const n = normalizeUrl(cur, { stripQuery });
      return n.ok && n.url === url ? cur : null;
    } catch {
      return null;
    }
  }

  engine.onUpdate((url, _status, meta) => {
    void (async () => {
      const { settings: s } = await settings.get();
      const tokens = holds.get(url);
      if (tokens) {
        // Held tabs, and tabs blocked while the verdict could still come (credits, timeout):
        // each update may settle them. The rest of this listener still runs: a tab strict mode
        // let through earlier is protected by a late verdict like any other.
        const still: string[] = [];
        for (const token of tokens) {
          const t = await readToken(token);
          if (t && (await settleOnce(token, t, s)).open) still.push(token);
        }
        if (still.length) holds.set(url, still);
        else holds.delete(url);
      }
      if (!meta.reasons.includes('navigation')) return;
      for (const tabId of meta.tabIds) {
        // Both at once: this path is the time between the verdict and the blocked page.
        // The raw URL comes from the same tabs.get that matched: a second read could see a tab
        // between documents (Firefox reports about:blank there).
        const [out, rawUrl] = await Promise.all([checker.lookup(url), shownRawUrl(tabId, url, s.stripQuery)]);
        if (!isBlock(out.status) || !out.host || !rawUrl) continue;
        if (await allowedAnyway(tabId, rawUrl, out.host, s)) continue;
        if (!claim(tabId, url)) continue;
        await redirect(tabId, { tabId, rawUrl, url, host: out.host, verdict: out.status.kind === 'verdict' ? out.status.verdict : null, decision: out.status.kind === 'verdict' || out.status.kind === 'blocklisted' ? out.status.decision : { action: 'block', reason: 'unknown' }, pending: false, createdAt: Date.now() });
      }
    })().catch(() => undefined);
  });

  /**
   * Settles a strict-mode token (strict.ts): a hold ends in allow or block once the outcome is
   * known or the timeout passed; a block without a verdict whose job is still alive (waiting for
   * credits, slow service) stays open: the verdict, however late, replaces it. `open` tells
   * whether the token may still change.
   */
  async function settle(token: string, t: BlockedToken, s: Settings): Promise<{ token: BlockedToken; open: boolean }> {
    const recheck = !t.pending && t.decision.action === 'block' && RECHECKABLE.has(t.decision.reason);
    if (!t.pending && !recheck) return { token: t, open: false };
    const st = (await checker.lookup(t.rawUrl)).status;
    const alive = st.kind === 'checking';
    if (recheck && (alive || st.kind === 'unchecked')) return { token: t, open: alive };
    const o = strictOutcome({ settings: s, status: st, problem: engine.problem(), elapsedMs: Date.now() - t.createdAt });
    if (o.action === 'hold') return { token: t, open: true };
    const next = await release(token, t, st, o);
    return { token: next, open: next.decision.action === 'block' && RECHECKABLE.has(next.decision.reason) && alive };
  }

  /**
   * One settle per token at a time: the blocked page's poll and a verdict push may meet, and a
   * release must move the tab once.
   */
  function settleOnce(token: string, t: BlockedToken, s: Settings) {
    const running = settling.get(token);
    if (running) return running;
    const p = settle(token, t, s).finally(() => settling.delete(token));
    settling.set(token, p);
    return p;
  }

  /** A strict hold ends: allow → back to the page with a pass; block → the token shows why. */
  async function release(token: string, t: BlockedToken, st: UrlStatus, o: { action: 'allow' | 'block'; reason: string }): Promise<BlockedToken> {
    if (o.action === 'block') {
      const next: BlockedToken = { ...t, pending: false, verdict: st.kind === 'verdict' ? st.verdict : null, decision: { action: 'block', reason: o.reason } };
      await updateToken(token, next);
      return next;
    }
    await grantPass(t.tabId, t.rawUrl, 'release');
    const next = { ...t, pending: false, decision: { action: 'allow' as const, reason: 'strict:released' } };
    await updateToken(token, next);
    await browser.tabs.update(t.tabId, { url: t.rawUrl }).catch(() => undefined);
    return next;
  }

  return {
    onBeforeNavigate,
    noteCommitted(tabId, url) {
      if (committed.size > 1000 && !committed.has(tabId)) committed.clear();
      committed.set(tabId, { prev: committed.get(tabId)?.cur ?? null, cur: url });
    },
    backSteps(token, t) {
      const c = committed.get(t.tabId);
      // Only trusted when this tab's current document is this very blocked page; else the guess
      // made at redirect time (e.g. the worker restarted since).
      if (!c || c.cur !== blockedPageUrl(token)) return t.backSteps ?? 1;
      return c.prev !== null && sameDocument(c.prev, t.rawUrl) ? 2 : 1;
    },
    settleStrict: settleOnce,
  };
}
