// The main journeys, written once and run in every selected browser (docs/decisions/018-tests.md, "Firefox, for
// real": "One journey definition, two browsers — not two copies of each test"). Each journey is a
// function of a JourneyWorld (driver + local scanning service + loopback page server); the
// driver (harness/driver.ts) hides whether Playwright drives Chromium over CDP or puppeteer-core
// drives Firefox over WebDriver BiDi. `LINKLENS_E2E_BROWSERS=firefox` runs one browser only.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoLinks, extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import type { JourneyDriver, JourneyPage } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { countPixels, OVERLAY_COLOURS } from './harness/pixels';
import { SCREENSHOT_DIR } from './harness/screenshots';
import { postsFor } from '../shared/service-log';
import { waitFor } from './harness/wait-for';
import { request } from './harness/world';
import { isBlockedPage } from './harness/blocked-page';
import { startService, type ScanningService } from '../service/server';
import type {
  BlockedDetailsData,
  LinksLookupData,
  SettingsData,
  TabStatusData,
} from '../../src/shared/messaging/protocol';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };
const FAST_PROCESSING_MS = 300;
/** Longer than it takes the background to be suspended (Firefox: its 4 s idle timeout), so it dies mid-scan. */
const SLOW_PROCESSING_MS = 10_000;
/** The background's resume alarm fires every 30 s (src/background/main.ts JOBS_ALARM). */
const RESUME_WITHIN_MS = 45_000;

interface JourneyWorld {
  driver: JourneyDriver;
  svc: ScanningService;
  pages: PageServer;
}

/**
 * Journeys after the first need a configured extension. The first journey configures it through
 * the options page; if that journey failed, this does it by message, so each later journey still
 * tests its own step (and fails for its own reason only).
 */
async function ensureConfigured(w: JourneyWorld): Promise<void> {
  const { settings } = await request<SettingsData>(w, { type: 'settings.get' });
  if (settings.serviceUrl === w.svc.baseUrl) return;
  await request(w, { type: 'settings.set', patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey } });
}

async function landOnBlockedPage(w: JourneyWorld, tab: JourneyPage, timeoutMs: number): Promise<BlockedDetailsData> {
  const landed = await waitFor(
    'the tab to land on blocked.html',
    () => tab.currentUrl(),
    (u) => isBlockedPage(w, u),
    timeoutMs,
  );
  const token = new URL(landed).searchParams.get('t');
  expect(token).toBeTruthy();
  return request<BlockedDetailsData>(w, { type: 'blocked.details', token });
}

function saveScreenshot(w: JourneyWorld, name: string, png: Buffer): void {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(join(SCREENSHOT_DIR, `journey-${name}-${w.driver.kind}.png`), png);
}

