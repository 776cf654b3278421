// Protection that holds (docs/architecture.md, guarantees): one matrix of states × targets, defined once and run in
// Chromium and Firefox through the journey driver. Each cell opens the target in a new tab and
// asserts where the tab ends (the blocked page or the page itself) and, where docs/decisions/002-known-bad-rules.md applies
// (a cached bad verdict, the person's block list, the policy's block list), that the bad host's
// server received no request at all.
//
// Expected outcome of each cell ("blocked" = the tab ends on Linklens' blocked page; "0 req" =
// the bad host's server saw no request; "loads" = the bad page is shown):
//
// | state                               | cached bad verdict | person's block list | policy block list | 302 safe→bad | meta refresh safe→bad |
// | ----------------------------------- | ------------------ | ------------------- | ----------------- | ------------ | --------------------- |
// | normal                              | blocked, 0 req     | blocked, 0 req      | blocked, 0 req    | blocked      | blocked               |
// | paused                              | loads              | blocked, 0 req      | blocked, 0 req    | loads        | loads                 |
// | not configured (block lists only)   | blocked, 0 req     | blocked, 0 req      | blocked, 0 req    | loads        | loads                 |
// | strict + service down               | blocked, 0 req     | blocked, 0 req      | blocked, 0 req    | blocked (1)  | blocked (1)           |
// | strict + key rejected               | blocked, 0 req     | blocked, 0 req      | blocked, 0 req    | blocked (1)  | blocked (1)           |
// | strict + no credits                 | blocked, 0 req     | blocked, 0 req      | blocked, 0 req    | blocked (1)  | blocked (1)           |
// | incognito, scanIncognito on (2)     | blocked, 0 req     | blocked, 0 req      | blocked, 0 req    | blocked      | blocked               |
// | person's allow list has the host    | loads              | blocked, 0 req (3)  | blocked, 0 req (3)| loads        | loads                 |
//
// (1) strict mode with fail mode "block": no verdict can arrive, so the tab ends on the blocked
//     page (docs/decisions/004-fail-closed.md, "fail-closed means closed"), whichever hop it was held on; and the start
//     page's server gets no request either: the browser holds the load before its request
//     (shared/policy/strict-hold.ts), so no page commits and no redirect or meta refresh runs.
// (2) The private-window cells run with scanIncognito on, so unknown hops are scanned there too;
//     with it off they would load (nothing is sent from a private window), while the block lists
//     and cached verdicts still block.
// (3) A host on both the allow list and a block list is blocked: the block list wins.
//
// Hosts are `*.test` names (every one reaches the loopback page server) unique per cell, so a
// cell's cache entries, exceptions and request log are its own. The service decides by keyword
// (test/service/rules.ts): `phish` in the host scores 88 (malicious), the start hosts are safe.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import type { JourneyDriver, TabHandle } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { installExtensionPolicy, policyInstallBlocker } from './harness/chromium-policy';
import { firefoxPolicyBlocker, installFirefoxPolicy } from './harness/firefox-policy';
import { listenOnLoopback } from '../shared/listen';
import { waitFor } from './harness/wait-for';
import { backgroundIdle } from './harness/background-idle';
import { request } from './harness/world';
import { isBlockedPage } from './harness/blocked-page';
import { startService, type ScanningService } from '../service/server';
import type { BlockedDetailsData, LinksLookupData, SettingsData } from '../../src/shared/messaging/protocol';
import { createServer } from 'node:http';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };
/** wxt.config.ts DEV_EXTENSION_ID and the gecko id: the ids the policies name. */
const CHROMIUM_ID = 'agngngjdpdjnnagefhncdooclophbehk';
const GECKO_ID = 'linklens@linklens.dev';
const MY_BLOCKED = 'mine-blocked.test';
const ORG_BLOCKED = 'org-blocked.test';
/** Strict-mode hold: short, so failure cells settle fast (the minimum is 500 ms). */
const STRICT_TIMEOUT_MS = 1000;

