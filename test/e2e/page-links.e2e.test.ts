// "Check all links on this page" (popup), in Chromium and Firefox, on a page nobody has touched
// yet and on the same page once the person is on it. The content script starts only when the
// person first comes to the page (src/content/visit.ts, docs/decisions/009-bundle-weight.md §2 / 16), so the background
// reads the page itself (src/background/surfaces/collect-in-page.ts, scripting.executeScript), started
// or not. What the scanning service received is asserted: the count sends nothing, the check
// sends exactly the counted links, and a second count knows them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import type { JourneyDriver } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { submittedUrls } from '../shared/service-log';
import { demoLinks } from './harness/test-pages';
import { waitFor } from './harness/wait-for';
import { startService, type ScanningService } from '../service/server';
import type { PageScanPreviewData, PageScanProgressData } from '../../src/shared/messaging/protocol';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };

for (const kind of selectedBrowsers()) {
  const label = kind === 'firefox' ? 'Firefox' : 'Chromium';

  describe(`${label}: check all links on a page`, () => {
    let driver: JourneyDriver;
    let pages: PageServer;
    let svc: ScanningService;

    beforeAll(async () => {
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: 200 });
      driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      const set = await driver.sendExtensionMessage({
        type: 'settings.set',
        patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey },
      });
      expect(set.ok).toBe(true);
    }, 90_000);
    afterAll(async () => {
      await driver?.close();
      await svc?.stop();
      await pages?.stop();
    });

    test('an untouched page is counted and checked (the background reads it), and again once the person is on it', async () => {
      const links = demoLinks(pages.port);
      const hosts = links.map((l) => new URL(l.url).hostname).sort();
      const page = await driver.openWebPage(pages.url('demo-untouched.test', '/demo'));
      const tabId = await driver.tabIdOf(page);
      // The page's own navigation is checked too (demo-untouched.test): only the links count here.
      const posts = () => submittedUrls(svc.log).filter((u) => hosts.includes(new URL(u).hostname));
      expect(posts()).toEqual([]);

      // Nobody has moved the pointer onto this tab or pressed a key in it.
      const preview = await driver.sendExtensionMessage<PageScanPreviewData>({ type: 'scan.pagePreview', tabId });
      expect(preview).toEqual({ ok: true, data: { total: links.length, toSend: links.length, known: 0, skipped: 0 } });
      expect(posts(), 'the count sends nothing').toEqual([]);

      const started = await driver.sendExtensionMessage<PageScanProgressData>({ type: 'scan.pageLinks', tabId });
      expect(started).toMatchObject({ ok: true, data: { total: links.length } });
      const done = await waitFor(
        'the page check to finish',
        async () => {
          const r = await driver.sendExtensionMessage<PageScanProgressData>({ type: 'scan.progress', tabId });
          return r.ok ? r.data : null;
        },
        (d) => d !== null && !d.running && d.done === links.length,
        30_000,
        250,
      );
      expect(done!.flagged, 'at least the phishing and the malware link are flagged').toBeGreaterThanOrEqual(2);
      expect(
        posts()
          .map((u) => new URL(u).hostname)
          .sort(),
        'exactly the counted links were sent',
      ).toEqual(hosts);

      // The person arrives (the content script starts and looks its links up): the same links,
      // all known now, nothing more sent.
      await page.hover('#demo-links');
      const again = await driver.sendExtensionMessage<PageScanPreviewData>({ type: 'scan.pagePreview', tabId });
      expect(again).toEqual({ ok: true, data: { total: links.length, toSend: 0, known: links.length, skipped: 0 } });
      expect(posts()).toHaveLength(links.length);
      await page.close();
      expect(await driver.takeErrors()).toEqual([]);
    });
  });
}
