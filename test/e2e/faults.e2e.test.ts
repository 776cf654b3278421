// The extension under faults, in real Chromium against the local scanning service in fault modes
// (docs/decisions/018-tests.md). One browser and one service for the file; each test sets its own faults
// and asserts its own collected errors. `*.test` hosts reach the loopback page server; the
// service's rule table (test/service/rules.ts) predicts every verdict.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { selectedBrowsers } from './harness';
import { startSession, type LinklensSession } from './harness/linklens-session';
import { faultBrowsingPlan, hoverInTabs, navigateInTabs } from './harness/fault-browsing';
import { lookupAll, serviceJudge, watchVerdicts } from './harness/verdict-watch';
import { waitFor } from './harness/wait-for';
import { isBlockedPageUrl, tabIdOf, visit } from './harness/navigate';
import { openExtensionPage, requestFromExtensionPage, sendFromExtensionPage } from './harness/extension-messages';
import { openPopupFor } from './harness/popup-for-tab';
import { badgeOf, notificationsOf, recordNotifications } from './harness/worker-probes';
import { workerStopper } from './harness/worker-stopper';
import { pollsOf, postKeysFor, scanOf, streamsOf } from './harness/scan-requests';
import { postsFor } from '../shared/service-log';
import { startService, verdictFor } from '../service/server';
import { bandOf, type Band } from '../../src/shared/verdict';
import type { TabStatusData } from '../../src/shared/messaging/protocol';
import { waitForPageUrl } from './harness/url-wait';

const browsers = selectedBrowsers();

/** The band the service will give `url`, or null when it will not complete a scan of it. */
function expectedBand(url: string): Band | null {
  const v = verdictFor(url);
  return v.outcome === 'COMPLETED' ? bandOf(v.result.riskScore) : null;
}

