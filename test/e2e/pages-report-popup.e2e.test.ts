// The report page and the popup in real Chromium against the local scanning service (docs/decisions/017-surfaces.md,
// "Must show" → "report page live progress", popup verdict view, axe, screenshots). A scan is
// started the way the context menu starts one (`scan.url`, reason 'menu'); the service is slowed
// and reports an intermediate PROCESSING state so the page's live progress can be watched.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  extensionDir,
  launchChromium,
  selectedBrowsers,
  startPageServer,
  type ChromiumExtension,
  type PageServer,
  takeErrors,
} from './harness';
import { describeViolations, runAxeInThemes, seriousOrWorse } from './harness/axe';
import { openExtensionPage, requestFromExtensionPage } from './harness/extension-messages';
import { tabIdOf, visit } from './harness/navigate';
import { imagesSettled, markupHazards, watchDialogs, type DialogWatch } from './harness/page-safety';
import { openPopupFor } from './harness/popup-for-tab';
import { bodyColours, SCREENSHOT_DIR, screenshotThemes } from './harness/screenshots';
import { waitFor } from './harness/wait-for';
import { startService, verdictFor, XSS_PAYLOAD, type ScanningService } from '../service/server';
import type { TabStatusData } from '../../src/shared/messaging/protocol';
import type { UrlStatus } from '../../src/shared/verdict';

const browsers = selectedBrowsers();

const FAST_PROCESSING_MS = 300;
/**
 * Long enough that the page (polling every second) sees each state: with one intermediate state
 * the service reports QUEUED for the first half and PROCESSING for the second.
 */
const SLOW_PROCESSING_MS = 3000;

