/**
 * Main-frame navigations, hop by hop (docs/decisions/014-scan-engine.md, docs/decisions/002-known-bad-rules.md, docs/decisions/003-every-hop.md).
 *
 * - Known-bad URLs (block list, blocking cached verdict) never reach the network: the browser's
 *   request-blocking rules stop them (net-rules.ts), and the failed navigation
 *   (webNavigation.onErrorOccurred) moves the tab to the blocked page.
 * - Every hop is checked through the same gate, cache and scan: the URL a navigation starts with
 *   (onBeforeNavigate, which client redirects fire too) and each server redirect
 *   (webRequest.onBeforeRedirect). A block decision, now or when a late verdict arrives, acts
 *   while the hop is part of the chain the tab is on (redirect-chain.ts), naming the hop and the
 *   first URL of the chain. Strict mode holds the tab on the blocked page (pending) for any hop.
 *
 * By step: this file turns browser events into checks; acting on a block is navigation-act.ts,
 * strict mode's holds are navigation-strict.ts, a tab's window privacy is tab-privacy.ts.
 */
import { ignore } from '@/src/background/ignore';
import { whileWorking } from '../idle';
import { browser } from 'wxt/browser';
import type { UrlStatus } from '@/src/shared/verdict';
import type { Settings } from '@/src/shared/policy/settings';
import { knownBad } from '@/src/shared/policy/known-bad';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { pathOfUrl } from '@/src/shared/url/list-entry';
import { committed as commitChain, findHop, redirected, started, EMPTY_CHAIN } from '@/src/shared/url/redirect-chain';
import { RECHECKABLE, strictOutcome } from '@/src/shared/policy/strict';
import type { Checker } from '../checks/checker';
import type { ScanEngine } from '../engine/engine';
import type { VerdictCache } from '../cache/verdict-cache';
import type { SettingsStore } from '../state/settings-store';
import { grantPass, hasPass, usePass } from '../overrides/exceptions';
import type { BlockedToken } from './blocked-tokens';
import { noteAudit } from './audit-trail';
import { createOpenedWarned } from './opened-warned';
import { createBlockedFlow, isBlockedPage, sameDocument } from './blocked-flow';
import { createTabChains } from './tab-chains';
import { isPaused } from '../overrides/pause';
import type { LinkChecker } from '../checks/link-check';
import { createHopWaiter, holdThroughWrapper, isHeldWrapper } from './wrapper-hold';
import { createNavigationActs, why } from './navigation-act';
import {
  BLOCKED_BY_CLIENT,
  createStrictHolds,
  createStrictRelease,
  heldByStartupRule,
  strictDecision,
} from './navigation-strict';
import { createTabPrivacy, type TabPrivacy } from './tab-privacy';
import { createStartupHolds, STARTING } from './startup-holds';
import { createLookalikeBlock } from './lookalike-block';

export { sameDocument, blockedPageUrl } from './blocked-flow';

const isBlock = (st: UrlStatus) =>
  (st.kind === 'verdict' || st.kind === 'blocklisted') && st.decision.action === 'block';

type Frame = { tabId: number; url: string; frameId: number };

