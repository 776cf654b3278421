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
import { grantPass, hasException, hasPass } from './exceptions';
import { readToken, updateToken, type BlockedToken } from './blocked-tokens';
import { RECHECKABLE, strictOutcome } from '@/src/shared/policy/strict';
import { reportBlocked } from '../reporting/hooks';
import { noteAudit } from './audit-trail';
import { createOpenedWarned } from './opened-warned';
import { createBlockedFlow, isBlockedPage, sameDocument } from './blocked-flow';
import { createTabChains } from './tab-chains';
import { isPaused } from './pause';
import type { LinkChecker, LinkOutcome } from './link-check';
import { createHopWaiter, holdThroughWrapper, isHeldWrapper } from './wrapper-hold';

export { sameDocument, blockedPageUrl } from './blocked-flow';

const isBlock = (st: UrlStatus) => (st.kind === 'verdict' || st.kind === 'blocklisted') && st.decision.action === 'block';
const why = (st: UrlStatus): { verdict: Verdict | null; decision: Decision } => ({
  verdict: st.kind === 'verdict' ? st.verdict : null,
  decision: st.kind === 'verdict' || st.kind === 'blocklisted' ? st.decision : { action: 'block', reason: 'unknown' },
});

/** Strict mode blocked (or holds) without a verdict: the reason is the rule (strict.ts). */
const strictDecision = (reason: string): Decision => ({ action: 'block', reason, rule: { rule: 'strict', reason } });

type Frame = { tabId: number; url: string; frameId: number };

export interface Navigation {
  onBeforeNavigate(d: Frame): Promise<void>;
  /** webRequest.onBeforeRedirect for a main frame: a server redirect is a hop. */
  onBeforeRedirect(d: { tabId: number; url: string; redirectUrl: string; frameId?: number; type?: string }): Promise<void>;
  /** webNavigation.onErrorOccurred: a main frame the request-blocking rules stopped goes to the blocked page. */
  onErrorOccurred(d: Frame & { error?: string }): Promise<void>;
  /** A main-frame document committed in a tab (webNavigation.onCommitted). */
  noteCommitted(tabId: number, url: string, qualifiers?: readonly string[]): void;
  /**
   * Resolve a strict-mode hold (called by blocked.details, which polls while `open`): the
   * outcome known now, or the fail mode once the timeout passed. `open`: the token may still
   * change (held, or blocked while its verdict can still arrive).
   */
  settleStrict(token: string, t: BlockedToken, s: Settings): Promise<{ token: BlockedToken; open: boolean }>;
  /** How many history entries "Go back" on this blocked page must step over (1 or 2). */
  backSteps(token: string, t: BlockedToken): number;
}

export interface NavigationDeps {
  settings: SettingsStore;
  checker: Checker;
  /** Every hop of a link (issue 12): a navigation is judged by where it leads too. */
  links: LinkChecker;
  engine: ScanEngine;
  cache: VerdictCache;
  /** Resolves once the request-blocking rules let a new pass or exception through. */
  syncRules: () => Promise<unknown>;
}

/** Chromium's error for a request its rules blocked; its error page is a history entry (Firefox shows none). */
const BLOCKED_BY_CLIENT = 'net::ERR_BLOCKED_BY_CLIENT';

