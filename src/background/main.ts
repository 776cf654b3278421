/**
 * Background wiring: builds the parts once per worker life and registers every listener
 * synchronously (MV3: a listener added later misses the event that woke the worker). No logic
 * here beyond connecting parts; decisions live in pure modules.
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import { isConfigured } from '@/src/shared/policy/settings';
import { createApiClient, type ApiClient } from './api';
import { createVerdictCache } from './cache/verdict-cache';
import { createSecretStore } from './state/secret-store';
import { createSettingsStore } from './state/settings-store';
import { readKey, writeKey } from './state/kv';
import { createJobsStore } from './engine/jobs-store';
import { dropTabTokens } from './protection/blocked-tokens';
import { createScanEngine } from './engine/engine';
import { createChecker } from './checks/checker';
import { createLinkChecker } from './checks/link-check';
import { createShortLinks } from './checks/short-links';
import { appendLedger } from './state/ledger';
import { createNavigation } from './protection/navigation';
import { createNetRules, NET_RULES_ALARM } from './protection/net-rules';
import { createPageScans } from './surfaces/page-scans';
import { createLinkWatchers } from './content-tier/link-watchers';
import { createReportOpenLimit } from './content-tier/report-open';
import { followMenuPolicy, registerMenus } from './surfaces/context-menu';
import { FIRST_RUN_PAGE, opensFirstRun } from './surfaces/first-run';
import { installedByPolicy } from './state/managed-source';
import { enforcePolicy } from './overrides/policy-effects';
import { createFrameLinks } from './content-tier/frame-links';
import { createBudget } from './checks/budget';
import { wirePageTracking } from './page-tracking';
import { createTabPrivacy } from './protection/tab-privacy';
import { forgetPauseCopy, isPaused } from './overrides/pause';
import { createRouter } from './router';
import { startSuffixList } from './suffix-list';
import { whenSuffixTable } from '@/src/shared/url/suffix-table';
import type { SenderLike } from './sender';
import { wireOutputs } from './outputs';
import { wireScanEventsPort } from './scan-events-port';
import { onMenuClick } from './handlers/menu';
import { report, startReporting } from './reporting';
import { createRemotePolicy } from './remote/remote-policy';
import { createCreditsRecheck } from './credits-recheck';
import { creditBudget } from './reporting/hooks';
import type { App } from './app';
import { createPageHold } from './content-tier/page-hold';
import { createSignInChecks } from './signin/check';
import { createGuardRegistration } from './signin/guard-registration';
import { createJobsAlarm, JOBS_ALARM } from './engine/jobs-alarm';
import { z } from 'zod/mini';
import { createVisits } from './visits';
import { wireVisits } from './visits/wiring';
import { revokeExceptions } from './overrides/exceptions';
import { isIdleProbe, laterWork, whileWorking } from './idle';

const CREDITS_ALARM = 'linklens-credits';
const MINUTE = 60_000;
/** After a wake, the whole verdict cache loads this much later (expired entries are swept then). */
export const CACHE_LOAD_DELAY_MS = 1500;

