// Live progress of the extension pages (docs/decisions/017-surfaces.md), one definition for both browsers: the report
// page follows the scan's event stream through the background (and polls when there is none), says
// why and what to do when a check made no scan, and the toolbar badge shows the active tab's scan
// step by step. What the service received is asserted, not only what the pages show.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers } from './harness';
import type { JourneyPage } from './harness/driver';
import { tabTo } from './harness/keyboard';
import { FAST_PROCESSING_MS, scanAtService, startWorld, stopWorld, tabUrls, type World } from './harness/pages-world';
import { postsFor } from '../shared/service-log';
import { waitFor } from './harness/wait-for';

/** Long enough that each state (QUEUED, then PROCESSING) lasts well over a second. */
const SLOW_PROCESSING_MS = 3000;

/** The service's log of reads of one scan: its job, and its event stream. */
function readsOf(w: World, id: string) {
  const bare = id.replace(/^scn_/, '');
  const about = w.svc.log.filter((e) => e.method === 'GET' && e.path.includes(bare));
  return {
    job: about.filter((e) => !/\/(events|analytics)$/.test(e.path)).length,
    events: about.filter((e) => e.path.endsWith('/events')).length,
  };
}

/** Watches the state the report page shows until it is terminal; every distinct state in order. */
async function statesShown(report: JourneyPage): Promise<string[]> {
  const shown: string[] = [];
  await waitFor(
    'the report page to reach a terminal state',
    async () => {
      const state = await report.evaluate(() => document.querySelector('[role=status] strong')?.textContent ?? null);
      if (state && shown[shown.length - 1] !== state) shown.push(state);
      return state;
    },
    (s) => s === 'COMPLETED' || s === 'FAILED',
    20_000,
    50,
  );
  return shown;
}

async function slowly<T>(w: World, fn: () => Promise<T>): Promise<T> {
  w.svc.setProcessingDelay(SLOW_PROCESSING_MS);
  w.svc.setFaults({ intermediateStates: ['PROCESSING'] });
  try {
    return await fn();
  } finally {
    w.svc.resetFaults();
    w.svc.setProcessingDelay(FAST_PROCESSING_MS);
  }
}

async function reportFollowsTheStream(w: World): Promise<void> {
  await slowly(w, async () => {
    const id = await scanAtService(w, w.pages.url('free-prize-scam.test', '/stream'));
    const report = await w.driver.openExtensionPage(`report.html?id=${encodeURIComponent(id)}`);
    expect(await statesShown(report)).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
    await waitFor(
      'the result',
      () => report.evaluate(() => document.querySelector('.reasoning')?.textContent ?? ''),
      (t) => t.length > 0,
      10_000,
    );
    expect(
      await report.evaluate(() => [...document.querySelectorAll('ol.timeline li')].map((li) => li.textContent)),
    ).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
    // The background opened the stream once for the page; the job itself was read to start and
    // for the result (polling only guards the stream, every 10 s, longer than this scan took).
    const reads = readsOf(w, id);
    expect(reads.events).toBe(1);
    expect(reads.job).toBeLessThanOrEqual(3);
    await report.close();
    expect(await w.driver.takeErrors()).toEqual([]);
  });
}

async function reportPollsWithoutAStream(w: World): Promise<void> {
  await slowly(w, async () => {
    w.svc.setFaults({ intermediateStates: ['PROCESSING'], streamMode: 'disabled' });
    const id = await scanAtService(w, w.pages.url('free-prize-scam.test', '/nostream'));
    const report = await w.driver.openExtensionPage(`report.html?id=${encodeURIComponent(id)}`);
    expect(await statesShown(report)).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
    const reads = readsOf(w, id);
    // Tried and refused (404; the client asks once per id form it knows), then polled every second.
    expect(reads.events).toBeGreaterThanOrEqual(1);
    expect(reads.job).toBeGreaterThanOrEqual(3);
    await report.close();
    expect(await w.driver.takeErrors()).toEqual([]);
  });
}

/** The toolbar button's title and badge text for a tab, as the browser holds them. */
function badgeOf(probe: JourneyPage, tabId: number): Promise<{ title: string; text: string }> {
  return probe.evaluate(async (id) => {
    const api = ((globalThis as unknown as { browser?: unknown }).browser ??
      (globalThis as unknown as { chrome: unknown }).chrome) as {
      action: { getTitle(d: object): Promise<string>; getBadgeText(d: object): Promise<string> };
    };
    return { title: await api.action.getTitle({ tabId: id }), text: await api.action.getBadgeText({ tabId: id }) };
  }, tabId);
}