type Target = 'cached' | 'mine' | 'org' | 'redirect' | 'meta';
const TARGETS: readonly Target[] = ['cached', 'mine', 'org', 'redirect', 'meta'];
const TARGET_NAMES: Record<Target, string> = {
  cached: 'cached bad verdict',
  mine: "person's block list",
  org: 'policy block list',
  redirect: 'redirect chain safe→bad (302)',
  meta: 'meta refresh safe→bad',
};
/** Targets of the known-bad rules (docs/decisions/002-known-bad-rules.md): known bad before the request, so the bad server must see nothing. */
const KNOWN_BAD: ReadonlySet<Target> = new Set(['cached', 'mine', 'org']);

type State =
  'normal' | 'paused' | 'unconfigured' | 'strict-down' | 'strict-key' | 'strict-credits' | 'incognito' | 'allowlisted';
const B = true;
const L = false;
/** The table above: true = blocked. */
const EXPECTED: Record<State, Record<Target, boolean>> = {
  normal: { cached: B, mine: B, org: B, redirect: B, meta: B },
  paused: { cached: L, mine: B, org: B, redirect: L, meta: L },
  unconfigured: { cached: B, mine: B, org: B, redirect: L, meta: L },
  'strict-down': { cached: B, mine: B, org: B, redirect: B, meta: B },
  'strict-key': { cached: B, mine: B, org: B, redirect: B, meta: B },
  'strict-credits': { cached: B, mine: B, org: B, redirect: B, meta: B },
  incognito: { cached: B, mine: B, org: B, redirect: B, meta: B },
  allowlisted: { cached: L, mine: B, org: B, redirect: L, meta: L },
};
const STATE_NAMES: Record<State, string> = {
  normal: 'normal',
  paused: 'paused',
  unconfigured: 'not configured (block lists only)',
  'strict-down': 'strict + service down',
  'strict-key': 'strict + key rejected',
  'strict-credits': 'strict + no credits',
  incognito: 'incognito (scanIncognito on)',
  allowlisted: "person's allow list contains the host",
};
const STATES = Object.keys(EXPECTED) as State[];

interface World {
  driver: JourneyDriver;
  svc: ScanningService;
  pages: PageServer;
  /** A loopback port nothing listens on: "service down". */
  deadServiceUrl: string;
}

/** The cell's bad host, and the URL the tab opens. */
function cell(
  w: World,
  state: State,
  target: Target,
): { badHost: string; badUrl: string; open: string; firstUrl: string | null } {
  const at = (host: string, path: string) => w.pages.url(host, path);
  switch (target) {
    case 'cached': {
      const badUrl = at(`phish-cached-${state}.test`, '/login');
      return { badHost: `phish-cached-${state}.test`, badUrl, open: badUrl, firstUrl: null };
    }
    case 'mine':
      return {
        badHost: `${state}.${MY_BLOCKED}`,
        badUrl: at(`${state}.${MY_BLOCKED}`, '/'),
        open: at(`${state}.${MY_BLOCKED}`, '/'),
        firstUrl: null,
      };
    case 'org':
      return {
        badHost: `${state}.${ORG_BLOCKED}`,
        badUrl: at(`${state}.${ORG_BLOCKED}`, '/'),
        open: at(`${state}.${ORG_BLOCKED}`, '/'),
        firstUrl: null,
      };
    case 'redirect':
    case 'meta': {
      const badHost = `phish-hop-${state}-${target}.test`;
      const badUrl = at(badHost, '/login');
      const open = at(
        `start-${state}-${target}.test`,
        `/${target === 'redirect' ? 'redirect' : 'meta-refresh'}?to=${encodeURIComponent(badUrl)}`,
      );
      return { badHost, badUrl, open, firstUrl: open };
    }
  }
}

async function configure(w: World, patch: Record<string, unknown>): Promise<void> {
  const set = await request<{ refused?: Record<string, string> }>(w, { type: 'settings.set', patch });
  if (set.refused && Object.keys(set.refused).length)
    throw new Error(`settings.set refused ${JSON.stringify(set.refused)}`);
}

