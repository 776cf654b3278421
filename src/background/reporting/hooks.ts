/**
 * Call-site helpers for reporting (docs/decisions/016-organizations.md): each turns what the caller has at hand into one
 * event and hands it to `report`. None throws or waits on the network (fire and forget).
 *
 * Wired here: pause/resume and settings changed by the person (handlers/prefs.ts), policy values
 * rejected and service outages (reporting/index.ts), look-alike sign-in pages (signin/check.ts,
 * once per tab+host+trigger). The others are called where navigation,
 * proceed and the content tier decide (the files other branches are rewriting): see the report
 * of branch wip-org for the exact places.
 */
import { ignore } from '@/src/background/ignore';
import type { SettingKey } from '@/src/shared/policy/settings';
import { settingChanges, type ReportPayload } from '@/src/shared/reporting/events';
import type { LookalikeVerdict } from '@/src/shared/url/lookalike';
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import type { SettingsStore } from '../state/settings-store';
import { readKeyOrThrow, writeKey } from '../state/kv';
import { say, assetUrl } from '../i18n';
import { createDailyBudget } from './credit-budget';
import { report, reportingSettings } from './index';
import { incognitoUrls } from '../state/incognito-urls';
import { treatAsPrivate, windowKindOf, type WindowKind } from '@/src/shared/window-kind';

/** What a blocked-page token or a checker status knows about a decision. */
export interface DecisionFacts {
  /** The URL as sent to the scanning service (normalized; without query when stripQuery). */
  url: string;
  host: string;
  verdict?: {
    scanId?: string | null;
    riskScore?: number | null;
    band?: 'safe' | 'suspicious' | 'high' | 'malicious' | null;
    categories?: string[];
  } | null;
  /** decision.reason, e.g. 'score' or 'blocklist' or 'strict:timeout'. */
  rule: string;
  /** The tab it happened in: a private window's event is never written to disk (queue.ts). */
  tabId?: number;
}

/**
 * Whether the event is about a private window: by its tab when named (a tab that cannot be
 * read counts as private), else by its URL, which a private (or unknown) window asked about
 * (incognito-urls.ts).
 */
async function isPrivate(f: Pick<DecisionFacts, 'url' | 'tabId'>): Promise<boolean> {
  if (f.tabId !== undefined) {
    return treatAsPrivate(windowKindOf(await browser.tabs.get(f.tabId).catch(() => null)));
  }
  return incognitoUrls.has(f.url);
}

/** One decision event, kept off disk when it is about a private window. */
const reportDecision = (
  type: 'navigation.blocked' | 'navigation.proceeded' | 'link.openedAnyway' | 'audit.wouldBlock',
  f: DecisionFacts,
) =>
  void isPrivate(f)
    .then((memoryOnly) => report({ type, payload: decision(f) }, { memoryOnly }))
    .catch(ignore);

function decision(f: DecisionFacts): ReportPayload<'navigation.blocked'> {
  const v = f.verdict;
  return {
    url: f.url,
    host: f.host,
    verdict: v
      ? {
          scanId: v.scanId ?? null,
          riskScore: v.riskScore ?? null,
          band: v.band ?? null,
          categories: (v.categories ?? []).slice(0, 20),
        }
      : null,
    rule: f.rule,
  };
}

/**
 * A navigation went to the blocked page (navigation.ts, where the tab is redirected): reported,
 * and notified when the policy `notifyOnBlock` asks for it.
 */
export function reportBlocked(f: DecisionFacts): void {
  reportDecision('navigation.blocked', f);
  void reportingSettings()
    ?.get()
    .then(({ settings: s }) => {
      if (!s.notifyOnBlock) return;
      const title = say('notifyBlockedTitle');
      return browser.notifications.create(`blocked:${Date.now()}`, {
        type: 'basic',
        iconUrl: assetUrl('/icon/128.png'),
        title,
        message: f.host,
      });
    })
    .catch(ignore);
}
/** "Proceed anyway" was granted (blocked.proceed, after the policy check). */
export const reportProceeded = (f: DecisionFacts) => reportDecision('navigation.proceeded', f);
/** A page opened while its known verdict said warn (protection/opened-warned.ts: from the navigation, once per tab and URL). */
export const reportOpenedAnyway = (f: DecisionFacts) => reportDecision('link.openedAnyway', f);
/** Audit-only mode: the decision would have been block (protection/audit-trail.ts, once per audit-list entry). */
export const reportWouldBlock = (f: DecisionFacts) => reportDecision('audit.wouldBlock', f);

/**
 * A look-alike of a protected sign-in domain was seen (page load, or a password field focused).
 * `windowKind`: the page's window; a private or unknown one's event stays off disk.
 */
export function reportLookalike(
  host: string,
  v: LookalikeVerdict,
  trigger: 'load' | 'password-focus',
  windowKind: WindowKind,
): void {
  if (v.kind !== 'lookalike') return;
  void report(
    { type: 'lookalike.seen', payload: { host, protectedDomain: v.protectedDomain, reason: v.reason, trigger } },
    { memoryOnly: treatAsPrivate(windowKind) },
  );
}

/** pause.set: until = ms epoch, null = until restart, 0 = resume. */
export function reportPause(until: number | null): void {
  if (until === 0) void report({ type: 'protection.resumed', payload: {} });
  else
    void report({
      type: 'protection.paused',
      payload: { until: until === null ? 'restart' : new Date(until).toISOString() },
    });
}

/**
 * settings.set for a change the person made: applies it and reports the keys whose effective
 * value really changed (saving an unchanged form reports nothing; refused keys never count).
 */
export async function setByPerson(
  settings: SettingsStore,
  source: 'options' | 'import' | 'popup',
  patch: Record<string, unknown>,
  opts?: Parameters<SettingsStore['set']>[1],
) {
  const before = (await settings.get()).settings;
  const r = await settings.set(patch, opts);
  const after = r.state.settings;
  const changed = (Object.keys(patch) as SettingKey[]).filter(
    (k) => !(k in r.refused) && k in after && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (changed.length > 0)
    void report({
      type: 'settings.changed',
      payload: { source, changes: settingChanges(changed, after as unknown as Record<string, unknown>) },
    });
  return r;
}

/**
 * Policy `maxCreditsPerDay`: `await creditBudget.tryConsume()` right before a scan is submitted;
 * false = over today's budget (treated like insufficient credits, nothing sent). Handed to the
 * engine by main.ts (EngineDeps.dailyBudget; engine/budget-hold.ts asks it per URL).
 */
export const creditBudget = createDailyBudget({
  limit: async () => (await reportingSettings()?.get())?.settings.maxCreditsPerDay ?? 0,
  load: () => readKeyOrThrow('db', 'creditBudget', z.unknown(), undefined),
  save: (s) => writeKey('db', 'creditBudget', s),
});