export function createNavigation(deps: NavigationDeps): Navigation {
  const { settings, checker, links, engine, cache } = deps;
  const waiter = createHopWaiter(engine);
  const flow = createBlockedFlow();
  const chains = createTabChains();
  /** "Warned link opened anyway", reported once per tab and URL (opened-warned.ts). */
  const openedWarned = createOpenedWarned();
  /** Strict-mode holds of this worker's life: normalized URL → tokens waiting for it. */
  const holds = new Map<string, string[]>();
  const settling = new Map<string, Promise<{ token: BlockedToken; open: boolean }>>();
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
      // Unknown counts as private: what Linklens learns then stays in memory (issue 11, hole 9).
      return true;
    }
  }

  /** "Proceed anyway" counts only while the policy allows it (allowProceed); a strict release always. */
  async function allowedAnyway(tabId: number, rawUrl: string, host: string, s: Settings) {
    const [exception, pass] = await Promise.all([s.allowProceed && hasException(host), hasPass(tabId, rawUrl, s.allowProceed)]);
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
  async function act(tabId: number, url: string, host: string, reason: { verdict: Verdict | null; decision: Decision }, opts: { pending?: boolean; attempted?: string; first?: string } = {}): Promise<string | null> {
    const { settings: s } = await settings.get();
    const hop = (await hopOf(tabId, url, s)) ?? (opts.attempted ? { hop: opts.attempted, first: opts.first ?? opts.attempted } : null);
    if (!hop || (await allowedAnyway(tabId, hop.hop, host, s)) || !claim(tabId)) return null;
    // Issue 13: a block (not a strict hold) is reported to the organization when it asks for that.
    if (opts.pending !== true && reason.decision.action === 'block') reportBlocked({ url, host, verdict: reason.verdict, rule: reason.decision.reason });
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

  /**
   * A bad hop read out of `raw` (issue 12): blocked while `raw` is still on the tab's chain,
   * naming that hop, with the link the person opened as the first URL.
   */
  async function actThrough(tabId: number, raw: string, o: LinkOutcome) {
    if (!o.url || !o.host) return;
    if (o.worst === 0) return void (await act(tabId, o.url, o.host, why(o.status)));
    const { settings: s } = await settings.get();
    const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
    const via = n.ok ? await hopOf(tabId, n.url, s) : null;
    if (via) await act(tabId, o.url, o.host, why(o.status), { attempted: o.hopUrls[o.worst] ?? raw, first: via.first });
  }

  /** One hop through the gate, cache and scan, with every URL read out of it (link-check.ts). */
  async function checkHop(tabId: number, raw: string) {
    const { settings: s } = await settings.get();
    const incognito = await tabIncognito(tabId);
    const out = s.scanNavigations ? await links.check(raw, 'navigation', { tabId, incognito, knownOnly: true }) : await links.lookup(raw, { incognito, knownOnly: true });
    if (!out.url || !out.host) return;
    // Audit-only mode: what would have been blocked or warned about is recorded (audit-trail.ts).
    if (s.auditOnly) void noteAudit(out, 'navigation');
    else openedWarned(tabId, out);
    if (isBlock(out.status)) {
      await actThrough(tabId, raw, out);
      return;
    }
    // Strict mode: hold, or fail closed at once when the outcome is already known (key
    // rejected, out of credits, not configured…): strict.ts decides, with the reason shown.
    const strict = strictOutcome({ settings: s, status: out.status, problem: engine.problem(), elapsedMs: null });
    if (strict.action === 'allow') return;
    const pending = strict.action === 'hold';
    const token = await act(tabId, out.url, out.host, { verdict: null, decision: strictDecision(strict.reason) }, { pending });
    if (token && (pending || RECHECKABLE.has(strict.reason))) holds.set(out.url, [...(holds.get(out.url) ?? []), token]);
  }

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

  /** One settle per token at a time: the blocked page's poll and a verdict push may meet. */
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
      // A verdict's own block keeps its rule (score and threshold); else strict mode's reason is the rule.
      const own = (st.kind === 'verdict' || st.kind === 'blocklisted') && st.decision.reason === o.reason ? st.decision : null;
      const next: BlockedToken = { ...t, pending: false, verdict: st.kind === 'verdict' ? st.verdict : null, decision: own ?? strictDecision(o.reason) };
      await updateToken(token, next);
      return next;
    }
    await grantPass(t.tabId, t.rawUrl, 'release');
    // The tab goes back when the request-blocking rules let the pass through.
    await deps.syncRules().catch(() => undefined);
    const next = { ...t, pending: false, decision: { action: 'allow' as const, reason: 'strict:released' } };
    await updateToken(token, next);
    await browser.tabs.update(t.tabId, { url: t.rawUrl }).catch(() => undefined);
    return next;
  }

  /** Known bad by the rules' own measure (block list in every state, blocking verdict unless paused). */
  async function known(raw: string) {
    const st = await settings.get();
    const s = { ...st.settings, orgBlocklist: st.managedEntries.blocklist };
    const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
    if (!n.ok) return null;
    await cache.prime(n.url);
    const v = cache.get(n.url);
    const d = knownBad(n.host, v, s, await isPaused());
    return d ? { url: n.url, host: n.host, verdict: d.reason === 'blocklist' ? null : v, decision: d } : null;
  }

  /** A navigation the wrapper-hold rules stopped (wrapper-hold.ts holdThroughWrapper). */
  const throughWrapper = (tabId: number, raw: string) =>
    holdThroughWrapper(
      {
        links,
        waiter,
        incognito: tabIncognito,
        passed: (t, r) => hasPass(t, r, true),
        block: actThrough,
        // Only while the tab still stands on this navigation (the person may have gone elsewhere).
        stillOn: async (t, r) => !handled.has(t) && findHop(await chains.get(t), (h) => sameDocument(h, r)) !== null,
        async release(t, r) {
          await grantPass(t, r, 'release');
          await deps.syncRules().catch(() => undefined);
          await browser.tabs.update(t, { url: r }).catch(() => undefined);
        },
      },
      tabId,
      raw,
    );

  engine.onUpdate((url, status, meta) => {
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
      const opened = meta.reasons.includes('navigation');
      const audited = s.auditOnly && (opened || meta.reasons.includes('hover'));
      if ((!opened && !audited) || status.kind !== 'verdict') return;
      const out = await checker.lookup(url);
      // A verdict that arrived after the page opened (or the link was rested on) in audit-only mode.
      if (audited) await noteAudit(out, opened ? 'navigation' : 'hover');
      if (!opened || !isBlock(out.status) || !out.host) return;
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
      else if (isHeldWrapper(d.url)) await throughWrapper(d.tabId, d.url);
    },
    noteCommitted(tabId, url, qualifiers = []) {
      flow.noteEntry(tabId, url);
      // Our own pages (the blocked page) end the chain: what it went through was dealt with.
      const web = /^https?:/i.test(url) && !isBlockedPage(url);
      void chains.update(tabId, (c) => (web ? commitChain(c, url, qualifiers) : EMPTY_CHAIN));
    },
    backSteps: (token, t) => flow.backSteps(token, t),
    settleStrict: (token, t, s) => settleOnce(token, t, s),
  };
}
