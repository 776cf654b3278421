// A known-bad URL never reaches the network (docs/decisions/002-known-bad-rules.md), beyond the matrix
// (protection-matrix.e2e.test.ts): the second visit to a blocked page, a bad page in a frame, the
// first navigation after the background was stopped, and the ways out of the blocked page ("Go
// back", "Proceed anyway") with the request-blocking rules in place. One definition, both
// browsers, asserting what the bad host's server really received.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import type { ExtensionRule, JourneyDriver } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { waitFor } from './harness/wait-for';
import { backgroundIdle } from './harness/background-idle';
import { startService, type ScanningService } from '../service/server';
import type { BlockedDetailsData, LinksLookupData } from '../../src/shared/messaging/protocol';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };

interface World {
  driver: JourneyDriver;
  svc: ScanningService;
  pages: PageServer;
}

async function request<T>(w: World, message: unknown): Promise<T> {
  const reply = await w.driver.sendExtensionMessage<T>(message);
  if (!reply || reply.ok !== true) throw new Error(`${JSON.stringify(message)} was refused: ${JSON.stringify(reply)}`);
  return reply.data;
}

const isBlockedPage = (w: World, url: string) => url.startsWith(`${w.driver.extensionUrl('blocked.html')}?t=`);
const hits = (w: World, host: string) => w.pages.requestsTo(host).filter((r) => r.path !== '/favicon.ico').length;

/** Scans `url` without visiting it; resolves once the browser holds a block rule for it. */
async function learnBad(w: World, url: string): Promise<void> {
  await request(w, { type: 'scan.url', url, reason: 'popup' });
  await waitFor(
    `a blocking verdict for ${url}`,
    () => request<LinksLookupData>(w, { type: 'links.lookup', urls: [url] }),
    (d) => d[url]?.status === 'verdict' && d[url]?.action === 'block',
    15_000,
  );
  await waitFor(
    `a block rule for ${url}`,
    () => w.driver.extensionRules(),
    (r) => ruleBlocks(r.dynamic, url),
    10_000,
  );
}

/** Whether one of `rules` blocks `url` (the regex rules Linklens writes for verdicts). */
const ruleBlocks = (rules: ExtensionRule[], url: string) =>
  rules.some(
    (r) =>
      r.action.type === 'block' &&
      r.condition.regexFilter !== undefined &&
      new RegExp(r.condition.regexFilter).test(url),
  );

async function secondVisitSendsNothing(w: World): Promise<void> {
  const url = w.pages.url('phish-again.test', '/login');
  const host = 'phish-again.test';
  // First visit: unknown, so the page is requested while it is scanned, then blocked.
  const first = await w.driver.openTab(url);
  await waitFor(
    'the first visit blocked',
    () => first.currentUrl(),
    (u) => isBlockedPage(w, u),
    20_000,
  );
  await first.close();
  const before = hits(w, host);
  expect(before).toBeGreaterThanOrEqual(1);

  // Second visit, from a page, as a click would: stopped before the request, then "Go back".
  const start = w.pages.url('start-again.test', '/');
  const tab = await w.driver.openWebPage(start);
  await tab.evaluate((u) => void (location.href = u), url);
  await waitFor(
    'the second visit blocked',
    () => tab.currentUrl(),
    (u) => isBlockedPage(w, u),
    20_000,
  );
  expect(hits(w, host)).toBe(before);
  await tab.click('button', 'Go back to safety');
  await waitFor(
    '"Go back" to return to the page before',
    () => tab.currentUrl(),
    (u) => u === start,
    10_000,
  );
  // A late redirect would be the background's: once it is idle, none is coming.
  await backgroundIdle(w.driver);
  expect(await tab.currentUrl()).toBe(start);
  expect(hits(w, host)).toBe(before);
  await tab.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function badFrameBlockedNotThePage(w: World): Promise<void> {
  const bad = w.pages.url('phish-framed.test', '/login');
  await learnBad(w, bad);
  const page = w.pages.url('frames-host.test', `/frame?to=${encodeURIComponent(bad)}`);
  const tab = await w.driver.openWebPage(page);
  await waitFor(
    'the framing page',
    () => tab.currentUrl(),
    (u) => u === page,
    20_000,
  );
  await waitFor(
    'the framing page served',
    () => hits(w, 'frames-host.test'),
    (n) => n >= 1,
  );
  // The window's load waits for its frame to load or fail: by then the frame's request was made
  // or stopped. Then the background finishes what the frame's navigation started.
  await tab.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (document.readyState === 'complete') resolve();
        else addEventListener('load', () => resolve(), { once: true });
      }),
  );
  await backgroundIdle(w.driver);
  // The page stays (only the frame is blocked), and the bad host was never asked.
  expect(await tab.currentUrl()).toBe(page);
  expect(hits(w, 'phish-framed.test')).toBe(0);
  await tab.close();
}