async function badgeShowsProgress(w: World): Promise<void> {
  await slowly(w, async () => {
    const probe = await w.driver.openExtensionPage('popup.html');
    const url = w.pages.url('free-prize-scam.test', '/badge');
    const tab = await w.driver.openTab(url);
    const seen: { title: string; text: string }[] = [];
    await waitFor(
      'the badge to show the verdict',
      async () => {
        const b = await badgeOf(probe, tab.tabId);
        const last = seen[seen.length - 1];
        if (!last || last.title !== b.title || last.text !== b.text) seen.push(b);
        return b;
      },
      (b) => b.text === '70',
      20_000,
      50,
    );
    // Step by step, as the service's stream reported it; then the verdict in words.
    const titles = seen.map((b) => b.title);
    // Every sample in the message, should a step go missing (once, in Firefox, the queued step
    // was not among them: not reproduced since, in 7 runs of this file).
    const all = JSON.stringify(seen);
    expect(titles, all).toContain('Linklens: this page is queued at the scanning service');
    expect(titles, all).toContain('Linklens: the scanning service is analysing this page');
    expect(titles.indexOf('Linklens: this page is queued at the scanning service')).toBeLessThan(
      titles.indexOf('Linklens: the scanning service is analysing this page'),
    );
    expect(seen.find((b) => b.title.includes('queued'))!.text).toBe('··');
    expect(seen.find((b) => b.title.includes('analysing'))!.text).toBe('···');
    // The badge is three writes (text, colour, title) and the probe two reads: the sample that
    // saw "70" may have read the title just before it changed. The verdict's title must follow.
    const settled = await waitFor(
      "the verdict's title with its text",
      () => badgeOf(probe, tab.tabId),
      (b) => b.title === 'Linklens: High risk (70/100)',
      2_000,
      50,
    );
    expect(settled).toEqual({ title: 'Linklens: High risk (70/100)', text: '70' });
    expect(postsFor(w.svc.log, url)).toBe(1);
    await tab.close();
    await probe.close();
    expect(await w.driver.takeErrors()).toEqual([]);
  });
}

async function reportWithoutAScan(w: World): Promise<void> {
  // The context menu opens these for checks that made no scan: the reason, and what to do.
  const skipped = await w.driver.openExtensionPage('report.html?skipped=private-host');
  await waitFor(
    'the reason',
    () => skipped.evaluate(() => document.querySelector('main')?.textContent ?? ''),
    (t) => t.includes('Linklens did not check this address'),
    10_000,
  );
  expect(await skipped.evaluate(() => document.querySelector('.card .notice-body')?.textContent?.trim() ?? '')).toBe(
    'Linklens did not check this address: this is a private network address, which is never sent.',
  );

  const credits = await w.driver.openExtensionPage('report.html?error=insufficient_credits');
  await waitFor(
    'the reason',
    () => credits.evaluate(() => document.querySelector('main')?.textContent ?? ''),
    (t) => t.includes('You are out of credits.'),
    10_000,
  );
  expect(await credits.evaluate(() => document.querySelector('main')?.textContent ?? '')).toContain(
    'The check could not be made. You are out of credits.',
  );
  // What to do, by keyboard: "Open settings" opens the options page at its credits section.
  await tabTo(credits, 'Open settings', 10);
  await credits.press('Enter');
  await waitFor(
    'the options page at Credits',
    () => tabUrls(credits),
    (urls) => urls.some((u) => u === w.driver.extensionUrl('options.html#credits')),
    10_000,
  );

  // Anything else in the query string is nobody's reason: a generic page, nothing from the URL.
  const junk = await w.driver.openExtensionPage(
    `report.html?error=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
  );
  await waitFor(
    'the generic page',
    () => junk.evaluate(() => document.querySelector('main')?.textContent ?? ''),
    (t) => t.includes('There is no scan to show.'),
    10_000,
  );
  expect(await junk.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
  for (const p of [skipped, credits, junk]) await p.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: live progress of the pages`, () => {
    let w: World;
    beforeAll(async () => {
      w = await startWorld(kind);
    }, 60_000);
    afterAll(async () => {
      await stopWorld(w ?? {});
    });

    test(
      'the report page follows the scan through the event stream: QUEUED → PROCESSING → COMPLETED, the stream opened once, the job read only to start and for the result',
      () => reportFollowsTheStream(w),
      60_000,
    );
    test(
      'without event streams the report page polls and still shows every state',
      () => reportPollsWithoutAStream(w),
      60_000,
    );
    test(
      'report page without a scan (?skipped=, ?error=): the reason and what to do, "Open settings" by keyboard',
      () => reportWithoutAScan(w),
      60_000,
    );
    test(
      "the badge shows the active tab's scan step by step (queued, processing), then the verdict, in words",
      () => badgeShowsProgress(w),
      60_000,
    );
  });
}
