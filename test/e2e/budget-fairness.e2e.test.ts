// A looping page cannot spend the day's checks for every tab (src/shared/policy/budgets.ts,
// src/background/checks/budget.ts), in Chromium and Firefox, asserted from what the scanning
// service received: a page that navigates itself in a loop gets at most its tab's share of the
// day budget, and an address the person then types in another tab is still sent and checked.
// Before, one tab could spend the whole day pool, and every tab after it opened unchecked. A link
// the person clicks on a page is, like a typed address, not refused for other sites' spending.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import type { JourneyDriver, JourneyPage } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { submittedUrls } from '../shared/service-log';
import { waitFor } from './harness/wait-for';
import { request } from './harness/world';
import { startService, type ScanningService } from '../service/server';
import type { SettingsWriteData, TabStatusData } from '../../src/shared/messaging/protocol';
import { DEFAULT_BUDGETS, PAGE_DAY_SHARE, TAB_DAY_SHARE } from '../../src/shared/policy/budgets';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };
/** A small day, so one loop could spend it all in seconds; per-minute buckets out of the way. */
const BUDGETS = {
  ...DEFAULT_BUDGETS,
  navigationsPerTabPerMinute: 200,
  navigationsPerSitePerMinute: 200,
  checksPerDay: 40,
};
const TAB_SHARE = Math.floor(BUDGETS.checksPerDay * TAB_DAY_SHARE);
const LOOPS = 40;
const PAGE_SHARE = Math.floor(BUDGETS.checksPerDay * PAGE_DAY_SHARE);

for (const kind of selectedBrowsers()) {
  const label = kind === 'firefox' ? 'Firefox' : 'Chromium';

  describe(`${label}: budgets a looping page cannot spend for everyone`, () => {
    let driver: JourneyDriver;
    let svc: ScanningService;
    let pages: PageServer;

    beforeAll(async () => {
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: 100, keepAliveMs: 300 });
      driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      const r = await request<SettingsWriteData>(
        { driver },
        {
          type: 'settings.set',
          patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey, budgets: BUDGETS },
        },
      );
      expect(r.refused ?? {}).toEqual({});
    });
    afterAll(async () => {
      await driver?.close();
      await pages?.stop();
      await svc?.stop();
    });

    /** Opens `host` in a new tab and has its own script navigate `n` times (each answers 204). */
    async function loopIn(host: string, n: number) {
      const page = await driver.openWebPage(pages.url(host, '/'));
      const tabId = await driver.tabIdOf(page);
      // The page's own script, as a looping page does it: each navigation answers 204, so the
      // tab stays on the page and the script goes on.
      await page.evaluate((count) => {
        let i = 0;
        const next = () => {
          location.href = `/no-content/${i++}`;
          if (i < count) setTimeout(next, 50);
        };
        next();
      }, n);
      await waitFor(
        `the loop to finish at ${host}`,
        () => pages.requestsTo(host).some((r) => r.path === `/no-content/${n - 1}`),
        (done) => done,
        30_000,
      );
      return { page, tabId };
    }
    const sentFor = (host: string) => submittedUrls(svc.log).filter((u) => new URL(u).hostname === host);

    test('a page looping navigations gets its tab share of the day; an address the person types in another tab is still sent', async () => {
      const host = 'looping-site.test';
      const { page, tabId } = await loopIn(host, LOOPS);
      // Every navigation of the loop was checked or turned away (the popup's numbers).
      const status = await waitFor(
        'every looped navigation to be charged or refused',
        () => request<TabStatusData>({ driver }, { type: 'tab.status', tabId }),
        (s) => (s.budget?.today.navigations ?? 0) + (s.budget?.refusedToday ?? 0) >= LOOPS,
        20_000,
        200,
      );
      expect(status.budget?.tab).toMatchObject({ scope: 'tab-day', site: host });
      await waitFor(
        "the looping page's sends",
        () => sentFor(host),
        (u) => u.length >= Math.min(TAB_SHARE, status.budget!.today.navigations),
      );
      expect(sentFor(host).length).toBeLessThanOrEqual(TAB_SHARE);

      // The person types an address into another tab: sent and checked.
      const other = await driver.openWebPage(pages.url('typed-by-person.test', '/account'));
      await waitFor(
        'the typed address to reach the service',
        () => sentFor('typed-by-person.test'),
        (u) => u.length === 1,
        20_000,
      );
      await other.close();
      await page.close();
    });

    test("looping pages in enough tabs to spend every page's share: the address the person types next is still sent (the person's reserve)", async () => {
      const opened: JourneyPage[] = [];
      let spent = false;
      for (let i = 0; i < 10 && !spent; i++) {
        const { page, tabId } = await loopIn(`looping-${i}.test`, 10);
        opened.push(page);
        const s = await waitFor(
          'the tab to be turned away',
          () => request<TabStatusData>({ driver }, { type: 'tab.status', tabId }),
          (x) => x.budget?.tab?.scope === 'tab-day' || x.budget?.tab?.scope === 'day',
          20_000,
          200,
        );
        spent = s.budget?.tab?.scope === 'day';
      }
      // Pages are turned away for the day's page share now, in any tab.
      expect(spent).toBe(true);
      // What pages caused: the address the person typed in the previous journey is theirs, not a page's.
      expect(
        submittedUrls(svc.log).filter((u) => new URL(u).hostname !== 'typed-by-person.test').length,
      ).toBeLessThanOrEqual(PAGE_SHARE);
      const typed = await driver.openWebPage(pages.url('typed-after-loops.test', '/account'));
      await waitFor(
        'the typed address to reach the service',
        () => sentFor('typed-after-loops.test'),
        (u) => u.length === 1,
        20_000,
      );
      for (const p of [typed, ...opened]) await p.close();
    });

    test("with every page's share spent, a link the person clicks on a page is still sent; the page's own script navigation is not", async () => {
      const page = await driver.openWebPage(pages.url('link-page.test', '/links?n=3'));
      const tabId = await driver.tabIdOf(page);
      // The page's own script navigates (to a 204, so it stays): refused, as pages' share is spent.
      await page.evaluate(() => void (location.href = '/no-content/scripted'));
      await waitFor(
        "the script's navigation to be turned away",
        () => request<TabStatusData>({ driver }, { type: 'tab.status', tabId }),
        (s) => s.budget?.tab?.scope === 'day',
        20_000,
        200,
      );
      expect(sentFor('link-page.test').filter((u) => u.includes('no-content'))).toEqual([]);
      // The person clicks a link (a real click): the navigation's check is sent.
      await page.click('link', 'Link 1');
      await waitFor(
        'the clicked link to reach the service',
        () => sentFor('site-1.test'),
        (u) => u.length === 1,
        20_000,
      );
      expect(sentFor('link-page.test').filter((u) => u.includes('no-content'))).toEqual([]);
      await page.close();
    });
  });
}
