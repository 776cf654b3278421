/**
 * One entry point for "what about this URL?", used by navigation, hovers, the menu and pages:
 * settings → gate (blocklist first, then the skip rules, each with its reason) → cache / engine
 * → decision.
 */
import type { UrlStatus } from '@/src/shared/verdict';
import type { ScanReason } from '@/src/shared/messaging/protocol';
import type { Settings } from '@/src/shared/policy/settings';
import { gateUrl } from '@/src/shared/policy/gate';
import { decide } from '@/src/shared/policy/decide';
import { pathOfUrl } from '@/src/shared/url/list-entry';
import type { WindowKind } from '@/src/shared/window-kind';
import { suffixTableProblem, whenSuffixTable } from '@/src/shared/url/suffix-table';
import type { SettingsStore } from '../state/settings-store';
import type { ScanEngine } from '../engine/engine';
import { isPaused } from '../overrides/pause';
import { incognitoUrls } from '../state/incognito-urls';
import type { Budget } from './budget';

export interface CheckOutcome {
  status: UrlStatus;
  /** Normalized URL (cache key) when the URL is checkable, else null. */
  url: string | null;
  host: string | null;
}

/** The window that asked (window-kind.ts); absent: no window asked (gate.ts GateContext). */
export interface AskingWindow {
  windowKind?: WindowKind;
}

export interface CheckContext extends AskingWindow {
  tabId?: number;
  /** URL of the document that caused a hover check (its site's budget is charged). */
  source?: string;
}

export interface Checker {
  /**
   * May send the URL to the service (when gated in, not cached, and within the page's budgets).
   * `ctx.windowKind`: the asking tab's window ('unknown' when the browser could not tell, which
   * counts as private). A check no window asked for is kept in memory as an unknown one's
   * (incognito-urls.ts).
   */
  check(raw: string, reason: ScanReason, ctx?: CheckContext): Promise<CheckOutcome>;
  /** Never sends anything: what is known now. */
  lookup(raw: string, ctx?: AskingWindow): Promise<CheckOutcome>;
  /** Attach the decision for the current settings to a status. */
  decorate(status: UrlStatus, host: string, s: DecidingSettings, path?: string): UrlStatus;
  /** EngineDeps.recheck: what a stored job's URL is under the current settings, null if still sent as it is. */
  recheck(url: string): Promise<UrlStatus | null>;
}

/** Settings, with the block list entries that come from the policy (SettingsState.managedEntries). */
export type DecidingSettings = Settings & { orgBlocklist?: readonly string[] };

/** `budget`: page-caused checks (navigation, hover) are charged to it before they are sent. */
export function createChecker(settings: SettingsStore, engine: ScanEngine, budget: Budget): Checker {
  function decorate(status: UrlStatus, host: string, s: DecidingSettings, path?: string): UrlStatus {
    if (status.kind !== 'verdict') return status;
    return { ...status, decision: decide(status.verdict, s, { host, path }) };
  }

  async function gate(raw: string, windowKind: WindowKind | undefined) {
    const st = await settings.get();
    // The policy's own block list entries: a match there is named as the organization's (decide.ts).
    const s: DecidingSettings = { ...st.settings, orgBlocklist: st.managedEntries.blocklist };
    // The public suffix list is read when the worker starts (suffix-list.ts): a question asked
    // before it is read waits for it here; a list that cannot be read fails closed (gate rule 5).
    const suffixListFailed = !(await whenSuffixTable());
    // A pause the policy no longer permits has ended (allowPause: false), whatever storage says.
    const g = gateUrl(raw, s, { windowKind, paused: s.allowPause && (await isPaused()), suffixListFailed });
    return { s, g };
  }

  async function run(raw: string, send: boolean, reason: ScanReason, ctx: CheckContext): Promise<CheckOutcome> {
    const { s, g } = await gate(raw, ctx.windowKind);
    // The blocklist needs no service: never send a URL we will block anyway (gate.ts rule 2).
    if (!g.send && g.reason === 'blocklist') {
      return {
        status: { kind: 'blocklisted', decision: decide(null, s, { host: g.host, path: pathOfUrl(g.url) }) },
        url: g.url,
        host: g.host,
      };
    }
    if (!g.send && g.reason === 'suffix-list') {
      return {
        status: {
          kind: 'error',
          code: 'suffix_list',
          message: suffixTableProblem() ?? 'The public suffix list is not loaded.',
        },
        url: g.url,
        host: g.host,
      };
    }
    if (!g.send) {
      return { status: { kind: 'skipped', reason: g.reason }, url: g.url ?? null, host: g.host ?? null };
    }
    // What a private window (or an unknown one) asks about stays in memory (incognito-urls.ts).
    if (send) incognitoUrls.note(g.url, ctx.windowKind ?? 'unknown');
    await engine.warm(g.url);
    // Past a page's budget (docs/decisions/010-budgets.md): answered from what is known, nothing is sent.
    const held = send ? await budget.hold(reason, ctx, g.url, engine.peek(g.url), s.budgets) : null;
    if (held) return { status: decorate(held, g.host, s, pathOfUrl(g.url)), url: g.url, host: g.host };
    const status = send ? await engine.request(g.url, reason, ctx.tabId) : engine.peek(g.url);
    return { status: decorate(status, g.host, s, pathOfUrl(g.url)), url: g.url, host: g.host };
  }

  return {
    check: (raw, reason, ctx = {}) => run(raw, true, reason, ctx),
    lookup: (raw, ctx = {}) => run(raw, false, 'navigation', ctx),
    decorate,
    async recheck(url) {
      // Which window asked is not kept (unknown counts as private in storage): that one question
      // stays as it was answered; the settings, the lists and a pause are asked again.
      const { g } = await gate(url, undefined);
      if (g.send) return g.url === url ? null : { kind: 'unchecked' };
      return (await run(url, false, 'navigation', {})).status;
    },
  };
}
