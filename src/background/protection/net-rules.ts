/**
 * Keeps the browser's request-blocking rules (declarativeNetRequest) in step with what Linklens
 * knows is bad (docs/decisions/002-known-bad-rules.md): the plan is pure (src/shared/policy/net-rules.ts); this
 * module gathers its inputs, tells the browser only what changed, and re-plans when anything
 * changes: settings or policy, the verdict cache, pause, exceptions, an expiry.
 *
 * Why the rules survive: dynamic rules persist across browser restarts and session rules across
 * the worker's death, so the first navigation after either is blocked before its request, before
 * this worker has even started. A fresh worker only re-checks them once its cache is loaded.
 *
 * Nothing here throws: without the API (an old browser, unit tests) or when the browser refuses
 * a rule, the navigation-event path (navigation.ts) still blocks, after the request has started.
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import {
  DEFAULT_LIMITS,
  diffRules,
  planNetRules,
  ruleSignature,
  type NetRule,
  type NetRuleLimits,
} from '@/src/shared/policy/net-rules';
import type { VerdictCache } from '../cache/verdict-cache';
import type { SettingsStore } from '../state/settings-store';
import { listExceptions, listPasses } from '../overrides/exceptions';
import { isConfigured } from '@/src/shared/policy/settings';
import { pausedUntil } from '../overrides/pause';
import { whenSuffixTable } from '@/src/shared/url/suffix-table';
import { laterWork, whileWorking, workTimer } from '../idle';

export const NET_RULES_ALARM = 'linklens-net-rules';
/**
 * Changes made in one go (a policy refresh, a burst of verdicts) make one update: the sync runs
 * in the next task, and changes during a sync make one more run (syncNow), so no longer wait is
 * needed and a new verdict's rule follows it within milliseconds.
 */
export const NET_RULES_DEBOUNCE_MS = 0;
/** Timers further away than this are left to the alarm. */
const MAX_TIMER_MS = 60 * 60_000;

interface RuleUpdate {
  removeRuleIds?: number[];
  addRules?: NetRule[];
}

/** The part of declarativeNetRequest used here. */
export interface DnrApi {
  getDynamicRules(): Promise<NetRule[]>;
  updateDynamicRules(u: RuleUpdate): Promise<void>;
  getSessionRules(): Promise<NetRule[]>;
  updateSessionRules(u: RuleUpdate): Promise<void>;
  MAX_NUMBER_OF_DYNAMIC_RULES?: number;
  MAX_NUMBER_OF_SESSION_RULES?: number;
  MAX_NUMBER_OF_REGEX_RULES?: number;
}

export interface NetRulesStatus {
  /** At least one sync finished in this worker's life. */
  synced: boolean;
  dynamic: number;
  session: number;
  /** Known-bad verdict URLs without a rule (limits). */
  overflow: number;
  /** Rules the browser refused (left to the navigation-event path). */
  refused: number;
  error: string | null;
}

export interface NetRules {
  /** Re-plan soon (debounced). */
  schedule(delayMs?: number): void;
  /** Re-plan now and resolve once the browser holds the rules (before navigating to an exception). */
  syncNow(): Promise<NetRulesStatus>;
  status(): NetRulesStatus;
}

export interface NetRulesDeps {
  settings: SettingsStore;
  cache: VerdictCache;
  /** Default: browser.declarativeNetRequest (null when the browser has none). */
  dnr?: DnrApi | null;
  now?: () => number;
  /** Wakes a stopped worker when the plan changes by itself (an expiry). Default: browser.alarms. */
  wakeAt?: (when: number | null) => void;
}

function browserDnr(): DnrApi | null {
  return (browser as unknown as { declarativeNetRequest?: DnrApi }).declarativeNetRequest ?? null;
}

function browserWake(when: number | null) {
  try {
    if (when === null) void browser.alarms.clear(NET_RULES_ALARM).catch(ignore);
    else void browser.alarms.create(NET_RULES_ALARM, { when: when + 1000 }).catch(ignore);
  } catch {
    // alarms unavailable: the timer (while the worker lives) and the next start still re-plan
  }
}