export interface Navigation {
  onBeforeNavigate(d: Frame): Promise<void>;
  /** webRequest.onBeforeRedirect for a main frame: a server redirect is a hop. */
  onBeforeRedirect(d: {
    tabId: number;
    url: string;
    redirectUrl: string;
    frameId?: number;
    type?: string;
  }): Promise<void>;
  /** webNavigation.onErrorOccurred: a main frame the request-blocking rules stopped goes to the blocked page. */
  onErrorOccurred(d: Frame & { error?: string }): Promise<void>;
  /**
   * webRequest.onErrorOccurred for a main frame: Chromium reports a request its rules stopped
   * here 150–350 ms before the navigation's own error (BENCHMARKS.md "Strict mode"), so strict
   * mode's release of a page it allows starts here; the navigation's error then finds the pass.
   */
  onRequestError(d: Frame & { error?: string; method?: string }): Promise<void>;
  /**
   * A main-frame document committed in a tab (webNavigation.onCommitted). Settles when what the
   * commit started is done (strict mode's recheck, a used-up pass and its rules); never rejects.
   */
  noteCommitted(tabId: number, url: string, qualifiers?: readonly string[]): Promise<void>;
  /**
   * Resolve a strict-mode hold (called by blocked.details, which polls while `open`): the
   * outcome known now, or the fail mode once the timeout passed. `open`: the token may still
   * change (held, or blocked while its verdict can still arrive).
   */
  settleStrict(token: string, t: BlockedToken, s: Settings): Promise<{ token: BlockedToken; open: boolean }>;
  /** How many history entries "Go back" on this blocked page must step over (1 or 2). */
  backSteps(token: string, t: BlockedToken): number;
  /** At the browser's start: every web page already open is checked like a page that just committed. */
  recheckOpenTabs(): Promise<void>;
}

export interface NavigationDeps {
  settings: SettingsStore;
  checker: Checker;
  /** Every hop of a link (docs/decisions/003-every-hop.md): a navigation is judged by where it leads too. */
  links: LinkChecker;
  engine: ScanEngine;
  cache: VerdictCache;
  /** Resolves once the request-blocking rules let a new pass or exception through. */
  syncRules: () => Promise<unknown>;
  /** Which tabs are private, from the browser's tab events (tab-privacy.ts); default: asked per tab. */
  tabPrivacy?: TabPrivacy;
}

