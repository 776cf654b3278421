// The first page after the browser starts, with the service set by the organization's policy
// (src/background/protection/startup-holds.ts, the startup rule of src/shared/policy/net-rules.ts): a
// phishing link that starts the browser (as a mail client opens one) reaches neither its server
// before the verdict, strict mode or not, and ends on the blocked page, checked once.
//
// | browser start                     | strict mode | the phishing page            | its server | the service        |
// | --------------------------------- | ----------- | ---------------------------- | ---------- | ------------------ |
// | restart with the link (Chromium)  | off         | blocked page (its verdict)   | 0 requests | scanned once       |
// | restart with the link (Chromium)  | on, block   | blocked page (its verdict)   | 0 requests | scanned once       |
//
// Chromium only: a browser restart keeps the profile, the extension and its rules; the Firefox
// harness installs the add-on temporarily (no signing here), and a temporary add-on is gone when
// Firefox restarts, so the same journey cannot run there. The unit suite covers the hold in both
// builds' code (test/unit/background/startup-hold.test.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import { launchChromium } from './harness/chromium';
import { installExtensionPolicy, policyInstallBlocker } from './harness/chromium-policy';
import { DEV_EXTENSION_ID } from './harness/browser-policy';
import { openExtensionPage, requestFromExtensionPage } from './harness/extension-messages';
import { waitFor } from './harness/wait-for';
import { startService, type ScanningService } from '../service/server';
import type { BlockedDetailsData, SettingsData } from '../../src/shared/messaging/protocol';
import { STARTUP_HOLD_PRIORITY } from '../../src/shared/policy/net-rules';

const blocker = selectedBrowsers().includes('chromium') ? policyInstallBlocker() : 'Chromium not selected';
if (blocker) console.warn(`startup-hold.e2e: SKIPPING: ${blocker}`);

describe.skipIf(blocker !== null)(`Chromium: the first page after a restart, with the service set by policy${blocker ? ` [SKIPPED: ${blocker}]` : ''}`, () => {
  let pages: PageServer;
  let svc: ScanningService;
  const apiKey = `llk_startup_${Math.random().toString(36).slice(2)}`;

  beforeAll(async () => {
    pages = await startPageServer();
    svc = await startService({ demoKey: apiKey, processingDelayMs: 300, keepAliveMs: 500, initialCredits: 100_000 });
  });
  afterAll(async () => {
    await pages?.stop();
    await svc?.stop();
  });

  for (const strict of [false, true]) {
    test(`strict mode ${strict ? 'on' : 'off'}: a phishing start page is checked and blocked once the browser has started`, async () => {
      const policy = installExtensionPolicy(DEV_EXTENSION_ID, { serviceUrl: svc.baseUrl, apiKey, strictMode: strict, strictFailMode: 'block' }, 'linklens-startup-test.json');
      const profile = await mkdtemp(join(tmpdir(), 'linklens-restart-'));
      try {
        // A first run: Linklens reads the policy, keeps it, and puts the browser's startup rule in place.
        const first = await launchChromium({ extensionDir: extensionDir('chromium'), userDataDir: profile });
        const control = await openExtensionPage(first, 'popup.html');
        await waitFor('the policy read', () => requestFromExtensionPage<SettingsData>(control, { type: 'settings.get' }), (d) => d.settings.serviceUrl === svc.baseUrl, 30_000);
        type Rule = { priority: number; action: { type: string } };
        const dynamicRules = () => first.worker.evaluate(() => (globalThis as unknown as { chrome: { declarativeNetRequest: { getDynamicRules(): Promise<Rule[]> } } }).chrome.declarativeNetRequest.getDynamicRules());
        await waitFor('the startup rule', dynamicRules, (r) => r.some((x) => x.priority === STARTUP_HOLD_PRIORITY && x.action.type === 'block'), 20_000);
        await first.close();

        // The browser starts again, with the link.
        const host = `phish-first-${strict ? 'strict' : 'plain'}.test`;
        const url = pages.url(host, '/login');
        const second = await launchChromium({ extensionDir: extensionDir('chromium'), userDataDir: profile, startUrls: [url] });
        try {
          const tab = () => second.context.pages().find((p) => p.url().includes('/blocked.html?t=') || p.url() === url);
          const landed = await waitFor('the link on the blocked page', () => tab()?.url() ?? '', (u) => u.includes('/blocked.html?t='), 40_000);
          const control2 = await openExtensionPage(second, 'popup.html');
          const token = new URL(landed).searchParams.get('t');
          const details = await waitFor('its verdict', () => requestFromExtensionPage<BlockedDetailsData>(control2, { type: 'blocked.details', token }), (d) => !d.pending, 40_000);
          expect(details.reason).toBe('band:malicious');
          expect(pages.requestsTo(host).filter((r) => r.path !== '/favicon.ico').length).toBeLessThanOrEqual(1);
          expect(svc.log.filter((e) => e.method === 'POST' && JSON.stringify(e.body ?? '').includes(host))).toHaveLength(1);
        } finally {
          await second.close();
        }
      } finally {
        policy.remove();
        await rm(profile, { recursive: true, force: true, maxRetries: 3 });
      }
    }, 150_000);
  }
});
