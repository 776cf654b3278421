// The options page's Connection section in real Chromium against the local scanning service
// (docs/decisions/017-surfaces.md → "configure through the options page by its labels, Test connection
// outcomes"): Service URL and API key are filled by their labels, saved, and tested; each outcome
// (connected with the balance, key rejected, key lacks SCAN_WRITE, unreachable, not HTTPS) shows
// its sentence. pages-options-account.e2e.test.ts covers keys, credits and account settings.
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
import { requestFromExtensionPage } from './harness/extension-messages';
import { openOptionsPage, optionsSection, reloadOptionsPage, runTestConnection } from './harness/options-page';
import { everythingInPage } from './harness/page-safety';
import { startService, type ScanningService } from '../service/server';
import type { SettingsData } from '../../src/shared/messaging/protocol';

const browsers = selectedBrowsers();

if (browsers.includes('chromium')) {
  describe('Chromium: the options page, Connection', () => {
    let ext: ChromiumExtension;
    let svc: ScanningService;
    let options: Page;
    let pages: PageServer;

    beforeAll(async () => {
      svc = await startService({ processingDelayMs: 300, keepAliveMs: 500 });
      pages = await startPageServer();
      ext = await launchChromium({ extensionDir: extensionDir('chromium') });
      options = await openOptionsPage(ext);
    });
    afterAll(async () => {
      await ext?.close();
      await pages?.stop();
      await svc?.stop();
    });

    const settingsNow = () => requestFromExtensionPage<SettingsData>(options, { type: 'settings.get' });

    test('is configured through its labels: Service URL, API key, Save, Test connection → connected with the balance', async () => {
      expect((await settingsNow()).settings.serviceUrl).toBe('');
      await options.getByLabel('Service URL', { exact: true }).fill(svc.baseUrl);
      await options.getByLabel('API key', { exact: true }).fill(svc.demoKey);
      await options.getByRole('button', { name: 'Save', exact: true }).click();
      await expect
        .poll(() => optionsSection(options, 'connection').getByRole('status').allInnerTexts())
        .toContainEqual(expect.stringContaining('Saved.'));

      const stored = await settingsNow();
      expect(stored.settings.serviceUrl).toBe(svc.baseUrl);
      expect(stored.apiKeyHint).toBeTruthy();
      // The key field is emptied after saving and the page only ever gets the masked hint.
      expect(await options.getByLabel('API key', { exact: true }).inputValue()).toBe('');
      expect(await everythingInPage(options)).not.toContain(svc.demoKey);

      // Empty key field = test the stored key.
      await options.getByRole('button', { name: 'Test connection' }).click();
      const outcome = optionsSection(options, 'connection').locator('.notice-ok', { hasText: 'Connected.' });
      await outcome.waitFor();
      const balance = svc.getCredits();
      expect(await outcome.innerText()).toContain('Connected.');
      expect(await outcome.innerText()).toContain(`Balance: ${balance.toLocaleString('en-US')} credits.`);
      expect(takeErrors(ext)).toEqual([]);
    });

    test('Test connection: a wrong key is "rejected"', async () => {
      await reloadOptionsPage(options);
      const text = await runTestConnection(options, svc.baseUrl, 'llk_this_key_does_not_exist_000000');
      expect(text).toContain('The service rejected this API key.');
      // The 401 is an answer the background handles: no console error, no uncaught error.
      expect(takeErrors(ext)).toEqual([]);
    });

    test('Test connection: a key without SCAN_WRITE "lacks the SCAN_WRITE scope"', async () => {
      await reloadOptionsPage(options);
      const text = await runTestConnection(options, svc.baseUrl, svc.readOnlyKey);
      expect(text).toContain('This API key lacks the SCAN_WRITE scope, so it cannot check links.');
      expect(takeErrors(ext)).toEqual([]);
    });

    test('Test connection: a closed port is "unreachable"', async () => {
      await reloadOptionsPage(options);
      const text = await runTestConnection(options, 'http://127.0.0.1:1', svc.demoKey);
      expect(text).toContain('The service is unreachable.');
      // The refused connection is handled as an outcome: nothing reaches any console.
      expect(takeErrors(ext)).toEqual([]);
    });

    test('Test connection: plain http to a public host is "not HTTPS", and nothing is sent there', async () => {
      await reloadOptionsPage(options);
      expect(await runTestConnection(options, 'http://scanner.example.com', svc.demoKey)).toContain(
        'The Service URL must use HTTPS',
      );
      // A plain-http host the browser maps to the page server, which logs every request: the
      // key must not travel in clear text, so not even one request may arrive there.
      const plain = pages.url('plain-scanner.test', '/');
      await reloadOptionsPage(options);
      expect(await runTestConnection(options, plain, svc.demoKey)).toContain('The Service URL must use HTTPS');
      expect(pages.requests.filter((r) => r.host === 'plain-scanner.test')).toEqual([]);
      // Nothing was saved by testing: the stored URL is still the local service.
      expect((await settingsNow()).settings.serviceUrl).toBe(svc.baseUrl);
      expect(takeErrors(ext)).toEqual([]);
    });
  });
}
