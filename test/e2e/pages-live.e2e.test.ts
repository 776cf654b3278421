// Live progress and accessibility of the extension pages (issue 15), one definition for both
// browsers: the report page follows the scan's event stream through the background (and polls
// when there is none), the toolbar badge shows the active tab's scan step by step, the popup is
// read and used with the keyboard only, and axe finds no serious or critical violation on the
// options, popup, report and blocked pages. What the service received is asserted, not only UI.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import { describeViolations, runAxeWith, seriousOrWorse } from './harness/axe';
import type { JourneyDriver, JourneyPage } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { focusedElement, tabTo } from './harness/keyboard';
import { postsFor } from './harness/service-log';
import { waitFor } from './harness/wait-for';
import { startService, type ScanningService } from '../service/server';
import type { TabStatusData } from '../../src/shared/messaging/protocol';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };
const FAST_PROCESSING_MS = 300;
/** Long enough that each state (QUEUED, then PROCESSING) lasts well over a second. */
const SLOW_PROCESSING_MS = 3000;

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

/** A scan the extension knows nothing of (made by the test at the service): only the report page follows it. */
async function scanAtService(w: World, url: string): Promise<string> {
  const res = await fetch(`${w.svc.baseUrl}/v1/scans/`, { method: 'POST', headers: { Authorization: `Bearer ${w.svc.demoKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ url }) });
  const body = (await res.json()) as { id?: string };
  if (!res.ok || !body.id) throw new Error(`the service refused the scan: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

/** The service's log of reads of one scan: its job, and its event stream. */
function readsOf(w: World, id: string) {
  const bare = id.replace(/^scn_/, '');
  const about = w.svc.log.filter((e) => e.method === 'GET' && e.path.includes(bare));
  return { job: about.filter((e) => !/\/(events|analytics)$/.test(e.path)).length, events: about.filter((e) => e.path.endsWith('/events')).length };
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
    await waitFor('the result', () => report.evaluate(() => document.querySelector('.reasoning')?.textContent ?? ''), (t) => t.length > 0, 10_000);
    expect(await report.evaluate(() => [...document.querySelectorAll('ol.timeline li')].map((li) => li.textContent))).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
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
    const api = ((globalThis as unknown as { browser?: unknown }).browser ?? (globalThis as unknown as { chrome: unknown }).chrome) as { action: { getTitle(d: object): Promise<string>; getBadgeText(d: object): Promise<string> } };
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
    expect(titles).toContain('Linklens: this page is queued at the scanning service');
    expect(titles).toContain('Linklens: the scanning service is analysing this page');
    expect(titles.indexOf('Linklens: this page is queued at the scanning service')).toBeLessThan(titles.indexOf('Linklens: the scanning service is analysing this page'));
    expect(seen.find((b) => b.title.includes('queued'))!.text).toBe('··');
    expect(seen.find((b) => b.title.includes('analysing'))!.text).toBe('···');
    expect(seen[seen.length - 1]).toEqual({ title: 'Linklens: High risk (70/100)', text: '70' });
    expect(postsFor(w.svc.log, url)).toBe(1);
    await tab.close();
    await probe.close();
    expect(await w.driver.takeErrors()).toEqual([]);
  });
}

async function popupByKeyboard(w: World): Promise<void> {
  const url = w.pages.url('free-prize-scam.test', '/popup-keys');
  const site = await w.driver.openWebPage(url);
  const tabId = await w.driver.tabIdOf(site);
  await waitFor('a verdict', () => request<TabStatusData>(w, { type: 'tab.status', tabId }), (d) => d.status.kind === 'verdict', 15_000);
  const popup = await w.driver.openExtensionPage(`popup.html?tabId=${tabId}`);
  await waitFor('the verdict in the popup', () => popup.evaluate(() => !!document.querySelector('.verdict')), Boolean, 10_000);
  // What a screen reader reads: the verdict is a live region, its gauge an image with a name.
  const read = await popup.evaluate(() => ({
    live: document.querySelector('.status')?.getAttribute('aria-live') ?? null,
    gauge: [document.querySelector('.gauge')?.getAttribute('role'), document.querySelector('.gauge')?.getAttribute('aria-label')],
    decision: document.querySelector('.decision')?.textContent ?? null,
  }));
  expect(read).toEqual({ live: 'polite', gauge: ['img', 'Risk score 70 of 100: High risk'], decision: 'Warning: this page may be dangerous.' });
  // Keyboard only: Tab to "Check again", Enter: the service is asked again.
  const before = postsFor(w.svc.log, url);
  await tabTo(popup, 'Check again', 30);
  expect(await focusedElement(popup)).toEqual({ tag: 'button', name: 'Check again' });
  await popup.press('Enter');
  await waitFor('the check sent again', () => postsFor(w.svc.log, url), (n) => n === before + 1, 15_000);
  await waitFor('the verdict back in the popup', () => popup.evaluate(() => document.querySelector('.decision')?.textContent ?? null), (t) => t === 'Warning: this page may be dangerous.', 15_000);
  for (const p of [popup, site]) await p.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

/** The URLs of every tab, read through the extension's tabs API from `page` (one of our pages). */
function tabUrls(page: JourneyPage): Promise<string[]> {
  return page.evaluate(async () => {
    const api = ((globalThis as unknown as { browser?: unknown }).browser ?? (globalThis as unknown as { chrome: unknown }).chrome) as { tabs: { query(q: object): Promise<{ url?: string }[]> } };
    return (await api.tabs.query({})).map((t) => t.url ?? '');
  });
}

async function reportWithoutAScan(w: World): Promise<void> {
  // The context menu opens these for checks that made no scan: the reason, and what to do.
  const skipped = await w.driver.openExtensionPage('report.html?skipped=private-host');
  await waitFor('the reason', () => skipped.evaluate(() => document.querySelector('main')?.textContent ?? ''), (t) => t.includes('Linklens did not check this address'), 10_000);
  expect(await skipped.evaluate(() => document.querySelector('.card .notice-body')?.textContent?.trim() ?? '')).toBe('Linklens did not check this address: this is a private network address, which is never sent.');

  const credits = await w.driver.openExtensionPage('report.html?error=insufficient_credits');
  await waitFor('the reason', () => credits.evaluate(() => document.querySelector('main')?.textContent ?? ''), (t) => t.includes('You are out of credits.'), 10_000);
  expect(await credits.evaluate(() => document.querySelector('main')?.textContent ?? '')).toContain('The check could not be made. You are out of credits.');
  // What to do, by keyboard: "Open settings" opens the options page at its credits section.
  await tabTo(credits, 'Open settings', 10);
  await credits.press('Enter');
  await waitFor('the options page at Credits', () => tabUrls(credits), (urls) => urls.some((u) => u === w.driver.extensionUrl('options.html#credits')), 10_000);

  // Anything else in the query string is nobody's reason: a generic page, nothing from the URL.
  const junk = await w.driver.openExtensionPage(`report.html?error=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await waitFor('the generic page', () => junk.evaluate(() => document.querySelector('main')?.textContent ?? ''), (t) => t.includes('There is no scan to show.'), 10_000);
  expect(await junk.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
  for (const p of [skipped, credits, junk]) await p.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function axeOnThePages(w: World): Promise<void> {
  const report: string[] = [];
  const serious: Record<string, unknown[]> = {};
  // Light and dark theme: colour contrast differs between them.
  const check = async (label: string, page: JourneyPage) => {
    serious[label] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.colorScheme(theme);
      const v = await runAxeWith(page);
      report.push(describeViolations(`${w.driver.label} ${label} (${theme})`, v));
      serious[label].push(...seriousOrWorse(v).map((x) => `${x.id} (${theme}): ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    }
    await page.colorScheme(null);
  };
  // Options: wait for the sections (and the exceptions list) to load.
  const options = await w.driver.openExtensionPage('options.html');
  await waitFor('the options sections', () => options.evaluate(() => !!document.querySelector('#exceptions [role=status]') && !!document.querySelector('#connection input')), Boolean, 15_000);
  await check('options', options);
  // Popup over a checked page; report page of a finished scan.
  const site = await w.driver.openWebPage(w.pages.url('safe-axe.test', '/'));
  const tabId = await w.driver.tabIdOf(site);
  await waitFor('a verdict', () => request<TabStatusData>(w, { type: 'tab.status', tabId }), (d) => d.status.kind === 'verdict', 15_000);
  const popup = await w.driver.openExtensionPage(`popup.html?tabId=${tabId}`);
  await waitFor('the popup verdict', () => popup.evaluate(() => !!document.querySelector('.verdict')), Boolean, 10_000);
  await check('popup', popup);
  const id = await scanAtService(w, w.pages.url('malware-axe.test', '/setup.exe'));
  const rep = await w.driver.openExtensionPage(`report.html?id=${encodeURIComponent(id)}`);
  await waitFor('the report with analytics', () => rep.evaluate(() => !!document.querySelector('section[aria-labelledby=analytics-title] dl')), Boolean, 15_000);
  await check('report', rep);
  // Blocked page.
  const blockedTab = await w.driver.openWebPage(w.pages.url('start-axe.test', '/'));
  await blockedTab.evaluate((u) => void (location.href = u), w.pages.url('phish-axe.test', '/login'));
  await waitFor('the blocked page', () => blockedTab.currentUrl(), (u) => u.startsWith(w.driver.extensionUrl('blocked.html')), 20_000);
  await waitFor('its actions', () => blockedTab.evaluate(() => !!document.querySelector('.blocked-actions')), Boolean, 10_000);
  await check('blocked', blockedTab);
  console.log(report.join('\n'));
  expect(serious).toEqual({ options: [], popup: [], report: [], blocked: [] });
  // The check can fail: a nameless button added to the options page is found (critical).
  await options.evaluate(() => void document.querySelector('main')?.append(document.createElement('button')));
  expect(seriousOrWorse(await runAxeWith(options)).map((v) => v.id)).toContain('button-name');
  for (const p of [options, site, popup, rep, blockedTab]) await p.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: live progress and accessibility of the pages`, () => {
    const w = {} as World;
    beforeAll(async () => {
      w.pages = await startPageServer();
      w.svc = await startService({ processingDelayMs: FAST_PROCESSING_MS, keepAliveMs: 500 });
      w.driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      await request(w, { type: 'settings.set', patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey } });
    }, 60_000);
    afterAll(async () => {
      await w.driver?.close();
      await w.pages?.stop();
      await w.svc?.stop();
    });

    test('the report page follows the scan through the event stream: QUEUED → PROCESSING → COMPLETED, the stream opened once, the job read only to start and for the result', () => reportFollowsTheStream(w), 60_000);
    test('without event streams the report page polls and still shows every state', () => reportPollsWithoutAStream(w), 60_000);
    test('report page without a scan (?skipped=, ?error=): the reason and what to do, "Open settings" by keyboard', () => reportWithoutAScan(w), 60_000);
    test('the badge shows the active tab\'s scan step by step (queued, processing), then the verdict, in words', () => badgeShowsProgress(w), 60_000);
    test('keyboard only: the popup\'s verdict is read out (live region, named gauge), and "Check again" works from the keyboard', () => popupByKeyboard(w), 60_000);
    test('axe: no serious or critical violation on the options, popup, report and blocked pages, light and dark', () => axeOnThePages(w), 90_000);
  });
}
