/**
 * The step of the navigation flow that acts on a "block" (navigation.ts decides it): the tab
 * goes to the blocked page while the bad URL is still on the chain it is on, unless "Proceed
 * anyway" or a strict release lets it through, and once per navigation of the tab.
 *
 * Kept apart from navigation.ts because every way to a block (a hop, a failed request, a late
 * verdict, a wrapper hold, a strict-mode hold) ends here, with the same checks.
 */
import { browser } from 'wxt/browser';
import type { UrlStatus, Verdict, Decision } from '@/src/shared/verdict';
import type { Settings } from '@/src/shared/policy/settings';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { findHop, type HopMatch } from '@/src/shared/url/redirect-chain';
import type { SettingsState, SettingsStore } from '../state/settings-store';
import { orgBlocks } from '../state/org-blocks';
import { grantsThrough } from '@/src/shared/policy/proceed';
import { hasException, hasPassOf } from '../overrides/exceptions';
import { reportBlocked } from '../reporting/hooks';
import { sameDocument, type BlockedFlow } from './blocked-flow';
import type { TabChains } from './tab-chains';
import type { LinkOutcome } from '../checks/link-check';

export type BlockReason = { verdict: Verdict | null; decision: Decision };

/** Why a status blocks, for the blocked page (a status without a decision: "unknown"). */
export const why = (st: UrlStatus): BlockReason => ({
  verdict: st.kind === 'verdict' ? st.verdict : null,
  decision: st.kind === 'verdict' || st.kind === 'blocklisted' ? st.decision : { action: 'block', reason: 'unknown' },
});

export interface ActOptions {
  /** A strict-mode hold (the blocked page waits for the outcome), not a block. */
  pending?: boolean;
  /** The tab tried this very URL just now (its request failed), chain or not. */
  attempted?: string;
  first?: string;
}

export interface NavigationActs {
  /** Sends the tab to the blocked page for `url` if it is still on the chain and nothing allows it; its token, else null. */
  act(tabId: number, url: string, host: string, reason: BlockReason, opts?: ActOptions): Promise<string | null>;
  /** A bad hop read out of `raw` (docs/decisions/003-every-hop.md): blocked while `raw` is still on the tab's chain. */
  actThrough(tabId: number, raw: string, o: LinkOutcome): Promise<void>;
  /** A new navigation of the tab: it may be sent to a blocked page again. */
  newNavigation(tabId: number): void;
  /** The tab was already sent to a blocked page in its current navigation. */
  handled(tabId: number): boolean;
}

export function createNavigationActs(deps: {
  settings: SettingsStore;
  flow: BlockedFlow;
  chains: TabChains;
}): NavigationActs {
  const { settings, flow, chains } = deps;
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

  /**
   * What lets the navigation through is proceed.ts's to say (grantsThrough): "Proceed anyway"
   * only while the policy allows it and never on the organization's block list (an exception
   * granted before the policy named the host); a strict release for any block but a look-alike's.
   */
  async function allowedAnyway(tabId: number, rawUrl: string, host: string, st: SettingsState, reason: BlockReason) {
    const counts = grantsThrough({
      allowProceed: st.settings.allowProceed,
      orgBlocked: orgBlocks(host, st),
      lookalike: reason.decision.rule?.rule === 'lookalike',
    });
    const [exception, pass] = await Promise.all([
      counts.exception && hasException(host),
      hasPassOf(tabId, rawUrl, { proceed: counts.proceedPass, release: counts.releasePass }),
    ]);
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

  async function act(
    tabId: number,
    url: string,
    host: string,
    reason: BlockReason,
    opts: ActOptions = {},
  ): Promise<string | null> {
    const st = await settings.get();
    const s = st.settings;
    const hop =
      (await hopOf(tabId, url, s)) ??
      (opts.attempted ? { hop: opts.attempted, first: opts.first ?? opts.attempted } : null);
    if (!hop || (await allowedAnyway(tabId, hop.hop, host, st, reason)) || !claim(tabId)) return null;
    // docs/decisions/016-organizations.md: a block (not a strict hold) is reported to the organization when it asks for that.
    if (opts.pending !== true && reason.decision.action === 'block')
      reportBlocked({ url, host, verdict: reason.verdict, rule: reason.decision.reason, tabId });
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

  async function actThrough(tabId: number, raw: string, o: LinkOutcome) {
    if (!o.url || !o.host) return;
    // The link's own hop: the usual block, naming it.
    if (o.worst === 0) return void (await act(tabId, o.url, o.host, why(o.status)));
    // A hop read out of the link: named, with the link the person opened as the first URL.
    const { settings: s } = await settings.get();
    const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
    const via = n.ok ? await hopOf(tabId, n.url, s) : null;
    if (via) await act(tabId, o.url, o.host, why(o.status), { attempted: o.hopUrls[o.worst] ?? raw, first: via.first });
  }

  return {
    act,
    actThrough,
    newNavigation: (tabId) => void handled.delete(tabId),
    handled: (tabId) => handled.has(tabId),
  };
}