export function createNavigation(deps: NavigationDeps): Navigation {
  const { settings, links, engine, cache } = deps;
  const tabPrivacy = deps.tabPrivacy ?? createTabPrivacy();
  const waiter = createHopWaiter(engine);
  const flow = createBlockedFlow();
  const chains = createTabChains();
  const acts = createNavigationActs({ settings, flow, chains });
  const { act, actThrough } = acts;
  const blockLookalike = createLookalikeBlock({ settings, act, handled: acts.handled });
  const strict = createStrictHolds({ checker: deps.checker, engine, syncRules: deps.syncRules });
  const startup = createStartupHolds({
    settings,
    act: (tabId, url, host, attempted) =>
      act(tabId, url, host, { verdict: null, decision: strictDecision(STARTING) }, { pending: true, attempted }),
    submit: async (tabId, raw) => {
      const [{ settings: s }, windowKind] = await Promise.all([settings.get(), tabPrivacy.kind(tabId)]);
      if (s.scanNavigations) await links.check(raw, 'navigation', { tabId, windowKind, knownOnly: true });
    },
    strict,
  });
  /** "Warned link opened anyway", reported once per tab and URL (opened-warned.ts). */
  const openedWarned = createOpenedWarned();

  /**
   * One hop through the gate, cache and scan, with every URL read out of it (link-check.ts);
   * resolves with strict mode's action for it ('allow' also when strict mode is off).
   * The settings and the tab's privacy are read together, both from memory in the usual case
   * (tab-privacy.ts): in a burst of navigations each browser round trip before the POST costs
   * 70–200 ms (BENCHMARKS.md "Bursts of navigations at once").
   */
  async function checkHop(tabId: number, raw: string): Promise<'allow' | 'hold' | 'block' | undefined> {
    // A look-alike of the organization's sign-in page in block mode: judged locally, first (the
    // tab moves while the page's request may still be on its way), before anything is sent.
    if (await blockLookalike(tabId, raw)) return 'block';
    const [{ settings: s, starting }, windowKind] = await Promise.all([settings.get(), tabPrivacy.kind(tabId)]);
    // The policy that configures the service is not read yet (the browser just started): the
    // page waits on the blocked page, then is checked under the settings in force (startup.ts).
    if (starting) return startup.hold(tabId, raw, s, raw);
    const out = s.scanNavigations
      ? await links.check(raw, 'navigation', { tabId, windowKind, knownOnly: true })
      : await links.lookup(raw, { windowKind, knownOnly: true });
    if (!out.url || !out.host) return;
    // Audit-only mode: what would have been blocked or warned about is recorded (audit-trail.ts).
    if (s.auditOnly) void noteAudit(out, 'navigation');
    else openedWarned(tabId, out);
    if (isBlock(out.status)) {
      await actThrough(tabId, raw, out);
      return 'block';
    }
    // Strict mode: hold, or fail closed at once when the outcome is already known (key
    // rejected, out of credits, not configured…): strict.ts decides, with the reason shown.
    const o = strictOutcome({ settings: s, status: out.status, problem: engine.problem(), elapsedMs: null });
    if (o.action === 'allow') return 'allow';
    const pending = o.action === 'hold';
    const token = await act(
      tabId,
      out.url,
      out.host,
      { verdict: null, decision: strictDecision(o.reason) },
      { pending },
    );
    if (token && (pending || RECHECKABLE.has(o.reason))) strict.add(out.url, token);
    return o.action;
  }

  /** Known bad by the rules' own measure (block list in every state, blocking verdict unless paused). */
  async function known(raw: string) {
    const st = await settings.get();
    const s = { ...st.settings, orgBlocklist: st.managedEntries.blocklist };
    const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
    if (!n.ok) return null;
    await cache.prime(n.url);
    const v = cache.get(n.url);
    const d = knownBad({ host: n.host, path: pathOfUrl(n.url) }, v, s, await isPaused());
    return d ? { url: n.url, host: n.host, verdict: d.reason === 'blocklist' ? null : v, decision: d } : null;
  }

  /** Only while the tab still stands on this navigation (the person may have gone elsewhere). */
  const stillOn = async (t: number, r: string) =>
    !acts.handled(t) && findHop(await chains.get(t), (h) => sameDocument(h, r)) !== null;
  const releaseHeld = createStrictRelease({ settings: () => settings.get(), checkHop, stillOn, letThrough });
  /** One-time pass, the rules in step, then the URL again. */
  async function letThrough(t: number, r: string) {
    await grantPass(t, r, 'release');
    await deps.syncRules().catch(ignore);
    await browser.tabs.update(t, { url: r }).catch(ignore);
  }

  /** A load the startup rule stopped before the background had the policy: held, then checked (startup-holds.ts). */
  async function startupStopped(tabId: number, raw: string, error: string | undefined): Promise<boolean> {
    const st = await settings.get();
    if (!(await heldByStartupRule(st, tabId, raw, error))) return false;
    return (await startup.hold(tabId, raw, st.settings, raw)) === 'hold';
  }

  /** A navigation the wrapper-hold rules stopped (wrapper-hold.ts holdThroughWrapper). */
  const throughWrapper = (tabId: number, raw: string) =>
    holdThroughWrapper(
      {
        links,
        waiter,
        windowKind: (t) => tabPrivacy.kind(t),
        passed: (t, r) => hasPass(t, r, true),
        block: actThrough,
        stillOn,
        release: letThrough,
      },
      tabId,
      raw,
    );

  // What a verdict or a standing problem starts here (a strict-mode hold settled, its token
  // rewritten, a tab moved) is work in flight (idle.ts): a test that saw the answer stored must
  // not find the hold still pending.
  engine.onUpdate((url, status, meta) => {
    void whileWorking(
      (async () => {
        const { settings: s } = await settings.get();
        // The rest of this listener runs after the holds: a tab strict mode let through earlier
        // is protected by a late verdict like any other.
        await strict.update(url, s);
        const opened = meta.reasons.includes('navigation');
        const audited = s.auditOnly && (opened || meta.reasons.includes('hover'));
        if ((!opened && !audited) || status.kind !== 'verdict') return;
        const out = await deps.checker.lookup(url);
        // A verdict that arrived after the page opened (or the link was rested on) in audit-only mode.
        if (audited) await noteAudit(out, opened ? 'navigation' : 'hover');
        if (!opened || !isBlock(out.status) || !out.host) return;
        // A late verdict acts on each tab whose current chain went through this URL.
        for (const tabId of meta.tabIds) await act(tabId, url, out.host, why(out.status));
      })(),
    ).catch(ignore);
  });

  return {
    async onBeforeNavigate(d) {
      if (d.frameId !== 0 || d.tabId < 0) return;
      // Our own blocked page loading is the redirect itself, not a new navigation.
      if (isBlockedPage(d.url)) return;
      acts.newNavigation(d.tabId);
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
      if (bad)
        await act(d.tabId, bad.url, bad.host, { verdict: bad.verdict, decision: bad.decision }, { attempted: d.url });
      else if (isHeldWrapper(d.url)) await throughWrapper(d.tabId, d.url);
      else if (await startupStopped(d.tabId, d.url, d.error)) return;
      else await releaseHeld(d.tabId, d.url, d.error);
    },
    async onRequestError(d) {
      // Chromium's name for its rules' block (Firefox reports the request's error after the
      // navigation's: nothing to win there). The known-bad and wrapper holds wait for the
      // navigation's error (their blocked page needs the entry it notes); a POST is never held.
      if (
        d.frameId !== 0 ||
        d.tabId < 0 ||
        d.method !== 'GET' ||
        d.error !== BLOCKED_BY_CLIENT ||
        isBlockedPage(d.url) ||
        isHeldWrapper(d.url)
      )
        return;
      if (!(await known(d.url)) && !(await startupStopped(d.tabId, d.url, d.error)))
        await releaseHeld(d.tabId, d.url, d.error);
    },
    noteCommitted(tabId, url, qualifiers = []) {
      flow.noteEntry(tabId, url);
      // Our own pages (the blocked page) end the chain: what it went through was dealt with.
      const web = /^https?:/i.test(url) && !isBlockedPage(url);
      const chain = chains.update(tabId, (c) => (web ? commitChain(c, url, qualifiers) : EMPTY_CHAIN));
      if (!web) return chain.then(() => undefined, ignore);
      // The tab was sent to the blocked page in this navigation, yet a web document committed:
      // the browser let another navigation win over ours (a meta refresh that started before our
      // redirect, while an earlier hop's check took the tab's one claim). Fail closed: this
      // document is checked again like a hop (its onBeforeNavigate check already asked, so the
      // engine answers from its cache, its job in flight or its standing problem).
      const lost = acts.handled(tabId);
      if (lost) acts.newNavigation(tabId);
      // In strict mode every committed web document is checked again, claimed or not: a
      // document no check holds (its check lost the claim to another hop's, or the worker heard
      // only the commit) must not stay unchecked. When the navigation's own check already asked,
      // nothing more is sent (the engine answers as above), and nothing is charged to a budget.
      // Then "Proceed anyway" has let this one navigation through: its pass is used up, and the
      // browser's allow rule goes with it (after the check above, which must still see it).
      return chain
        .then(async () => {
          if (lost || (await settings.get()).settings.strictMode) await checkHop(tabId, url);
          if (await usePass(tabId, url)) await deps.syncRules();
        })
        .catch(ignore);
    },
    backSteps: (token, t) => flow.backSteps(token, t),
    async recheckOpenTabs() {
      for (const tab of await browser.tabs.query({})) {
        const url = tab.url ?? '';
        if (tab.id === undefined || tab.id < 0 || !/^https?:/i.test(url)) continue;
        void chains.update(tab.id, (c) => commitChain(started(c, url), url, []));
        await checkHop(tab.id, url).catch(ignore);
      }
    },
    settleStrict: async (token, t, s) =>
      (await startup.waiting(t)) ? { token: t, open: true } : strict.settleOnce(token, t, s),
  };
}