export function createNetRules(deps: NetRulesDeps): NetRules {
  const dnr = deps.dnr === undefined ? browserDnr() : deps.dnr;
  const now = deps.now ?? Date.now;
  const wakeAt = deps.wakeAt ?? browserWake;
  /** Rules this browser refused, by signature: not offered again in this worker's life. */
  const refused = new Set<string>();
  let status: NetRulesStatus = { synced: false, dynamic: 0, session: 0, overflow: 0, refused: 0, error: null };
  /** The queued update. */
  let timer: { clear(): void } | null = null;
  let expiryTimer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<NetRulesStatus> | null = null;
  let again = false;

  function limits(): NetRuleLimits {
    const n = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : d);
    return {
      dynamic: n(dnr?.MAX_NUMBER_OF_DYNAMIC_RULES, DEFAULT_LIMITS.dynamic),
      session: n(dnr?.MAX_NUMBER_OF_SESSION_RULES, DEFAULT_LIMITS.session),
      regex: n(dnr?.MAX_NUMBER_OF_REGEX_RULES, DEFAULT_LIMITS.regex),
    };
  }

  /** Adds `rules`; when the browser refuses the batch, halves it to find (and skip) the rules it refuses. */
  async function addInParts(update: (u: RuleUpdate) => Promise<void>, rules: NetRule[]): Promise<void> {
    if (!rules.length) return;
    try {
      await update({ addRules: rules });
    } catch {
      if (rules.length === 1) {
        refused.add(ruleSignature(rules[0]!));
        return;
      }
      const half = Math.ceil(rules.length / 2);
      await addInParts(update, rules.slice(0, half));
      await addInParts(update, rules.slice(half));
    }
  }

  async function apply(
    get: () => Promise<NetRule[]>,
    update: (u: RuleUpdate) => Promise<void>,
    planned: NetRule[],
  ): Promise<void> {
    const wanted = planned.filter((r) => !refused.has(ruleSignature(r)));
    const diff = diffRules(await get(), wanted);
    if (!diff.removeRuleIds.length && !diff.addRules.length) return;
    try {
      // One call: the browser swaps the changed rules at once, with no moment without them.
      await update(diff);
    } catch {
      if (diff.removeRuleIds.length) await update({ removeRuleIds: diff.removeRuleIds }).catch(ignore);
      await addInParts(update, diff.addRules);
    }
  }

  function armExpiry(next: number | null) {
    if (expiryTimer !== null) clearTimeout(expiryTimer);
    expiryTimer = null;
    wakeAt(next);
    if (next === null) return;
    const wait = next - now() + 50;
    if (wait <= MAX_TIMER_MS) expiryTimer = setTimeout(() => void api.syncNow(), Math.max(0, wait));
  }

  async function once(): Promise<NetRulesStatus> {
    if (!dnr) return (status = { ...status, synced: true, error: 'declarativeNetRequest is not available' });
    // The whole cache: a rule for every blocking verdict (loads it if the wake deferred it).
    await deps.cache.init();
    const [{ settings: s, managedEntries, unreadable, starting, policyConfiguresService }, paused, exceptions, passes] =
      await Promise.all([deps.settings.get(), pausedUntil(), listExceptions(), listPasses()]);
    // The browser keeps the rules of the last settings read; defaults would drop the block lists.
    if (unreadable) return (status = { ...status, error: 'settings unreadable' });
    const holdStrict = s.strictMode && !s.auditOnly;
    // Known-safe pages pass the hold only while its check reads the cache at all (known-safe.ts).
    const passKnownSafe = holdStrict && isConfigured(s) && (await whenSuffixTable());
    const plan = planNetRules({
      settings: { ...s, orgBlocklist: managedEntries.blocklist },
      pausedUntil: paused,
      verdicts: deps.cache.entries().map((e) => ({
        verdict: e.verdict,
        expiresAt: e.expiresAt,
        memoryOnly: e.memoryOnly,
        source: e.source,
      })),
      exceptions,
      passes,
      limits: limits(),
      now: now(),
      holdWrappers: s.scanNavigations && isConfigured(s) && !s.auditOnly,
      holdStrict,
      passKnownSafe,
      holdStartup: policyConfiguresService || starting,
      started: !starting,
    });
    await apply(
      () => dnr.getDynamicRules(),
      (u) => dnr.updateDynamicRules(u),
      plan.dynamic,
    );
    await apply(
      () => dnr.getSessionRules(),
      (u) => dnr.updateSessionRules(u),
      plan.session,
    );
    armExpiry(plan.nextChange);
    return (status = {
      synced: true,
      dynamic: plan.dynamic.length,
      session: plan.session.length,
      overflow: plan.overflow.length,
      refused: refused.size,
      error: null,
    });
  }

  const api: NetRules = {
    schedule(delayMs = NET_RULES_DEBOUNCE_MS) {
      timer?.clear();
      // A queued update is work in flight (idle.ts); one put off on purpose (the start-up's,
      // until the cache is loaded) is not, until it runs.
      timer = (delayMs > NET_RULES_DEBOUNCE_MS ? laterWork : workTimer)(() => {
        timer = null;
        return api.syncNow();
      }, delayMs);
    },
    syncNow() {
      // One sync at a time; a request during one makes it run once more (newest inputs) before
      // it resolves, so every caller's change is in the rules when its promise resolves.
      if (running) {
        again = true;
        return running;
      }
      running = whileWorking(
        (async () => {
          try {
            do {
              again = false;
              await once().catch((e: unknown) => void (status = { ...status, synced: true, error: String(e) }));
            } while (again);
            return status;
          } finally {
            running = null;
          }
        })(),
      );
      return running;
    },
    status: () => status,
  };
  return api;
}
