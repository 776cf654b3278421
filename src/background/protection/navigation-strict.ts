/**
 * Strict mode's holds (src/shared/policy/strict.ts), the step of the navigation flow after a
 * tab was held on the blocked page (or blocked without a verdict that may still come): each one
 * ends in allow or block once the outcome is known or the timeout passed.
 *
 * Kept apart from navigation.ts: the holds live across events (the blocked page's polls, verdict
 * pushes), while navigation.ts handles one event at a time.
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import type { UrlStatus, Decision } from '@/src/shared/verdict';
import type { Settings } from '@/src/shared/policy/settings';
import { RECHECKABLE, strictOutcome } from '@/src/shared/policy/strict';
import type { Checker } from '../checks/checker';
import type { ScanEngine } from '../engine/engine';
import { grantPass, hasPass } from '../overrides/exceptions';
import { strictHoldMatches } from '@/src/shared/policy/strict-hold';
import { isPaused } from '../overrides/pause';
import { readToken, updateToken, type BlockedToken } from './blocked-tokens';
import type { SettingsState } from '../state/settings-store';

/** The reason of a page held while Linklens started (startup-holds.ts). */
export const STARTING = 'strict:starting';

/**
 * The rules a page held at startup is decided by, once the policy is read: strict mode's, with
 * its own fail mode when strict mode is on, else "open once the wait is over".
 */
export function startupStrict(s: Settings): Settings {
  return { ...s, strictMode: true, strictFailMode: s.strictMode ? s.strictFailMode : 'allow' };
}

/** Strict mode blocked (or holds) without a verdict: the reason is the rule (strict.ts). */
export const strictDecision = (reason: string): Decision => ({
  action: 'block',
  reason,
  rule: { rule: 'strict', reason },
});

export type Settled = { token: BlockedToken; open: boolean };

export interface StrictHolds {
  /** A token strict mode made for `url` (normalized) that a later outcome may settle. */
  add(url: string, token: string): void;
  /** One settle per token at a time: the blocked page's poll and a verdict push may meet. */
  settleOnce(token: string, t: BlockedToken, s: Settings): Promise<Settled>;
  /** `url` has news (engine update): each token waiting for it may settle. */
  update(url: string, s: Settings): Promise<void>;
}

export function createStrictHolds(deps: {
  checker: Checker;
  engine: ScanEngine;
  syncRules: () => Promise<unknown>;
}): StrictHolds {
  const { checker, engine } = deps;
  /** Strict-mode holds of this worker's life: normalized URL → tokens waiting for it. */
  const holds = new Map<string, string[]>();
  const settling = new Map<string, Promise<Settled>>();

  /**
   * Settles a strict-mode token (strict.ts): a hold ends in allow or block once the outcome is
   * known or the timeout passed; a block without a verdict whose job is still alive (waiting for
   * credits, slow service) stays open: the verdict, however late, replaces it. `open` tells
   * whether the token may still change.
   */
  async function settle(token: string, t: BlockedToken, s: Settings): Promise<Settled> {
    const recheck = !t.pending && t.decision.action === 'block' && RECHECKABLE.has(t.decision.reason);
    if (!t.pending && !recheck) return { token: t, open: false };
    const st = (await checker.lookup(t.rawUrl)).status;
    const alive = st.kind === 'checking';
    if (recheck && (alive || st.kind === 'unchecked')) return { token: t, open: alive };
    // A page held while Linklens started is decided like a strict-mode hold: its verdict, or
    // the fail mode once the wait is over (open, unless strict mode says otherwise).
    const rules = t.decision.reason === STARTING ? startupStrict(s) : s;
    const o = strictOutcome({
      settings: rules,
      status: st,
      problem: engine.problem(),
      elapsedMs: Date.now() - t.createdAt,
    });
    if (o.action === 'hold') return { token: t, open: true };
    const next = await release(token, t, st, o);
    return { token: next, open: next.decision.action === 'block' && RECHECKABLE.has(next.decision.reason) && alive };
  }

  function settleOnce(token: string, t: BlockedToken, s: Settings) {
    const running = settling.get(token);
    if (running) return running;
    const p = settle(token, t, s).finally(() => settling.delete(token));
    settling.set(token, p);
    return p;
  }

  /** A strict hold ends: allow → back to the page with a pass; block → the token shows why. */
  async function release(
    token: string,
    t: BlockedToken,
    st: UrlStatus,
    o: { action: 'allow' | 'block'; reason: string },
  ): Promise<BlockedToken> {
    if (o.action === 'block') {
      // A verdict's own block keeps its rule (score and threshold); else strict mode's reason is the rule.
      const own =
        (st.kind === 'verdict' || st.kind === 'blocklisted') && st.decision.reason === o.reason ? st.decision : null;
      const next: BlockedToken = {
        ...t,
        pending: false,
        verdict: st.kind === 'verdict' ? st.verdict : null,
        decision: own ?? strictDecision(o.reason),
      };
      await updateToken(token, next);
      return next;
    }
    await grantPass(t.tabId, t.rawUrl, 'release');
    // The tab goes back when the request-blocking rules let the pass through.
    await deps.syncRules().catch(ignore);
    const next = { ...t, pending: false, decision: { action: 'allow' as const, reason: 'strict:released' } };
    await updateToken(token, next);
    await browser.tabs.update(t.tabId, { url: t.rawUrl }).catch(ignore);
    return next;
  }

  return {
    add(url, token) {
      holds.set(url, [...(holds.get(url) ?? []), token]);
    },
    settleOnce,
    async update(url, s) {
      const tokens = holds.get(url);
      if (!tokens) return;
      // Held tabs, and tabs blocked while the verdict could still come (credits, timeout):
      // each update may settle them.
      const still: string[] = [];
      for (const token of tokens) {
        const t = await readToken(token);
        if (t && (await settleOnce(token, t, s)).open) still.push(token);
      }
      if (still.length) holds.set(url, still);
      else holds.delete(url);
    },
  };
}

