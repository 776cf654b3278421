/**
 * "You were there" wired to the browser and the other parts (registered synchronously with the
 * other listeners, main.ts):
 *
 * | event                                        | what happens                                     |
 * |----------------------------------------------|--------------------------------------------------|
 * | a top-level page commits in a normal window  | a visit of its host (visit-store.ts)             |
 * | password.typed from that page's top frame    | the host's password mark (handlers/content.ts)    |
 * | a scan's verdict for any page of a host      | siteTurnedBad when warn/block-level (any reason)  |
 * | the policy's block list gains an entry       | siteTurnedBad for each kept host it names         |
 * | the organization's feed names a host         | siteTurnedBad for each kept host it names (feed)  |
 * | start-up, the daily alarm, the setting moves | what is past the days is dropped                  |
 *
 * Private windows: a commit counts only when the browser says the tab is in a normal window
 * (tab-privacy.ts: unknown counts as private), and a verdict a private window asked for
 * (incognito-urls.ts) tells nothing: what it taught stays in memory, and so does its consequence.
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { decide } from '@/src/shared/policy/decide';
import { pathOfUrl } from '@/src/shared/url/list-entry';
import { parseWeb } from '@/src/shared/url/parse-web';
import { hostMatches } from '@/src/shared/url/site';
import { treatAsPrivate } from '@/src/shared/window-kind';
import type { ScanEngine } from '../engine/engine';
import type { SettingsState, SettingsStore } from '../state/settings-store';
import type { TabPrivacy } from '../protection/tab-privacy';
import { incognitoUrls } from '../state/incognito-urls';
import { readKey, writeKey } from '../state/kv';
import type { SiteTurnedBad } from './were-there';
import type { VisitStore } from './visit-store';

export const VISITS_ALARM = 'linklens-visits';
/** The block list entries of the policy as last seen: what a later policy adds is new. */
const ORG_LIST_KEY = 'wereThereOrgList';

/** The host a top-level commit visits, or null for what is not a web page. */
export const visitedHost = (url: string): string | null => parseWeb(url)?.hostname.replace(/\.$/, '') ?? null;

/** The entries of `now` that `before` did not have. */
export const addedEntries = (before: readonly string[], now: readonly string[]): string[] =>
  now.filter((e) => !before.includes(e));

export interface VisitWiringDeps {
  store: VisitStore;
  siteTurnedBad: SiteTurnedBad;
  settings: SettingsStore;
  engine: Pick<ScanEngine, 'onUpdate'>;
  tabPrivacy: Pick<TabPrivacy, 'kind'>;
  /** The organization's block feed (remote-policy.ts): its entries the moment they join. */
  onFeedJoined: (fn: (entries: string[]) => void) => unknown;
}

export function wireVisits(d: VisitWiringDeps): void {
  browser.webNavigation.onCommitted.addListener((n) => {
    if (n.frameId !== 0) return;
    const host = visitedHost(n.url);
    if (!host) return;
    void d.tabPrivacy
      .kind(n.tabId)
      .then((kind) => (treatAsPrivate(kind) ? undefined : d.store.noteVisit(host)))
      .catch(ignore);
  });

  d.engine.onUpdate((url, status, meta) => {
    if (status.kind !== 'verdict' || incognitoUrls.has(url)) return;
    void (async () => {
      const u = parseWeb(url);
      if (!u) return;
      const st = await d.settings.get();
      // The person's own "Trust" does not hide it (telling ends that trust); the organization's allowlist does.
      const s = { ...st.settings, allowlist: st.managedEntries.allowlist, orgBlocklist: st.managedEntries.blocklist };
      const decision = decide(status.verdict, s, { host: u.hostname, path: pathOfUrl(url) });
      if (decision.action !== 'warn' && decision.action !== 'block') return;
      const v = status.verdict;
      await d.siteTurnedBad(
        u.hostname,
        {
          key: v.scanId,
          action: decision.action,
          since: meta.startedAt,
          riskScore: v.riskScore,
          band: v.band,
          categories: v.categories,
          scanId: v.scanId,
        },
        'scan',
      );
    })().catch(ignore);
  });

  /** Each kept host a newly listed entry names turned bad (told once per host and entry). */
  async function listed(added: readonly string[], source: 'orgList' | 'feed') {
    for (const host of await d.store.hosts()) {
      const entry = hostMatches(host, added);
      if (entry) await d.siteTurnedBad(host, { key: `list:${entry}`, action: 'block' }, source);
    }
  }
  // The feed's entries also join the policy's block list below; told here first, by their source.
  d.onFeedJoined((entries) => void listed(entries, 'feed').catch(ignore));

  // The policy's block list: what it adds names sites bad from now on.
  let orgList: Promise<string[] | null> | null = null;
  const onPolicy = (st: SettingsState) => {
    const now = st.managedEntries.blocklist;
    orgList ??= readKey('db', ORG_LIST_KEY, z.nullable(z.array(z.string())), null);
    const step = orgList.then(async (before) => {
      // Never seen before (a fresh install, or the first build with this): nothing is new yet.
      const added = before === null ? [] : addedEntries(before, now);
      if (before === null || added.length > 0 || now.length !== before.length) await writeKey('db', ORG_LIST_KEY, now);
      if (added.length > 0) await listed(added, 'orgList');
      return now;
    });
    orgList = step.catch(() => now);
  };
  d.settings.onChange(onPolicy);
  void d.settings.get().then(onPolicy).catch(ignore);

  // The setting moved (fewer days, or off): what is past it goes now.
  let days: number | null = null;
  d.settings.onChange((st) => {
    if (days !== null && st.settings.visitHistoryDays !== days) void d.store.prune().catch(ignore);
    days = st.settings.visitHistoryDays;
  });
  browser.alarms.onAlarm.addListener((a) => {
    if (a.name === VISITS_ALARM) void d.store.prune().catch(ignore);
  });
  // Created once: made again on every wake, it would restart its day each time the worker starts.
  void Promise.resolve(browser.alarms.get(VISITS_ALARM))
    .then((have) =>
      have ? undefined : browser.alarms.create(VISITS_ALARM, { delayInMinutes: 1, periodInMinutes: 24 * 60 }),
    )
    .catch(ignore);
}
