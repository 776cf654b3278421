// A known-bad URL never reaches the network (docs/decisions/002-known-bad-rules.md), beyond the matrix
// (protection-matrix.e2e.test.ts): the second visit to a blocked page, a bad page in a frame, the
// first navigation after the background was stopped, and the ways out of the blocked page ("Go
// back", "Proceed anyway") with the request-blocking rules in place. One definition, both
// browsers, asserting what the bad host's server really received.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers } from './harness';
import { waitFor } from './harness/wait-for';
import { backgroundIdle } from './harness/background-idle';
import { blockedDetails, isBlockedPage, visitBlocked } from './harness/blocked-page';
import { learnBad } from './harness/block-rules';
import { siteHits } from './harness/site-hits';
import { startWorld, stopWorld, type World } from './harness/world';

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
  const before = siteHits(w, host);
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
  expect(siteHits(w, host)).toBe(before);
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
  expect(siteHits(w, host)).toBe(before);
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
    () => siteHits(w, 'frames-host.test'),
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
  expect(siteHits(w, 'phish-framed.test')).toBe(0);
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
  expect(siteHits(w, 'phish-asleep.test')).toBe(0);
  await tab.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function proceedAnywayGetsThrough(w: World): Promise<void> {
  const url = w.pages.url('phish-proceed-dnr.test', '/login');
  await learnBad(w, url);
  const { tab, token } = await visitBlocked(w, url, 'start-proceed.test');
  expect(siteHits(w, 'phish-proceed-dnr.test')).toBe(0);
  const details = await blockedDetails(w, token);
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
  expect(siteHits(w, 'phish-proceed-dnr.test')).toBe(1);
  await tab.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: known-bad URLs never reach the network`, () => {
    let w: World;
    beforeAll(async () => {
      w = await startWorld(kind);
    }, 60_000);
    afterAll(() => stopWorld(w ?? {}));

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