async function blockedRightAfterTheBackgroundStopped(w: World): Promise<void> {
  const url = w.pages.url('phish-asleep.test', '/login');
  await learnBad(w, url);
  const stopped = await w.driver.suspendBackground();
  expect(stopped.state).toBe('stopped');
  // The navigation itself wakes the background: the browser's rules stop the request first.
  const tab = await w.driver.openTab(url);
  await waitFor(
    'the blocked page',
    () => tab.currentUrl(),
    (u) => isBlockedPage(w, u),
    20_000,
  );
  expect(hits(w, 'phish-asleep.test')).toBe(0);
  await tab.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function proceedAnywayGetsThrough(w: World): Promise<void> {
  const url = w.pages.url('phish-proceed-dnr.test', '/login');
  await learnBad(w, url);
  const tab = await w.driver.openWebPage(w.pages.url('start-proceed.test', '/'));
  await tab.evaluate((u) => void (location.href = u), url);
  const landed = await waitFor(
    'the blocked page',
    () => tab.currentUrl(),
    (u) => isBlockedPage(w, u),
    20_000,
  );
  expect(hits(w, 'phish-proceed-dnr.test')).toBe(0);
  const details = await request<BlockedDetailsData>(w, {
    type: 'blocked.details',
    token: new URL(landed).searchParams.get('t'),
  });
  expect(details).toMatchObject({ url, canProceed: true });
  await tab.click('button', 'Proceed anyway');
  await waitFor(
    'the page itself',
    () => tab.currentUrl(),
    (u) => u === url,
    10_000,
  );
  // A bounce back to the blocked page, or a second load, would be the background's.
  await backgroundIdle(w.driver);
  expect(await tab.currentUrl()).toBe(url);
  expect(hits(w, 'phish-proceed-dnr.test')).toBe(1);
  await tab.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: known-bad URLs never reach the network`, () => {
    const w = {} as World;
    beforeAll(async () => {
      w.pages = await startPageServer();
      w.svc = await startService({ processingDelayMs: 300, keepAliveMs: 500 });
      w.driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      await request(w, { type: 'settings.set', patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey } });
    }, 60_000);
    afterAll(async () => {
      await w.driver?.close();
      await w.pages?.stop();
      await w.svc?.stop();
    });

    test(
      'a second visit to a blocked page sends it no request, and "Go back" returns to the page before',
      () => secondVisitSendsNothing(w),
      60_000,
    );
    test(
      'a known-bad page in a frame: the frame is blocked, not the page, and its server sees nothing',
      () => badFrameBlockedNotThePage(w),
      60_000,
    );
    test(
      'the first navigation after the background stopped is blocked before its request',
      () => blockedRightAfterTheBackgroundStopped(w),
      60_000,
    );
    test('"Proceed anyway" gets through the request-blocking rules', () => proceedAnywayGetsThrough(w), 60_000);
  });
}