/** Chromium's error for a request its rules blocked. */
export const BLOCKED_BY_CLIENT = 'net::ERR_BLOCKED_BY_CLIENT';
/**
 * Firefox's navigation error for a load its rules stopped: NS_ERROR_ABORT (0x80004004), seen in
 * Firefox 140. The person's Stop is NS_BINDING_ABORTED (2152398850), a refused connection
 * NS_ERROR_CONNECTION_REFUSED (2152398861): those are no hold.
 */
export const FIREFOX_RULE_ABORT = 'Error code 2147500036';

/**
 * A failed top-level load that strict mode's hold rule (strict-hold.ts) may have stopped before
 * its request, and that was not let through already (then the failure is the network's or the
 * site's). An error either browser names as something else (Stop, the network) is no hold; an
 * error named in no known way is left to the rest.
 */
export async function heldByStrictRule(
  st: Pick<SettingsState, 'settings' | 'starting'>,
  tabId: number,
  raw: string,
  error: string | undefined,
): Promise<boolean> {
  if (/^(net::|Error code )/.test(error ?? '') && error !== BLOCKED_BY_CLIENT && error !== FIREFOX_RULE_ABORT)
    return false;
  // Strict mode's rule, or the startup rule of the same shape (net-rules.ts) while starting.
  const s = st.settings;
  const holds = st.starting || (s.strictMode && !s.auditOnly);
  return holds && strictHoldMatches(raw) && !(await isPaused()) && !(await hasPass(tabId, raw, true));
}

/**
 * A load the startup rule stopped before the background woke and read the policy (the browser
 * just started): strict mode is off and the store has started by now, yet the page was never
 * checked. It is held and decided like a page that arrived while starting (startup-holds.ts),
 * not let through unchecked. Only a rule's own block counts (the browser's error names it).
 */
export async function heldByStartupRule(
  st: Pick<SettingsState, 'settings' | 'policyConfiguresService'>,
  tabId: number,
  raw: string,
  error: string | undefined,
): Promise<boolean> {
  if (error !== BLOCKED_BY_CLIENT && error !== FIREFOX_RULE_ABORT) return false;
  const s = st.settings;
  if (!st.policyConfiguresService || (s.strictMode && !s.auditOnly)) return false;
  return strictHoldMatches(raw) && !(await isPaused()) && !(await hasPass(tabId, raw, true));
}

/**
 * Strict mode's hold rule stopped a load: the hop's check again (it answers from the engine, as
 * the navigation's own check already asked); what strict mode allows goes through once, while
 * the tab still stands on it. One release at a time per tab and URL: the request's error and the
 * navigation's both come (navigation.ts onRequestError, onErrorOccurred).
 */
export function createStrictRelease(d: {
  settings: () => Promise<Pick<SettingsState, 'settings' | 'starting'>>;
  checkHop: (tabId: number, raw: string) => Promise<'allow' | 'hold' | 'block' | undefined>;
  stillOn: (tabId: number, raw: string) => Promise<boolean>;
  letThrough: (tabId: number, raw: string) => Promise<void>;
}): (tabId: number, raw: string, error: string | undefined) => Promise<void> {
  const releasing = new Map<string, Promise<void>>();
  return (t, r, error) => {
    const key = `${t} ${r}`;
    let p = releasing.get(key);
    if (!p) {
      p = (async () => {
        if (
          (await heldByStrictRule(await d.settings(), t, r, error)) &&
          (await d.checkHop(t, r)) === 'allow' &&
          (await d.stillOn(t, r))
        )
          await d.letThrough(t, r);
      })().finally(() => releasing.delete(key));
      releasing.set(key, p);
    }
    return p;
  };
}