/** The settings every state starts from (and returns to). */
const baseline = (w: World) => ({
  serviceUrl: w.svc.baseUrl,
  apiKey: w.svc.demoKey,
  blocklist: [MY_BLOCKED],
  allowlist: [],
  strictMode: false,
  strictFailMode: 'allow',
  strictTimeoutMs: STRICT_TIMEOUT_MS,
  scanIncognito: false,
});

/** What each state changes, and how it is undone. */
const STATE_SETUP: Record<State, { apply(w: World): Promise<void>; undo(w: World): Promise<void>; private?: boolean }> =
  {
    normal: { apply: async () => undefined, undo: async () => undefined },
    paused: {
      apply: async (w) => void (await request(w, { type: 'pause.set', until: null })),
      undo: async (w) => void (await request(w, { type: 'pause.set', until: 0 })),
    },
    unconfigured: {
      apply: (w) => configure(w, { serviceUrl: '', apiKey: '' }),
      undo: (w) => configure(w, baseline(w)),
    },
    'strict-down': {
      apply: (w) => configure(w, { strictMode: true, strictFailMode: 'block', serviceUrl: w.deadServiceUrl }),
      undo: (w) => configure(w, baseline(w)),
    },
    'strict-key': {
      apply: (w) => configure(w, { strictMode: true, strictFailMode: 'block', apiKey: 'llk_rejected_by_the_service' }),
      undo: (w) => configure(w, baseline(w)),
    },
    'strict-credits': {
      apply: async (w) => {
        w.svc.setCredits(0);
        await configure(w, { strictMode: true, strictFailMode: 'block' });
      },
      undo: async (w) => {
        w.svc.setCredits(100_000);
        await configure(w, baseline(w));
        // As the options page does: the balance check finds credits, and what waited is sent.
        await request(w, { type: 'credits.get' });
      },
    },
    incognito: {
      apply: (w) => configure(w, { scanIncognito: true }),
      undo: (w) => configure(w, baseline(w)),
      private: true,
    },
    allowlisted: {
      // Exactly the cells' bad hosts (settings.set stores entries as given).
      apply: (w) => configure(w, { allowlist: TARGETS.map((t) => cell(w, 'allowlisted', t).badHost) }),
      undo: (w) => configure(w, baseline(w)),
    },
  };

async function runCell(w: World, state: State, target: Target): Promise<void> {
  const c = cell(w, state, target);
  const blocked = EXPECTED[state][target];
  let tab: TabHandle | undefined;
  try {
    tab = await w.driver.openTab(c.open, { private: STATE_SETUP[state].private });
    if (blocked) {
      const landed = await waitFor(
        'the blocked page',
        () => tab!.currentUrl(),
        (u) => isBlockedPage(w, u),
        20_000,
      );
      const token = new URL(landed).searchParams.get('t');
      // Settled: a strict-mode hold ends blocked, not released to the page.
      const details = await waitFor(
        'settled blocked-page details',
        () => request<BlockedDetailsData>(w, { type: 'blocked.details', token }),
        (d) => !d.pending,
        15_000,
      );
      expect(details.reason).not.toBe('strict:released');
      const now = await tab.currentUrl();
      expect(isBlockedPage(w, now), `the tab stays on the blocked page; it shows ${now}`).toBe(true);
      if (!state.startsWith('strict') && (target === 'redirect' || target === 'meta')) {
        // Names the bad hop, and the link the person opened.
        expect({ url: details.url, firstUrl: details.firstUrl }).toEqual({ url: c.badUrl, firstUrl: c.firstUrl });
      }
    } else {
      await waitFor(
        'the bad page itself',
        () => tab!.currentUrl(),
        (u) => u === c.badUrl,
        20_000,
      );
      // A late redirect would be the background's: once it is idle, none is coming.
      await backgroundIdle(w.driver);
      expect(await tab.currentUrl()).toBe(c.badUrl);
    }
    const reached = w.pages.requestsTo(c.badHost).filter((r) => r.path !== '/favicon.ico').length;
    if (KNOWN_BAD.has(target)) expect(reached, `requests to ${c.badHost}`).toBe(blocked ? 0 : 1);
    else if (!blocked) expect(reached).toBeGreaterThanOrEqual(1);
    if (state.startsWith('strict')) {
      const start = new URL(c.open).hostname;
      expect(
        w.pages.requestsTo(start).filter((r) => r.path !== '/favicon.ico').length,
        `requests to ${start} (strict: held before its request)`,
      ).toBe(0);
      expect(reached, `requests to ${c.badHost}`).toBe(0);
    }
  } catch (e) {
    // For the failure's report: what the service scanned and what the page server served last.
    console.log(
      `${state} × ${target} failed. Scans: ${JSON.stringify(w.svc.scans().map((x) => [x.url, x.state]))}; last page requests: ${JSON.stringify(w.pages.requests.slice(-6))}`,
    );
    throw e;
  } finally {
    await tab?.close();
  }
}

