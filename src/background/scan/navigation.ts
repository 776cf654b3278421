/**
 * Main-frame navigations, hop by hop (issue 3 "Outputs", issue 10 invariants 1 and 2).
 *
 * - Known-bad URLs (block list, blocking cached verdict) never reach the network: the browser's
 *   request-blocking rules stop them (net-rules.ts), and the failed navigation
 *   (webNavigation.onErrorOccurred) moves the tab to the blocked page.
 * - Every hop is checked through the same gate, cache and scan: the URL a navigation starts with
 *   (onBeforeNavigate, which client redirects fire too) and each server redirect
 *   (webRequest.onBeforeRedirect). A block decision, now or when a late verdict arrives, acts
 *   while the hop is part of the chain the tab is on (redirect-chain.ts), naming the hop and the
 *   first URL of the chain. Strict mode holds the tab on the blocked page (pending) for any hop.
 */
import { browser } from 'wxt/browser';
import type { UrlStatus, Verdict, Decision } from '@/src/shared/verdict';
import type { Settings } from '@/src/shared/policy/settings';
import { knownBad } from '@/src/shared/policy/net-rules';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { committed as commitChain, findHop, redirected, started, EMPTY_CHAIN, type HopMatch } from '@/src/shared/url/redirect-chain';
import type { Checker } from './checker';
import type { ScanEngine } from './engine';
import type { VerdictCache } from '../cache/verdict-cache';
import type { SettingsStore } from '../state/settings-store';
import { hasException, hasPass } from './exceptions';
import { readToken, type BlockedToken } from './blocked-tokens';
import { createBlockedFlow, isBlockedPage, sameDocument } from './blocked-flow';
import { createTabChains } from './tab-chains';
import { isPaused } from './pause';

export { sameDocument, blockedPageUrl } from './blocked-flow';

const isBlock = (st: UrlStatus) => (st.kind === 'verdict' || st.kind === 'blocklisted') && st.decision.action === 'block';
const why = (st: UrlStatus): { verdict: Verdict | null; decision: Decision } => ({
  verdict: st.kind === 'verdict' ? st.verdict : null,
  decision: st.kind === 'verdict' || st.kind === 'blocklisted' ? st.decision : { action: 'block', reason: 'unknown' },
});

type Frame = { tabId: number; url: string; frameId: number };

export interface Navigation {
  onBeforeNavigate(d: Frame): Promise<void>;
  /** webRequest.onBeforeRedirect for a main frame: a server redirect is a hop. */
  onBeforeRedirect(d: { tabId: number; url: string; redirectUrl: string; frameId?: number; type?: string }): Promise<void>;
  /** webNavigation.onErrorOccurred: a main frame the request-blocking rules stopped goes to the blocked page. */
  onErrorOccurred(d: Frame & { error?: string }): Promise<void>;
  /** A main-frame document committed in a tab (webNavigation.onCommitted). */
  noteCommitted(tabId: number, url: string, qualifiers?: readonly string[]): void;
  /** Resolve a strict-mode hold whose verdict did not arrive in time (called by blocked.details). */
  settleStrict(token: string, t: BlockedToken, s: Settings): Promise<BlockedToken>;
  /** How many history entries "Go back" on this blocked page must step over (1 or 2). */
  backSteps(token: string, t: BlockedToken): number;
}

export interface NavigationDeps {
  settings: SettingsStore;
  checker: Checker;
  engine: ScanEngine;
  cache: VerdictCache;
  /** Resolves once the request-blocking rules let a new pass or exception through. */
  syncRules: () => Promise<unknown>;
}

/** Chromium's error for a request its rules blocked; its error page is a history entry (Firefox shows none). */
const BLOCKED_BY_CLIENT = 'net::ERR_BLOCKED_BY_CLIENT';