export function startBackground(): App {
  // The public suffix list is packaged data (public/psl.txt), read once per worker life: started
  // first, so it is read while the rest starts; what needs it waits for it (router, checker).
  void startSuffixList();
  // A new background life: what earlier lives kept in memory is read from storage again.
  forgetPauseCopy();
  const settings = createSettingsStore(createSecretStore());
  const cache = createVerdictCache();
  const jobs = createJobsStore();

  let client: { key: string; api: ApiClient } | null = null;
  let idForm: 'bare' | 'asReturned' | null = null;
  const idFormLoaded = readKey('db', 'idForm', z.nullable(z.literal(['bare', 'asReturned'])), null).then(
    (f) => (idForm = f),
  );

  const makeApi = (baseUrl: string, apiKey: string) =>
    createApiClient({ baseUrl, apiKey, idForm, onIdForm: (f) => void writeKey('db', 'idForm', (idForm = f)) });

  async function api(): Promise<ApiClient | null> {
    const { settings: s } = await settings.get();
    if (!isConfigured(s)) return null;
    await idFormLoaded;
    const key = `${s.serviceUrl}\n${s.apiKey}`;
    if (client?.key !== key) client = { key, api: makeApi(s.serviceUrl, s.apiKey) };
    return client.api;
  }

  const engine = createScanEngine({
    jobs,
    cache,
    api,
    // Policy maxCreditsPerDay (docs/decisions/016-organizations.md): counted right before each URL is submitted.
    dailyBudget: creditBudget,
    ttlFor: async (v) => (await settings.get()).settings.cacheTtlMinutes[v.band] * MINUTE,
    onPending: createJobsAlarm(browser.alarms),
    // The checker is made with the engine: asked only once a job is about to leave.
    recheck: (url) => checker.recheck(url),
  });
  const budget = createBudget();
  const checker = createChecker(settings, engine, budget);
  const shortLinks = createShortLinks({ record: (e) => appendLedger([e]) });
  const links = createLinkChecker(checker, {
    shortLinks,
    resolveShorteners: async () => (await settings.get()).settings.resolveShorteners,
  });
  const netRules = createNetRules({ settings, cache });
  // The organization's remote file and block feed (policy configUrl, blockFeedUrl).
  const remote = createRemotePolicy({
    settings,
    report: (keys) => void report({ type: 'policy.rejected', payload: { keys } }),
  });
  // Which tabs are private, learned from the browser's tab events (page-tracking.ts), not asked per navigation.
  const tabPrivacy = createTabPrivacy();
  const navigation = createNavigation({
    settings,
    checker,
    links,
    engine,
    cache,
    tabPrivacy,
    syncRules: () => netRules.syncNow(),
  });
  // "You were there": a site that turns bad ends its "Proceed anyway" exception through its owner,
  // and the request-blocking rules drop its allow rule before the next request.
  const visits = createVisits({
    settings,
    endExceptions: async (host) => {
      const ended = await revokeExceptions(host);
      if (ended > 0) await netRules.syncNow();
      return ended;
    },
  });
  const app: App = {
    settings,
    cache,
    engine,
    checker,
    links,
    navigation,
    netRules,
    pageScans: createPageScans(checker, engine),
    watchers: createLinkWatchers(),
    frameLinks: createFrameLinks(),
    reportOpens: createReportOpenLimit(),
    budget,
    tabPrivacy,
    api,
    makeApi,
    credits: { last: null },
    signIn: createSignInChecks({ settings }),
    remote,
    visits,
    pageHold: createPageHold(links, engine),
  };
  const routeNow = createRouter(app);
  // Every message waits for the suffix list (site names, look-alikes, link texts need it); if it
  // cannot be read, the handlers that need it answer with its error (SuffixTableError), the rest work.
  // Each message's handling is work in flight (idle.ts), except the probe that waits for the rest.
  const route = (message: unknown, sender: SenderLike) => {
    const routed = whenSuffixTable().then(() => routeNow(message, sender));
    return isIdleProbe(message) ? routed : whileWorking(routed);
  };

  // ── listeners, all registered before any await ──
  browser.runtime.onInstalled.addListener((details) => {
    registerMenus();
    if (details.reason === 'install') {
      // Tabs open before the extension was: a policy's install into a running browser, and
      // Chromium's command-line extension, which it installs anew at every start (runtime.onStartup
      // then never fires) while the start pages load. Each is checked as at a browser start.
      void whileWorking(navigation.recheckOpenTabs()).catch(ignore);
      // Wait for the policy (slow on a fresh profile) so a managed install opens no first-run tab.
      // Nothing is sent before the person (or the policy) configured the service.
      void whileWorking(
        settings.settled().then(async (st) => {
          const facts = {
            reason: details.reason,
            configured: isConfigured(st.settings),
            policyConfiguresService: st.policyConfiguresService,
            adminInstalled: await installedByPolicy(),
          };
          if (opensFirstRun(facts)) await browser.tabs.create({ url: browser.runtime.getURL(FIRST_RUN_PAGE) });
        }),
      ).catch(ignore);
    }
  });
  browser.runtime.onStartup.addListener(() => {
    registerMenus();
    // Pages the browser opened as it started (its start pages, a link a mail client passed it)
    // may have loaded before this worker and its request-blocking rules were up: each is checked
    // now like a page that just committed, and a bad one is moved to the blocked page.
    void whileWorking(navigation.recheckOpenTabs()).catch(ignore);
  });
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderLike, sendResponse: (r: unknown) => void) => {
    // sendResponse + return true works in Chrome, Firefox and fakeBrowser (which honours only this form).
    void route(message, sender).then(sendResponse);
    return true;
  });
  // Not gated on `ready`: the checker warms exactly the URL it needs (engine.warm), so the first
  // navigation after a wake does not wait for the whole cache to load.
  // The report page's live progress: the event stream followed here, for our own pages only.
  wireScanEventsPort(app);
  browser.webNavigation.onBeforeNavigate.addListener(
    (d) => void whileWorking(navigation.onBeforeNavigate(d)).catch(ignore),
  );
  // A navigation the request-blocking rules stopped (docs/decisions/002-known-bad-rules.md) fails here.
  browser.webNavigation.onErrorOccurred.addListener(
    (d) => void whileWorking(navigation.onErrorOccurred(d)).catch(ignore),
  );
  // Server redirects, hop by hop (docs/decisions/003-every-hop.md): observed, not blocking (allowed in MV3). A request
  // the rules stopped: strict mode's release need not wait for the navigation's error.
  try {
    browser.webRequest.onBeforeRedirect.addListener(
      (d) => void whileWorking(navigation.onBeforeRedirect(d)).catch(ignore),
      {
        urls: ['<all_urls>'],
        types: ['main_frame'],
      },
    );
    browser.webRequest.onErrorOccurred.addListener(
      (d) => void whileWorking(navigation.onRequestError(d)).catch(ignore),
      {
        urls: ['<all_urls>'],
        types: ['main_frame'],
      },
    );
  } catch {
    // No webRequest here: the redirect target's own navigation events remain.
  }
  browser.contextMenus.onClicked.addListener(
    (info, tab) => void whileWorking(ready.then(() => onMenuClick(app, info, tab))).catch(ignore),
  );
  browser.alarms.onAlarm.addListener((a) => {
    if (a.name === JOBS_ALARM) void whileWorking(ready.then(() => engine.resume()));
    if (a.name === CREDITS_ALARM) void whileWorking(ready.then(() => checkCredits(app)));
    if (a.name === NET_RULES_ALARM) netRules.schedule();
    void whileWorking(remote.onAlarm(a.name));
  });
  // A closed tab's blocked pages cannot ask for their tokens any more (blocked-tokens.ts).
  browser.tabs.onRemoved.addListener((tabId) => void whileWorking(dropTabTokens(tabId)).catch(ignore));
  browser.storage.onChanged.addListener((_changes, areaName) => {
    if (areaName === 'managed') void whileWorking(settings.refreshManaged());
  });
  settings.onChange((st) => {
    engine.configChanged();
    void whileWorking(enforcePolicy(st.settings)).catch(ignore);
  });
  // The request-blocking rules follow the lists, thresholds and policy, and the verdict cache.
  settings.onChange(() => netRules.schedule());
  cache.onChange(() => netRules.schedule());
  const recheck = createCreditsRecheck({
    check: () => ready.then(() => checkCredits(app)),
    setTimer: (cb, ms) => setTimeout(cb, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  engine.onProblem((p) => {
    if (p?.code === 'insufficient_credits') {
      // A 402 says the balance cannot pay for a scan: the header shows the balance the answer
      // stated (a batch may need more than the few left), else 0, not the last balance read,
      // until the next credits answer says how many there are.
      if (!p.restored) app.credits.last = p.balance ?? 0;
      recheck.start();
      void browser.alarms.create(CREDITS_ALARM, { periodInMinutes: 1 });
    } else {
      recheck.stop();
      void browser.alarms.clear(CREDITS_ALARM);
    }
  });
  wireOutputs(app);
  // docs/decisions/016-organizations.md: reporting to the organization (queue, alarms, policy problems, service outages).
  startReporting({
    settings,
    onServiceProblem: (fn) => engine.onProblem(fn),
    serviceProblem: () => engine.problem(),
    paused: isPaused,
  });
  followMenuPolicy(settings); // docs/decisions/016-organizations.md: policy disableContextMenu
  // docs/decisions/016-organizations.md: the sign-in guard runs only while the policy protects sign-in domains.
  const guard = createGuardRegistration();
  settings.onChange((st) => void guard.sync(st.settings.protectedSignInDomains));
  void settings.settled().then((st) => guard.sync(st.settings.protectedSignInDomains));
  wirePageTracking(app);
  // The remote files follow the policy: read when it names them, then on their alarms.
  settings.onChange((st) => void remote.follow(st));
  void settings
    .settled()
    .then((st) => remote.follow(st))
    .catch(ignore);
  wireVisits({
    store: visits.store,
    siteTurnedBad: visits.siteTurnedBad,
    settings,
    engine,
    tabPrivacy,
    onFeedJoined: (fn) => remote.onFeedJoined(fn),
  });

  // Nothing of Linklens is kept in storage.local any more (kv.ts: the private IndexedDB store),
  // but restrict it where the browser allows, in case a future change forgets that. storage.managed
  // may hold a policy-set API key: restrict it too where the browser allows (Firefox cannot).
  for (const name of ['local', 'managed'] as const) {
    const area = browser.storage[name] as unknown as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
    try {
      void area.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(ignore);
    } catch {
      // Not supported here (Firefox).
    }
  }

  // Pending jobs carry on at once. The whole verdict cache loads a moment later, off the path of
  // the first answer: until then each lookup reads its one key (cache.prime). At the cache's cap
  // the full read and check take ~250 ms, which a woken worker's first verdict would wait for
  // (BENCHMARKS.md "first verdict after the worker stopped").
  const ready = whileWorking(engine.resume().catch(ignore));
  // What the navigation path needs, read now rather than on the first navigation: the tabs that
  // were open before this worker, and the budgets' counters (BENCHMARKS.md "Bursts of navigations at once").
  void whileWorking(tabPrivacy.learnOpenTabs());
  void whileWorking(budget.prime()).catch(ignore);
  // A policy that changed while no worker ran (or before this browser session) still ends a
  // pause or an exception it does not permit.
  void whileWorking(settings.get().then((st) => enforcePolicy(st.settings))).catch(ignore);
  laterWork(() => cache.init(), CACHE_LOAD_DELAY_MS);
  // The rules of the previous life still stand (session rules outlive the worker, dynamic ones
  // the browser): they are checked against the cache once it is loaded, not before.
  netRules.schedule(CACHE_LOAD_DELAY_MS);
  return app;
}

async function checkCredits(app: App): Promise<void> {
  const api = await app.api();
  if (!api) return;
  const r = await api.getCredits();
  if (r.ok) {
    app.credits.last = r.value.balance;
    if (r.value.balance !== null && r.value.balance > 0) await app.engine.creditsRestored();
  }
}