if (browsers.includes('chromium')) {
  describe('Chromium: faults', () => {
    let s: LinklensSession;

    beforeAll(async () => {
      // A fixed seed: the fault dice repeat run to run (test/service/README.md "Faults").
      s = await startSession({ service: { processingDelayMs: 300, keepAliveMs: 500, seed: 6 } });
    });
    afterAll(async () => {
      await s?.close();
    });

    /** URLs (of `urls`) that have no verdict yet, with what is known instead. */
    async function withoutVerdict(urls: string[]): Promise<string[]> {
      const known = await lookupAll(s.known, urls);
      return urls.filter((u) => known[u]?.status !== 'verdict').map((u) => `${u} → ${JSON.stringify(known[u])}`);
    }

    /** tab.status as the popup asks it (by tab id: a tab that gets blocked changes its URL). */
    const tabStatus = (tabId: number) =>
      requestFromExtensionPage<TabStatusData>(s.control, { type: 'tab.status', tabId });

    /** Closes every tab but the control page. */
    async function closeTabs(): Promise<void> {
      for (const tab of s.ext.context.pages()) if (tab !== s.control) await tab.close();
    }

    async function newTabs(n: number): Promise<Page[]> {
      return Promise.all(Array.from({ length: n }, () => s.ext.context.newPage()));
    }

    test('a fault mix over 50+ navigations and 200 hovers: every verdict arrives, never a made-up safe, no errors', async () => {
      const { svc } = s;
      const plan = faultBrowsingPlan(s.pages.port, { navigations: 50, distinctHovers: 100, hoverTabs: 4 });
      const hoverPages = Array.from({ length: 4 }, (_, i) => s.pages.url(`hover-base-${i}.test`, '/'));
      const distinct = [...plan.distinct, ...hoverPages];

      // Scans the service completed, refreshed at most every 50 ms while the watch runs.
      let completed = { at: 0, urls: new Set<string>() };
      const completedNow = () => {
        if (Date.now() - completed.at > 50) {
          completed = {
            at: Date.now(),
            urls: new Set(
              svc
                .scans()
                .filter((x) => x.state === 'COMPLETED')
                .map((x) => x.url),
            ),
          };
        }
        return completed.urls;
      };
      const judge = serviceJudge(completedNow, expectedBand);

      svc.setFaults({
        rate429: 0.3,
        retryAfterForm: 'seconds',
        retryAfterSeconds: 1,
        rate500: 0.2,
        rateMalformed: 0.05,
        streamMode: 'stall',
      });
      // Alternate stalled and dropped event streams while the session runs.
      let mode: 'stall' | 'drop' = 'stall';
      const toggle = setInterval(
        () => svc.setFaults({ streamMode: (mode = mode === 'stall' ? 'drop' : 'stall') }),
        1000,
      );
      const watch = watchVerdicts(s.known, distinct, judge);
      const started = Date.now();
      let watched: Awaited<ReturnType<typeof watch.stop>>;
      try {
        const navTabs = await newTabs(5);
        const hoverTabs = await newTabs(4);
        await Promise.all(hoverTabs.map((tab, i) => tab.goto(hoverPages[i]!, { waitUntil: 'domcontentloaded' })));
        const [, replies] = await Promise.all([
          navigateInTabs(navTabs, plan.navigations, 100),
          hoverInTabs(hoverTabs, s.ext.extensionId, plan.hoversByTab, 50),
        ]);
        const flat = replies.flat();
        expect(flat).toHaveLength(200);
        // Every hover is answered, none refused. A content script learns only warnings ("unknown"
        // covers safe, failed and checks it did not start alike), and of a check its own hover
        // started only the step's name (docs/decisions/017-surfaces.md); that no budget was hit shows
        // below: every URL gets a verdict.
        for (const r of flat) {
          expect(r).toMatchObject({ ok: true, data: { status: expect.stringMatching(/^(unknown|verdict|pending)$/) } });
          const data = (r as { data: { status: string } }).data;
          if (data.status === 'pending')
            expect(data).toEqual({
              status: 'pending',
              progress: expect.stringMatching(/^(submitting|queued|processing)$/),
            });
        }

        await waitFor(
          'a verdict for every URL of the session',
          () => withoutVerdict(distinct),
          (missing) => missing.length === 0,
          150_000,
          1000,
        );
        console.log(`fault mix: ${distinct.length} URLs settled in ${Date.now() - started} ms`);
      } finally {
        clearInterval(toggle);
        svc.resetFaults();
        watched = await watch.stop();
      }
      expect(watched.rounds).toBeGreaterThan(10);
      expect(watched.violations).toEqual([]);

      // Faults were really injected, of every kind asked for.
      const statuses = svc.log.map((e) => e.status);
      expect(statuses).toContain(429);
      expect(statuses).toContain(500);
      expect(svc.log.filter((e) => /\/events$/.test(e.path)).length).toBeGreaterThan(0);

      await closeTabs();
      expect(s.takeErrors()).toEqual([]);
    }, 200_000);

    test('the worker stopped after POST, mid-poll, mid-stream and after COMPLETED: every block happens, one scan per URL', async () => {
      // One timeline, four tabs, three stops (each stop also hits whatever else is in flight).
      // "After COMPLETED, before the cache write" cannot be hit inside the worker from outside;
      // it is approximated: the service has COMPLETED the scan, the worker has asked for it (a
      // poll), and that answer is held back (slowMs) when the stop lands.
      const { svc } = s;
      svc.resetFaults();
      svc.clearLog();
      const stopper = await workerStopper(s.control, s.ext.extensionId);
      const cases = ['post', 'poll', 'stream', 'done'] as const;
      const url = Object.fromEntries(cases.map((c) => [c, s.pages.url(`phish-stop-${c}.test`, '/login')])) as Record<
        (typeof cases)[number],
        string
      >;
      const tabs = Object.fromEntries(
        await Promise.all(cases.map(async (c) => [c, await s.ext.context.newPage()] as const)),
      ) as Record<(typeof cases)[number], Page>;
      const started = Date.now();
      try {
        // 1. Mid-poll (no event streams: the service answers 404 for them) and after POST.
        svc.setFaults({ streamMode: 'disabled' });
        svc.setProcessingDelay(6000);
        void visit(tabs.poll, url.poll);
        const pollScan = await scanOf(svc, url.poll);
        await waitFor(
          'a poll of the mid-poll scan',
          () => pollsOf(svc.log, pollScan.id).length,
          (n) => n >= 1,
          15_000,
          10,
        );
        svc.setFaults({ slowMs: 2000 }); // the POST below is received, its answer held back
        void visit(tabs.post, url.post);
        await waitFor(
          'the POST of the after-POST case',
          () => postsFor(svc.log, url.post),
          (n) => n >= 1,
          15_000,
          10,
        );
        await stopper.stop();
        expect(
          svc.scans().some((x) => x.url === url.post),
          'the stop must land before the service created the scan',
        ).toBe(false);

        // 2. Mid-stream: intermediate states arrive as frames; stop once PROCESSING was sent.
        svc.setFaults({ slowMs: 0, streamMode: 'normal', intermediateStates: ['PROCESSING', 'ANALYZING'] });
        void visit(tabs.stream, url.stream); // this navigation wakes the worker
        const streamScan = await scanOf(svc, url.stream);
        await waitFor(
          'the event stream of the mid-stream scan',
          () => streamsOf(svc.log, streamScan.id).length,
          (n) => n >= 1,
          15_000,
          10,
        );
        await waitFor(
          'PROCESSING',
          () => svc.scans().find((x) => x.id === streamScan.id)?.state,
          (st) => st === 'PROCESSING',
          15_000,
          10,
        );
        await stopper.stop();
        expect(svc.scans().find((x) => x.id === streamScan.id)?.state, 'the stop must land mid-stream').not.toBe(
          'COMPLETED',
        );

        // 3. After COMPLETED: the service has finished the scan, the worker's poll that would see
        // it is received, its answer held back (slowMs) when the stop lands. Polling, not the
        // stream: a terminal frame carries the result and is cached as it arrives, leaving no gap
        // to stop in from outside.
        svc.setFaults({ streamMode: 'disabled' });
        svc.setProcessingDelay(1500);
        void visit(tabs.done, url.done);
        const doneScan = await scanOf(svc, url.done);
        await waitFor(
          'a poll of the after-COMPLETED scan',
          () => pollsOf(svc.log, doneScan.id).length,
          (n) => n >= 1,
          15_000,
          5,
        );
        svc.setFaults({ slowMs: 3000 });
        const slowSince = Date.now();
        // The service answers a held poll with the state at the end of the hold: a poll received
        // after slowSince and still held once the scan COMPLETED will carry the result.
        const heldAfterCompleted = () => {
          const done = svc.scans().find((x) => x.id === doneScan.id);
          if (done?.state !== 'COMPLETED') return false;
          return pollsOf(svc.log, doneScan.id).some((e) => e.at >= slowSince && e.at + 3000 > Date.now() + 500);
        };
        await waitFor('COMPLETED with a poll for it held back', heldAfterCompleted, (held) => held, 15_000, 5);
        await stopper.stop();
        svc.setFaults({ slowMs: 0, streamMode: 'normal' });

        // Wake the worker with a message rather than waiting for the 30 s resume alarm.
        await s.worker();
        await Promise.all(cases.map((c) => waitForPageUrl(tabs[c], (u) => isBlockedPageUrl(s.ext, u.href), 45_000)));
        console.log(
          `worker stops: ${stopper.stops} stops, all four blocked ${Date.now() - started} ms after the first navigation`,
        );
      } finally {
        svc.resetFaults();
        svc.setProcessingDelay(300);
        await stopper.close();
      }

      for (const c of cases) {
        expect(
          svc.scans().filter((x) => x.url === url[c]),
          `one scan of ${url[c]}`,
        ).toHaveLength(1);
        const keys = postKeysFor(svc.log, url[c]);
        expect(new Set(keys).size, `the POSTs of ${url[c]} share one Idempotency-Key: ${JSON.stringify(keys)}`).toBe(1);
        expect(keys[0]).toBeTruthy();
      }
      // The after-POST case really re-sent its POST after the restart (and was answered by replay).
      expect(postKeysFor(svc.log, url.post).length).toBeGreaterThanOrEqual(2);
      await closeTabs();
      expect(s.takeErrors()).toEqual([]);
    });

    test('credits run out mid-session: told once, nothing lost, scans resume after a purchase', async () => {
      const { svc } = s;
      svc.resetFaults();
      svc.clearLog();
      const worker = await s.worker();
      await recordNotifications(worker);
      try {
        svc.setCredits(2);
        const urls = [
          s.pages.url('phish-credits-a.test', '/login'),
          s.pages.url('safe-credits-b.test', '/'),
          s.pages.url('malware-credits-c.test', '/setup.exe'),
          s.pages.url('safe-credits-d.test', '/'),
        ];
        const tabs = await newTabs(urls.length);
        for (const [i, tab] of tabs.entries()) await visit(tab, urls[i]!);
        // Two POSTs spend the two credits; the next is refused with 402, after which the engine
        // holds new URLs back without sending them (engine.ts: waitingFor 'credits').
        const scansOfUrls = () => svc.scans().filter((x) => urls.includes(x.url));
        await waitFor(
          'two scans and a 402',
          () => [scansOfUrls().length, svc.log.filter((e) => e.status === 402).length],
          ([n, refused]) => n === 2 && refused! >= 1,
        );
        const scanned = new Set(scansOfUrls().map((x) => x.url));
        const waiting = urls.filter((u) => !scanned.has(u));
        expect(waiting).toHaveLength(2);
        const waitingTab = tabs[urls.indexOf(waiting[0]!)]!;
        const waitingTabId = await tabIdOf(s.control, waitingTab);

        // The person is told: the popup's problem and the badge of the tab ('$', badge.ts).
        const st = await waitFor(
          'the credits problem',
          () => tabStatus(waitingTabId),
          (x) => x.problem?.code === 'insufficient_credits',
        );
        expect(st.problem).toMatchObject({ code: 'insufficient_credits', fix: 'credits' });
        expect(st.status.kind).toBe('checking');
        await waitingTab.bringToFront();
        await waitFor(
          'the $ badge',
          () => badgeOf(worker, waitingTabId),
          (b) => b.text === '$',
        );

        // More navigations while out of credits: kept, not sent, not told again.
        const later = s.pages.url('phish-credits-e.test', '/login');
        const laterTab = (await newTabs(1))[0]!;
        await visit(laterTab, later);
        await waitFor(
          'the later URL pending',
          () => s.known([later]),
          (k) => k[later]?.status === 'pending',
        );
        const known = await s.known([...waiting, later]);
        for (const u of [...waiting, later])
          expect(known[u], `${u} waits for credits`).toMatchObject({ status: 'pending' });
        expect(postsFor(svc.log, later), 'nothing is sent while out of credits').toBe(0);
        expect(await notificationsOf(worker)).toEqual(['problem']);

        // A purchase (as the options page makes it) brings every verdict.
        const options = await openExtensionPage(s.ext, 'options.html');
        expect(await sendFromExtensionPage(options, { type: 'credits.purchase', amount: 50 })).toMatchObject({
          ok: true,
        });
        const all = [...urls, later];
        await waitFor(
          'every verdict after the purchase',
          () => withoutVerdict(all),
          (m) => m.length === 0,
          30_000,
          200,
        );
        for (const u of all)
          expect(
            svc.scans().filter((x) => x.url === u),
            `one scan of ${u}`,
          ).toHaveLength(1);
        await waitFor(
          'the problem cleared',
          () => tabStatus(waitingTabId),
          (x) => x.problem === null,
        );
        await waitForPageUrl(laterTab, (u) => isBlockedPageUrl(s.ext, u.href), 15_000);
        expect(await notificationsOf(worker), 'told once').toEqual(['problem']);
      } finally {
        // Whatever happened above, the next test starts with credits and no standing problem
        // (credits.get tells the background the balance is back: account.ts noteBalance).
        if (svc.getCredits() < 100) svc.setCredits(1000);
        await sendFromExtensionPage(s.control, { type: 'credits.get' });
      }
      await closeTabs();
      expect(s.takeErrors()).toEqual([]);
    });

    test('the service goes away and comes back: a clear state in popup and badge, recovery without a reload', async () => {
      const port = Number(new URL(s.svc.baseUrl).port);
      const demoKey = s.svc.demoKey;
      await s.svc.stop();

      const tab = (await newTabs(1))[0]!;
      const away = s.pages.url('safe-while-away.test', '/');
      await visit(tab, away);
      await tab.bringToFront();
      const tabId = await tabIdOf(s.control, tab);
      const st = await waitFor(
        'the unreachable problem',
        () => tabStatus(tabId),
        (x) => x.problem !== null,
        30_000,
        200,
      );
      expect(st.problem).toMatchObject({ code: 'network' });
      expect(st.status.kind, 'no verdict is made up while the service is away').not.toBe('verdict');

      const popup = await openPopupFor(s.ext, tab);
      await popup.getByText('The scanning service cannot be reached.').waitFor({ timeout: 10_000 });
      await popup.close();
      await tab.bringToFront();
      const worker = await s.worker();
      const badge = await badgeOf(worker, tabId);
      // badge.ts shows standing problems with fix 'options' or 'credits' as '!' / '$'; the service
      // being unreachable (fix 'none') must be as clear as that, not an endless "checking".
      // Soft: the recovery below is checked even when this fails.
      expect
        .soft(
          badge.text,
          `the badge while the service is away (title "${badge.title}") must show the problem ('!'), not "checking"`,
        )
        .toBe('!');

      // The service comes back on the same address with the same key: no reload, no settings step.
      s.svc = await startService({ port, demoKey, processingDelayMs: 300 });
      const back = s.pages.url('safe-after-return.test', '/');
      await visit(tab, back);
      await waitFor(
        'a verdict after the return',
        () => s.known([back]),
        (k) => k[back]?.status === 'verdict',
        20_000,
        200,
      );
      const after = await waitFor(
        'the problem cleared',
        () => tabStatus(tabId),
        (x) => x.problem === null && x.status.kind === 'verdict',
      );
      expect(after.status).toMatchObject({ kind: 'verdict', verdict: { band: 'safe' } });
      await waitFor(
        'the badge shows the score',
        () => badgeOf(worker, tabId),
        (b) => b.text === '5',
      );
      // The URL that waited while the service was away is checked too (retried, same key).
      await waitFor(
        'a verdict for the URL sent while away',
        () => s.known([away]),
        (k) => k[away]?.status === 'verdict',
        45_000,
        500,
      );
      expect(new Set(postKeysFor(s.svc.log, away)).size).toBe(1);

      await closeTabs();
      expect(s.takeErrors()).toEqual([]);
    });
  });
}