export function createNavigation(deps: NavigationDeps): Navigation {
  const { settings, checker, engine, cache } = deps;
  const flow = createBlockedFlow(deps.syncRules);
  const chains = createTabChains();
  /** Strict-mode holds of this worker's life: normalized URL → tokens waiting for it. */
  const holds = new Map<string, string[]>();
  /**
   * Tabs already sent to a blocked page in their current navigation: several hops, the
   * navigation check, the failed request and a verdict push may all decide "block"; one blocked
   * page (one history entry) is enough.
   */
  const handled = new Set<number>();
  /** True once per navigation of a tab. Synchronous on purpose. */
  function claim(tabId: number): boolean {
    if (handled.has(tabId)) return false;
    if (handled.size > 1000) handled.clear();
    handled.add(tabId);
    return true;
  }

  async function tabIncognito(tabId: number): Promise<boolean> {
    try {
      return (await browser.tabs.get(tabId)).incognito;
    } catch {
      return false;
    }
  }

  async function allowedAnyway(tabId: number, rawUrl: string, host: string) {
    const [exception, pass] = await Promise.all([hasException(host), hasPass(tabId, rawUrl)]);
    return exception || pass;
  }

  /** The hop of the tab's chain that normalizes to `url`; else the tab's own URL if it is that one. */
  async function hopOf(tabId: number, url: string, s: Settings): Promise<HopMatch | null> {
    const isUrl = (raw: string) => {
      const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
      return n.ok && n.url === url;
    };
    const hop = findHop(await chains.get(tabId), isUrl);
    if (hop) return hop;
    // The chain was not kept (e.g. the worker died before saving it): what the tab shows.
    const tab = await browser.tabs.get(tabId).catch(() => null);
    const cur = tab?.pendingUrl ?? tab?.url;
    return cur && isUrl(cur) ? { hop: cur, first: cur } : null;
  }

  /**
   * Sends the tab to the blocked page for `url` if it is still on the chain and nothing allows it.
   * `attempted`: the tab tried this very URL just now (its request failed), chain or not.
   */
  async function act(tabId: number, url: string, host: string, reason: { verdict: Verdict | null; decision: Decision }, opts: { pending?: boolean; attempted?: string } = {}): Promise<string | null> {
    const { settings: s } = await settings.get();
    const hop = (await hopOf(tabId, url, s)) ?? (opts.attempted ? { hop: opts.attempted, first: opts.attempted } : null);
    if (!hop || (await allowedAnyway(tabId, hop.hop, host)) || !claim(tabId)) return null;
    return flow.redirect(tabId, {
      tabId,
      rawUrl: hop.hop,
      url,
      host,
      ...reason,
      pending: opts.pending === true,
      createdAt: Date.now(),
      firstUrl: sameDocument(hop.first, hop.hop) ? undefined : hop.first,
    });
  }

  /** One hop through the gate, cache and scan. */
  async function checkHop(tabId: number, raw: string) {
    const { settings: s } = await settings.get();
    const incognito = await tabIncognito(tabId);
    const out = s.scanNavigations ? await checker.check(raw, 'navigation', { tabId, incognito }) : await checker.lookup(raw, { incognito });
    if (!out.url || !out.host) return;
    if (isBlock(out.status)) {
      await act(tabId, out.url, out.host, why(out.status));
      return;
    }
    if (out.status.kind === 'checking' && s.strictMode && !s.auditOnly) {
      const token = await act(tabId, out.url, out.host, { verdict: null, decision: { action: 'block', reason: 'strict:pending' } }, { pending: true });
      if (token) holds.set(out.url, [...(holds.get(out.url) ?? []), token]);
    }
  }

  /** Known bad by the rules' own measure (block list in every state, blocking verdict unless paused). */
  async function known(raw: string) {
    const { settings: s } = await settings.get();
    const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
    if (!n.ok) return null;
    await cache.prime(n.url);
    const v = cache.get(n.url);
    const d = knownBad(n.host, v, s, await isPaused());
    return d ? { url: n.url, host: n.host, verdict: d.reason === 'blocklist' ? null : v, decision: d } : null;
  }

  engine.onUpdate((url, status, meta) => {
    void (async () => {
      const { settings: s } = await settings.get();
      const tokens = holds.get(url);
      if (tokens && status.kind !== 'checking') {
        holds.delete(url);
        for (const token of tokens) {
          const t = await readToken(token);
          if (t?.pending) await flow.release(token, t, (await checker.lookup(t.rawUrl)).status, s);
        }
        return;
      }
      if (!meta.reasons.includes('navigation') || status.kind !== 'verdict') return;
      const out = await checker.lookup(url);
      if (!isBlock(out.status) || !out.host) return;
      // A late verdict acts on each tab whose current chain went through this URL.
      for (const tabId of meta.tabIds) await act(tabId, url, out.host, why(out.status));
    })().catch(() => undefined);
  });

  return {
    async onBeforeNavigate(d) {
      if (d.frameId !== 0 || d.tabId < 0) return;
      // Our own blocked page loading is the redirect itself, not a new navigation.
      if (isBlockedPage(d.url)) return;
      handled.delete(d.tabId);
      void chains.update(d.tabId, (c) => started(c, d.url));
      await checkHop(d.tabId, d.url);
    },
    async onBeforeRedirect(d) {
      if ((d.frameId ?? 0) !== 0 || d.tabId < 0 || (d.type !== undefined && d.type !== 'main_frame')) return;
      void chains.update(d.tabId, (c) => redirected(c, d.url, d.redirectUrl));
      await checkHop(d.tabId, d.redirectUrl);
    },
    async onErrorOccurred(d) {
      if (d.frameId !== 0 || d.tabId < 0 || isBlockedPage(d.url)) return;
      if (d.error === BLOCKED_BY_CLIENT) flow.noteEntry(d.tabId, d.url);
      // The request the rules stopped (for a redirect: its target). Decided again here, by the
      // rules' own measure, because the rules apply in states where the checker sends nothing.
      const bad = await known(d.url);
      if (bad) await act(d.tabId, bad.url, bad.host, { verdict: bad.verdict, decision: bad.decision }, { attempted: d.url });
    },
    noteCommitted(tabId, url, qualifiers = []) {
      flow.noteEntry(tabId, url);
      // Our own pages (the blocked page) end the chain: what it went through was dealt with.
      const web = /^https?:/i.test(url) && !isBlockedPage(url);
      void chains.update(tabId, (c) => (web ? commitChain(c, url, qualifiers) : EMPTY_CHAIN));
    },
    backSteps: (token, t) => flow.backSteps(token, t),
    settleStrict: (token, t, s) => flow.settleStrict(token, t, s, checker),
  };
}