async function configureThroughOptions(w: JourneyWorld): Promise<void> {
  expect((await request<SettingsData>(w, { type: 'settings.get' })).settings.serviceUrl).toBe('');
  const options = await w.driver.openExtensionPage('options.html');
  const notices = () =>
    options.evaluate(() =>
      [...document.querySelectorAll('section#connection [role=status], section#connection [role=alert]')].map(
        (n) => n.textContent ?? '',
      ),
    );
  await options.fillByLabel('Service URL', w.svc.baseUrl);
  await options.fillByLabel('API key', w.svc.demoKey);
  await options.click('button', 'Save');
  await waitFor('"Saved."', notices, (texts) => texts.some((t) => t.includes('Saved.')));
  await options.click('button', 'Test connection');
  const texts = await waitFor(
    '"Connected."',
    notices,
    (t) => t.some((s) => s.includes('Connected.') || s.includes('✕')),
    30_000,
  );
  expect(texts.join('\n')).toContain(`Connected. Balance: ${w.svc.getCredits().toLocaleString('en-US')} credits.`);

  const stored = await request<SettingsData>(w, { type: 'settings.get' });
  expect(stored.settings.serviceUrl).toBe(w.svc.baseUrl);
  expect(stored.apiKeyHint).toBeTruthy();
  // The key field is emptied after saving; the page never shows the key again.
  expect(await options.evaluate(() => document.body.textContent ?? '')).not.toContain(w.svc.demoKey);
  // The service sections follow the saved connection without a reload (docs/decisions/017-surfaces.md), and no
  // section of the settings page tells the person to open the settings.
  const balance = `Credits: ${w.svc.getCredits().toLocaleString('en-US')}`;
  const creditsText = () => options.evaluate(() => document.querySelector('section#credits')?.textContent ?? '');
  expect(
    await waitFor('the Credits section to show the balance', creditsText, (t) => t.includes(balance), 15_000),
  ).toContain(balance);
  expect((await options.evaluate(() => document.body.textContent ?? '')).toLowerCase()).not.toContain('open settings');
  await options.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function phishingNavigationBlocked(w: JourneyWorld): Promise<void> {
  await ensureConfigured(w);
  const url = w.pages.url('phish-bank.test', '/login');
  const tab = await w.driver.openWebPage(url);
  const details = await landOnBlockedPage(w, tab, 20_000);
  expect(details).toMatchObject({ url, riskScore: 88, band: 'malicious', canProceed: true });
  expect(details.categories).toContain('phishing');

  // What the person sees on the blocked page, once its details arrived.
  const shown = await waitFor(
    'the blocked page to render',
    () =>
      tab.evaluate(() => ({
        headline: document.querySelector('main.blocked h1')?.textContent ?? '',
        url: document.querySelector('.blocked-url code')?.textContent ?? '',
        gauge: document.querySelector('.gauge')?.getAttribute('aria-label') ?? '',
        goBack: [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Go back to safety'),
      })),
    (s) => s.goBack,
  );
  expect(shown).toEqual({
    headline: 'Phishing site blocked',
    url,
    gauge: 'Risk score 88 of 100: Malicious',
    goBack: true,
  });
  expect(postsFor(w.svc.log, url)).toBe(1);

  // "Report a mistake" without a report address: the service is asked again at once, and an
  // editable report carries the scan id and the address (docs/decisions/017-surfaces.md).
  await tab.click('button', 'Report a mistake');
  const reportText = await waitFor(
    'the editable report',
    () => tab.evaluate(() => (document.querySelector('textarea') as HTMLTextAreaElement | null)?.value ?? ''),
    (v) => v !== '',
  );
  expect(reportText).toContain(url);
  expect(reportText).toContain(details.scanId!);
  await waitFor(
    'the service to be asked again',
    () => Promise.resolve(postsFor(w.svc.log, url)),
    (n) => n === 2,
    15_000,
  );

  // The popup on the blocked page is about the blocked site (docs/decisions/017-surfaces.md), not "Not checked".
  const tabId = await w.driver.tabIdOf(tab);
  const popup = await w.driver.openExtensionPage(`popup.html?tabId=${tabId}`);
  const inPopup = await waitFor(
    "the popup's verdict on the blocked page",
    () =>
      popup.evaluate(() => ({
        url: document.querySelector('.status .url')?.textContent ?? '',
        gauge: document.querySelector('.status .gauge')?.getAttribute('aria-label') ?? '',
      })),
    (p) => p.gauge !== '',
  );
  expect(inPopup).toEqual({ url, gauge: 'Risk score 88 of 100: Malicious' });
  await popup.close();
  await tab.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function hoverWarningShown(w: JourneyWorld): Promise<void> {
  await ensureConfigured(w);
  const link = demoLinks(w.pages.port).find((l) => l.label === 'Malware download')!;
  const page = await w.driver.openWebPage(w.pages.url('demo.test', '/demo'), { width: 900, height: 600 });

  // Where the tooltip appears: beside, above or below the link, wherever there is room
  // (overlay/geometry.ts), so the whole viewport is watched; the demo page has none of the colour.
  const clip = { x: 0, y: 0, width: 900, height: 600 };
  const before = await countPixels(page, await page.screenshot(clip), OVERLAY_COLOURS.block);
  expect(before.matching).toBe(0);
  expect((await page.accessibleNodes()).filter((n) => n.role === 'tooltip')).toEqual([]);
  expect(postsFor(w.svc.log, link.url)).toBe(0);

  await page.hover(`a[href="${link.url}"]`);
  await waitFor(
    'the hovered link to be sent',
    () => postsFor(w.svc.log, link.url),
    (n) => n === 1,
    15_000,
  );
  const info = await waitFor(
    "the background to hold the hovered link's verdict",
    async () => (await request<LinksLookupData>(w, { type: 'links.lookup', urls: [link.url] }))[link.url],
    (i) => i?.status === 'verdict',
  );
  expect(info).toMatchObject({ status: 'verdict', action: 'block', band: 'malicious', riskScore: 95 });

  // Assistive technology is told (the closed shadow root hides it from the page, not from it):
  // the link's badge by its name, and the tooltip.
  const badge = `Linklens: Malicious link, risk score 95 of 100: ${link.label}`;
  const ax = await waitFor(
    'the badge and the tooltip in the accessibility tree',
    () => page.accessibleNodes(),
    (nodes) => nodes.some((n) => n.name === badge) && nodes.some((n) => n.role === 'tooltip'),
  );
  expect(ax.filter((n) => n.name.startsWith('Linklens:')).map((n) => n.name)).toContain(badge);
  // All of it lives in the content script's one overlay host (built with the first warning), its
  // shadow root closed to the page.
  expect(await page.evaluate(() => document.querySelectorAll('linklens-overlay').length)).toBe(1);
  expect(await page.evaluate(() => document.querySelector('linklens-overlay')?.shadowRoot === null)).toBe(true);

  // The person sees it: the tooltip, bordered in the block colour, drawn where nothing was. Its
  // 2 px border is ~2,300 pixels of that colour once faded in; the link's own marker box can add
  // at most a few hundred at the clip's top edge.
  const after = await waitFor(
    'the warning tooltip on screen',
    async () => countPixels(page, await page.screenshot(clip), OVERLAY_COLOURS.block),
    (c) => c.matching >= 1500,
    10_000,
    200,
  );
  expect(after.blank).toBeLessThan(before.blank);
  saveScreenshot(w, 'hover-warning', await page.screenshot());
  expect(postsFor(w.svc.log, link.url)).toBe(1);
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function popupShowsVerdict(w: JourneyWorld): Promise<void> {
  await ensureConfigured(w);
  const url = w.pages.url('free-prize-scam.test', '/popup');
  const site = await w.driver.openWebPage(url);
  const tabId = await w.driver.tabIdOf(site);
  await waitFor(
    `a verdict for tab ${tabId}`,
    () => request<TabStatusData>(w, { type: 'tab.status', tabId }),
    (d) => d.status.kind === 'verdict',
  );

  // The popup opened as a page for that tab (use-tab-status.ts reads ?tabId=N).
  const popup = await w.driver.openExtensionPage(`popup.html?tabId=${tabId}`);
  const shown = await waitFor(
    "the popup's verdict",
    () =>
      popup.evaluate(() => ({
        url: document.querySelector('.status .url')?.textContent ?? '',
        decision: document.querySelector('.decision')?.textContent ?? '',
        gauge: document.querySelector('.status .gauge')?.getAttribute('aria-label') ?? '',
        chips: [...document.querySelectorAll('.status .chips li')].map((li) => li.textContent ?? ''),
      })),
    (s) => s.decision !== '',
  );
  // Score 70: at or above the warn threshold (51), below block (76).
  expect(shown).toEqual({
    url,
    decision: 'Warning: this page may be dangerous.',
    gauge: 'Risk score 70 of 100: High risk',
    chips: ['Scam'],
  });
  saveScreenshot(w, 'popup', await popup.screenshot());
  // "Trust" on a site Linklens warns about is behind "More actions", asks first and says so;
  // Cancel trusts nothing.
  await popup.click('button', 'More actions');
  await popup.click('button', 'Trust free-prize-scam.test');
  const asked = await waitFor(
    'the trust question',
    () => popup.evaluate(() => document.querySelector('[role=group]')?.textContent ?? ''),
    (q) => q !== '',
  );
  expect(asked).toContain('Linklens rated this site risky (risk score 70 of 100).');
  expect(asked).toContain('Trust free-prize-scam.test? Linklens will not check it');
  await popup.click('button', 'Cancel');
  expect((await request<SettingsData>(w, { type: 'settings.get' })).settings.allowlist).not.toContain(
    'free-prize-scam.test',
  );
  await popup.close();
  await site.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function suspendedMidScanStillBlocks(w: JourneyWorld): Promise<void> {
  await ensureConfigured(w);
  w.svc.setProcessingDelay(SLOW_PROCESSING_MS);
  try {
    const url = w.pages.url('phish-resume.test', '/login');
    const tab = await w.driver.openWebPage(url); // the page loads: its verdict takes 10 s
    await waitFor(
      'the POST of the scan',
      () => postsFor(w.svc.log, url),
      (n) => n === 1,
      15_000,
      20,
    );

    const suspension = await w.driver.suspendBackground();
    console.log(`${w.driver.label}: background suspended by ${suspension.how} in ${suspension.tookMs} ms`);
    expect(suspension.state).toBe('stopped');
    // Mid-scan: the service had not finished when the background went away.
    expect(w.svc.scans().find((s) => s.url === url)?.state).not.toBe('COMPLETED');

    const stoppedAt = Date.now();
    const details = await landOnBlockedPage(w, tab, RESUME_WITHIN_MS);
    console.log(`${w.driver.label}: verdict delivered ${Date.now() - stoppedAt} ms after the suspension`);
    expect(details).toMatchObject({ url, riskScore: 88, band: 'malicious' });
    // Resumed from storage, not resubmitted: the service scanned the URL once.
    expect(w.svc.scans().filter((s) => s.url === url)).toHaveLength(1);
    await tab.close();
    expect(await w.driver.takeErrors()).toEqual([]);
  } finally {
    w.svc.setProcessingDelay(FAST_PROCESSING_MS);
  }
}

/** Options → History lists the scans made so far (this device's and the service's), searchable by host. */
async function historyListsScans(w: JourneyWorld): Promise<void> {
  await ensureConfigured(w);
  const phish = w.pages.url('phish-bank.test', '/login');
  // A scan this session made for sure (the blocked navigation journey may have failed on its own).
  await request(w, { type: 'scan.url', url: w.pages.url('history-safe.test', '/'), reason: 'popup' });
  await waitFor(
    'the service to know the scan',
    () => Promise.resolve(w.svc.scans().length),
    (n) => n > 0,
    15_000,
  );
  const options = await w.driver.openExtensionPage('options.html#history');
  const urls = () =>
    options.evaluate(() => [...document.querySelectorAll('section#history .scan-url')].map((n) => n.textContent ?? ''));
  const listed = await waitFor(
    'the history to list the scans',
    urls,
    (u) => u.some((x) => x.includes('history-safe.test')),
    15_000,
  );
  // Everything the service scanned with this key is listed (the service's list is the record).
  for (const scan of w.svc.scans()) expect(listed.some((u) => u.startsWith(new URL(scan.url).origin))).toBe(true);
  expect(await options.evaluate(() => document.querySelector('section#history')?.textContent ?? '')).toContain(
    'if the key is shared',
  );
  await options.fillByLabel('Search by host', 'history-safe');
  const filtered = await waitFor(
    'the search to filter by host',
    urls,
    (u) => u.length > 0 && u.every((x) => x.includes('history-safe.test')),
    10_000,
  );
  expect(filtered.some((u) => u.startsWith(new URL(phish).origin))).toBe(false);
  await options.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: the main journeys`, () => {
    const w = {} as JourneyWorld;

    beforeAll(async () => {
      w.pages = await startPageServer();
      w.svc = await startService({ processingDelayMs: FAST_PROCESSING_MS, keepAliveMs: 500 });
      w.driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
    });
    afterAll(async () => {
      await w.driver?.close();
      await w.pages?.stop();
      await w.svc?.stop();
    });

    test('configure through the options page: Service URL, API key, Save, Test connection → connected', () =>
      configureThroughOptions(w));
    test('a phishing navigation lands on the blocked page', () => phishingNavigationBlocked(w));
    test('hovering a malicious link shows the warning and the background scanned it', () => hoverWarningShown(w));
    test('the popup shows the verdict for its tab', () => popupShowsVerdict(w));
    test('the background suspended mid-scan still delivers the verdict: the tab is blocked', () =>
      suspendedMidScanStillBlocks(w));
    test('options → History lists the scans, searchable by host', () => historyListsScans(w));
  });
}