if (browsers.includes('chromium')) {
  describe('Chromium: the report page and the popup', () => {
    let ext: ChromiumExtension;
    let pages: PageServer;
    let svc: ScanningService;
    let control: Page;
    let dialogs: DialogWatch;

    beforeAll(async () => {
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: FAST_PROCESSING_MS, keepAliveMs: 500 });
      ext = await launchChromium({ extensionDir: extensionDir('chromium') });
      dialogs = watchDialogs(ext.context);
      control = await openExtensionPage(ext, 'popup.html');
      const set = await requestFromExtensionPage<{ refused?: Record<string, string> }>(control, {
        type: 'settings.set',
        patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey },
      });
      expect(set.refused ?? {}).toEqual({});
    });
    afterAll(async () => {
      await ext?.close();
      await pages?.stop();
      await svc?.stop();
    });

    /** Starts a check as the context menu does, and returns the service's scan id. */
    async function scanFromMenu(url: string): Promise<string> {
      const status = await requestFromExtensionPage<UrlStatus>(control, { type: 'scan.url', url, reason: 'menu' });
      expect(['checking', 'verdict']).toContain(status.kind);
      const scan = await waitFor(
        `the scan of ${url} at the service`,
        () => svc.scans().find((s) => s.url === url),
        Boolean,
      );
      return scan!.id;
    }

    async function openReport(scanId: string): Promise<Page> {
      const page = await ext.context.newPage();
      await page.goto(ext.pageUrl(`report.html?id=${encodeURIComponent(scanId)}`), { waitUntil: 'domcontentloaded' });
      return page;
    }

    const stateOf = (page: Page) =>
      page.evaluate(() => document.querySelector('[role=status] strong')?.textContent ?? null);
    const reportDone = (page: Page) => page.locator('#analytics-title').waitFor({ timeout: 20_000 });

    /** A tab showing `url`, with the background's verdict for it known. */
    async function siteWithVerdict(url: string): Promise<Page> {
      const site = await ext.context.newPage();
      await visit(site, url);
      const tabId = await tabIdOf(control, site);
      await waitFor(
        `a verdict for ${url}`,
        () => requestFromExtensionPage<TabStatusData>(control, { type: 'tab.status', tabId }),
        (d) => d.status.kind === 'verdict',
      );
      return site;
    }

    test('the report page follows a menu scan live: QUEUED → PROCESSING → COMPLETED, then the result and the analytics', async () => {
      svc.setProcessingDelay(SLOW_PROCESSING_MS);
      svc.setFaults({ intermediateStates: ['PROCESSING'] });
      let report: Page;
      const url = pages.url('free-prize-scam.test', '/claim');
      try {
        const id = await scanFromMenu(url);
        report = await openReport(id);
        // Watch the state the page shows, as a person would, until it is terminal.
        const shown: string[] = [];
        await waitFor(
          'the report page to reach COMPLETED',
          async () => {
            const state = await stateOf(report);
            if (state && shown[shown.length - 1] !== state) shown.push(state);
            return state;
          },
          (s) => s === 'COMPLETED',
          20_000,
          50,
        );
        expect(shown).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
        expect(await report.locator('ol.timeline li').allInnerTexts()).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
        expect(await report.locator('dd code').innerText()).toBe(id);
      } finally {
        svc.resetFaults();
        svc.setProcessingDelay(FAST_PROCESSING_MS);
      }

      // The full result.
      const expected = verdictFor(url);
      if (expected.outcome !== 'COMPLETED') throw new Error(`the rule table changed: ${url} is ${expected.outcome}`);
      expect(await report.locator('h1').innerText()).toBe('Scan report');
      expect(await report.locator('#scan-title').innerText()).toBe(url);
      expect(await report.locator('.gauge').getAttribute('aria-label')).toBe('Risk score 70 of 100: High risk');
      expect(await report.locator('.chips li').allInnerTexts()).toEqual(['Scam']);
      const text = await report.locator('main').innerText();
      expect(text).toContain('Confidence\n80%');
      expect(await report.locator('.reasoning').innerText()).toBe(expected.result.reasoning);
      expect(await report.locator('.indicators li').allInnerTexts()).toEqual([
        'Suspicious word in the address: “scam” (medium concern)',
      ]);
      expect(text).not.toContain('(updating live)');

      // The analytics endpoint's data as a readable key/value view.
      await reportDone(report);
      const analytics = report.locator('section[aria-labelledby=analytics-title]');
      await analytics.locator('dl.kv').first().waitFor();
      const rows = await analytics.evaluate((el) =>
        Object.fromEntries(
          [...el.querySelectorAll(':scope > dl > .kv-row')].map((row) => [
            row.querySelector('dt')?.textContent,
            row.querySelector('dd')?.textContent,
          ]),
        ),
      );
      expect(rows).toMatchObject({ url, state: 'COMPLETED', engine: 'local-rules-1', creditsSpent: '1' });
      expect(Number(rows.processingMs)).toBeGreaterThanOrEqual(SLOW_PROCESSING_MS - 50);
      expect(rows.checks).toContain('matchedRule');
      expect(rows.checks).toContain('scam');
      await screenshotThemes(report, 'report');
      console.log(`screenshots in ${SCREENSHOT_DIR}: report-light.png, report-dark.png`);
      expect(await bodyColours(report, 'dark')).not.toEqual(await bodyColours(report, 'light'));
      await report.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('the popup shows the verdict of the checked page in its tab', async () => {
      const url = pages.url('free-prize-scam.test', '/popup');
      const site = await siteWithVerdict(url);
      const popup = await openPopupFor(ext, site);
      await popup.locator('.verdict').waitFor();

      expect(await popup.locator('.status .url').innerText()).toBe(url);
      // Score 70: at or above the warn threshold (51), below block (76).
      expect(await popup.locator('.decision').innerText()).toBe('Warning: this page may be dangerous.');
      expect(await popup.locator('.gauge').getAttribute('aria-label')).toBe('Risk score 70 of 100: High risk');
      expect(await popup.locator('.status .chips li').allInnerTexts()).toEqual(['Scam']);
      const status = await popup.locator('.status').innerText();
      expect(status).toContain('Confidence\n80%');
      expect(await popup.locator('.status .reasoning').innerText()).toMatch(/^Rule "scam"/);
      // A page Linklens warns about: Check again and Report a mistake first; trusting it, the
      // page's links and the recent scans (this one included) behind "More actions".
      const first = popup.getByRole('region', { name: 'Actions' });
      for (const name of ['Check again', 'Report a mistake'])
        expect(await first.getByRole('button', { name }).count(), name).toBe(1);
      expect(await popup.getByRole('button', { name: 'Trust free-prize-scam.test' }).count()).toBe(0);
      await popup.getByRole('button', { name: 'More actions' }).click();
      for (const name of ['Trust free-prize-scam.test', 'Check all links on this page']) {
        expect(await popup.getByRole('button', { name }).count(), name).toBe(1);
      }
      await popup.locator('.scan-list a', { hasText: url }).first().waitFor();
      await screenshotThemes(popup, 'popup');
      console.log(`screenshots in ${SCREENSHOT_DIR}: popup-light.png, popup-dark.png`);
      expect(await bodyColours(popup, 'dark')).not.toEqual(await bodyColours(popup, 'light'));
      await popup.close();
      await site.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('service text is shown as text on the report page and in the popup: no dialog, no element from it', async () => {
      // Report page, for a menu scan of an xss host.
      const reportUrl = pages.url('xss-report.test', '/');
      const report = await openReport(await scanFromMenu(reportUrl));
      await reportDone(report);
      expect(await report.locator('.chips li').allInnerTexts()).toEqual(['Suspicious', XSS_PAYLOAD]);
      expect(await report.locator('.reasoning').innerText()).toBe(
        `${XSS_PAYLOAD}<script>alert("reasoning")</script> must be shown as text.`,
      );
      expect((await report.locator('.indicators li').allInnerTexts()).join('\n')).toContain(`<b>${XSS_PAYLOAD}</b>`);

      // Popup, over a tab showing an xss host.
      const site = await siteWithVerdict(pages.url('xss-demo.test', '/'));
      const popup = await openPopupFor(ext, site);
      await popup.locator('.verdict').waitFor();
      expect(await popup.locator('.status .chips li').allInnerTexts()).toEqual(['Suspicious', XSS_PAYLOAD]);
      expect(await popup.locator('.status .reasoning').innerText()).toContain(`${XSS_PAYLOAD}<script>`);

      await imagesSettled(popup);
      for (const page of [report, popup]) {
        expect(await markupHazards(page), page.url()).toEqual({ images: 0, inlineHandlers: [], inlineScripts: 0 });
      }
      expect(dialogs.dialogs).toEqual([]);
      await screenshotThemes(report, 'report-xss');
      await screenshotThemes(popup, 'popup-xss');
      for (const page of [report, popup, site]) await page.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('axe finds no serious or critical violation on the popup and the report page (light and dark)', async () => {
      const safe = await siteWithVerdict(pages.url('safe-axe.test', '/'));
      const popup = await openPopupFor(ext, safe);
      await popup.locator('.verdict').waitFor();
      // With "More actions" open, so its group is checked too.
      await popup.getByRole('button', { name: 'More actions' }).click();
      await popup.locator('.scan-list a').first().waitFor();
      const popupViolations = await runAxeInThemes(popup);
      console.log(describeViolations('popup', popupViolations));

      const report = await openReport(await scanFromMenu(pages.url('malware-axe.test', '/setup.exe')));
      await reportDone(report);
      await report.locator('section[aria-labelledby=analytics-title] dl.kv').first().waitFor();
      const reportViolations = await runAxeInThemes(report);
      console.log(describeViolations('report', reportViolations));

      expect(seriousOrWorse(popupViolations)).toEqual([]);
      expect(seriousOrWorse(reportViolations)).toEqual([]);
      for (const page of [popup, report, safe]) await page.close();
      expect(takeErrors(ext)).toEqual([]);
    });
  });
}