/** Why a browser's policy cannot be installed here, or null. */
const policyBlocker = (kind: 'chromium' | 'firefox') =>
  kind === 'chromium' ? policyInstallBlocker() : firefoxPolicyBlocker();

for (const kind of selectedBrowsers()) {
  const label = kind === 'firefox' ? 'Firefox' : 'Chromium';
  const blocker = policyBlocker(kind);
  describe.skipIf(blocker !== null)(`${label}: protection matrix${blocker ? ` [SKIPPED: ${blocker}]` : ''}`, () => {
    const w = {} as World;
    let removePolicy: (() => void) | undefined;

    beforeAll(async () => {
      // The organization's block list, installed before the browser starts (as an administrator would).
      const policy = { blocklist: [ORG_BLOCKED] };
      removePolicy =
        kind === 'chromium'
          ? installExtensionPolicy(CHROMIUM_ID, policy, 'linklens-matrix.json').remove
          : installFirefoxPolicy(policy, GECKO_ID).remove;
      w.pages = await startPageServer();
      w.svc = await startService({ processingDelayMs: 300, keepAliveMs: 500, initialCredits: 100_000 });
      const dead = createServer();
      w.deadServiceUrl = `http://127.0.0.1:${await listenOnLoopback(dead)}`;
      await new Promise<void>((r) => dead.close(() => r()));
      w.driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind), allowPrivate: true });
      await configure(w, baseline(w));
      await waitFor(
        'the policy block list',
        () => request<SettingsData>(w, { type: 'settings.get' }),
        (d) => d.managedEntries?.blocklist.includes(ORG_BLOCKED) === true,
        20_000,
      );
      // The cached verdicts, learned before any state is applied: scanned, never visited.
      const urls = STATES.map((s) => cell(w, s, 'cached').badUrl);
      for (const url of urls) await request(w, { type: 'scan.url', url, reason: 'popup' });
      await waitFor(
        'the cached verdicts',
        () => request<LinksLookupData>(w, { type: 'links.lookup', urls }),
        (d) => urls.every((u) => d[u]?.status === 'verdict' && d[u]?.action === 'block'),
        20_000,
      );
      // …and their block rules, which follow the cache a moment later.
      await waitFor(
        'their block rules',
        () => w.driver.extensionRules(),
        (r) =>
          urls.every((u) =>
            r.dynamic.some((x) => x.condition.regexFilter !== undefined && new RegExp(x.condition.regexFilter).test(u)),
          ),
        10_000,
      );
      expect(urls.flatMap((u) => w.pages.requestsTo(new URL(u).hostname))).toEqual([]);
    }, 120_000);
    afterAll(async () => {
      removePolicy?.();
      await w.driver?.close();
      await w.pages?.stop();
      await w.svc?.stop();
    });

    for (const state of STATES) {
      describe(STATE_NAMES[state], () => {
        beforeAll(() => STATE_SETUP[state].apply(w), 30_000);
        afterAll(() => STATE_SETUP[state].undo(w), 30_000);
        for (const target of TARGETS) {
          const outcome = EXPECTED[state][target]
            ? KNOWN_BAD.has(target)
              ? 'blocked, 0 requests'
              : 'blocked'
            : 'loads';
          test(`${TARGET_NAMES[target]} → ${outcome}`, () => runCell(w, state, target), 60_000);
        }
      });
    }
  });
}
