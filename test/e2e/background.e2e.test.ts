// The background engine in real Chromium against the local scanning service (docs/decisions/014-scan-engine.md, "Must
// show" → browser tests). `*.test` hosts are mapped to the loopback page server by the harness,
// so to the extension they are the open web; the service runs on 127.0.0.1 (plain http is allowed
// only to loopback, base-url.ts). The extension is configured by privileged messages from one of
// its own pages, never through the options UI (built in parallel; its labels may change).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  extensionDir,
  launchChromium,
  selectedBrowsers,
  startPageServer,
  stopServiceWorker,
  type ChromiumExtension,
  type PageServer,
  takeErrors,
} from './harness';
import {
  clearSessionStorage,
  openExtensionPage,
  requestFromExtensionPage,
  sendFromExtensionPage,
} from './harness/extension-messages';
import { openContentWorld } from './harness/content-world';
import { postsFor, submittedUrls } from '../shared/service-log';
import { waitFor } from './harness/wait-for';
import { backgroundIdle } from './harness/background-idle';
import { startService, type ScanningService } from '../service/server';
import type {
  BlockedDetailsData,
  LinkInfo,
  LinksLookupData,
  SettingsData,
  TabStatusData,
} from '../../src/shared/messaging/protocol';
import { waitForPageUrl } from './harness/url-wait';

const browsers = selectedBrowsers();

/** Service processing time for normal tests; the worker-death test raises it. */
const FAST_PROCESSING_MS = 300;

if (browsers.includes('chromium')) {
  describe('Chromium: the background engine', () => {
    let ext: ChromiumExtension;
    let pages: PageServer;
    let svc: ScanningService;
    /**
     * An extension page used only as a privileged sender. popup.html: on install the background
     * opens the first-run page by itself (main.ts onInstalled), in a tab of its own.
     */
    let control: Page;

    beforeAll(async () => {
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: FAST_PROCESSING_MS, keepAliveMs: 500 });
      ext = await launchChromium({ extensionDir: extensionDir('chromium') });
      control = await openExtensionPage(ext, 'popup.html');
      const set = await requestFromExtensionPage<{ refused: Record<string, string> }>(control, {
        type: 'settings.set',
        patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey },
      });
      expect(set.refused).toEqual({});
    });
    afterAll(async () => {
      await ext?.close();
      await pages?.stop();
      await svc?.stop();
    });

    const blockedPrefix = () => `${ext.pageUrl('blocked.html')}?t=`;
    const isBlockedPage = (u: string) => u.startsWith(blockedPrefix());

    /**
     * Starts a navigation. A navigation the extension redirects to its blocked page ends in
     * net::ERR_ABORTED for page.goto, and one its browser rules stop first (a cached block, while
     * the worker sleeps) in net::ERR_BLOCKED_BY_CLIENT before the worker puts the blocked page
     * there: both are expected outcomes, not failures (the callers wait for the blocked page).
     */
    async function visit(page: Page, url: string): Promise<void> {
      try {
        await page.goto(url, { waitUntil: 'domcontentloaded' });
      } catch (error) {
        const text = String(error);
        if (!/net::ERR_ABORTED|net::ERR_BLOCKED_BY_CLIENT|interrupted by another navigation/.test(text)) throw error;
      }
    }

    /** Waits until the tab shows the blocked page and returns its token. */
    async function blockedToken(page: Page, timeout = 15_000): Promise<string> {
      await waitForPageUrl(page, (u) => isBlockedPage(u.href), timeout);
      const token = new URL(page.url()).searchParams.get('t');
      expect(token).toBeTruthy();
      return token!;
    }

    /** What the cache knows about a URL (links.lookup never sends anything to the service). */
    async function known(url: string): Promise<LinkInfo | undefined> {
      const data = await requestFromExtensionPage<LinksLookupData>(control, { type: 'links.lookup', urls: [url] });
      return data[url];
    }

    const hasVerdict = (url: string) =>
      waitFor(
        `a cached verdict for ${url}`,
        () => known(url),
        (i) => i?.status === 'verdict',
      );

    async function tabIdShowing(url: string): Promise<number> {
      const tabs = await control.evaluate(async () => {
        const c = (
          globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } } }
        ).chrome;
        return c.tabs.query({});
      });
      const tab = tabs.find((t) => t.url === url);
      if (tab?.id === undefined) throw new Error(`No tab shows ${url}: ${JSON.stringify(tabs)}`);
      return tab.id;
    }

    /**
     * Errors collected since the previous call (each test asserts its own). Nothing is filtered:
     * the harness reports console errors and uncaught errors only, and a redirect to the blocked
     * page surfaces as page.goto's ERR_ABORTED (handled in visit), not as a collected error.
     */

    test('navigating to a phishing URL lands on the blocked page', async () => {
      const url = pages.url('phish-bank.test', '/login');
      const tab = await ext.context.newPage();
      await visit(tab, url);
      const token = await blockedToken(tab);

      const details = await requestFromExtensionPage<BlockedDetailsData>(control, { type: 'blocked.details', token });
      expect(details).toMatchObject({ url, riskScore: 88, band: 'malicious', pending: false, canProceed: true });
      expect(details.categories).toContain('phishing');
      expect(postsFor(svc.log, url)).toBe(1);
      await tab.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('revisiting a safe URL within its TTL sends no second POST', async () => {
      const url = pages.url('safe-shop.test', '/');
      const tab = await ext.context.newPage();
      await visit(tab, url);
      expect(await tab.textContent('h1')).toBe('safe-shop.test');
      const info = await hasVerdict(url);
      expect(info).toMatchObject({ status: 'verdict', riskScore: 5, band: 'safe', action: 'allow' });
      expect(postsFor(svc.log, url)).toBe(1);

      await visit(tab, pages.url('other-page.test', '/'));
      await visit(tab, url); // the revisit, well within the default 24 h safe TTL
      expect(tab.url()).toBe(url);
      // A sentinel navigation that IS sent: once its POST arrived, the revisit (earlier) was handled.
      const sentinel = pages.url('sentinel-after-revisit.test', '/');
      await visit(tab, sentinel);
      await waitFor(
        'the sentinel POST',
        () => postsFor(svc.log, sentinel),
        (n) => n === 1,
      );
      expect(postsFor(svc.log, url)).toBe(1);
      await tab.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('a forged privileged message from a content-script context is refused', async () => {
      const tab = await ext.context.newPage();
      await visit(tab, pages.url('forge-page.test', '/'));
      const world = await openContentWorld(tab, ext.extensionId);
      const before = await requestFromExtensionPage<SettingsData>(control, { type: 'settings.get' });
      const forbidden = { ok: false, error: { code: 'forbidden_sender' } };

      expect(await world.sendMessage({ type: 'settings.get' })).toMatchObject(forbidden);
      expect(await world.sendMessage({ type: 'keys.list' })).toMatchObject(forbidden);
      expect(await world.sendMessage({ type: 'allowlist.add', host: 'evil.test' })).toMatchObject(forbidden);
      expect(
        await world.sendMessage({
          type: 'settings.set',
          patch: { serviceUrl: 'https://evil.test', scanNavigations: false },
        }),
      ).toMatchObject(forbidden);

      const after = await requestFromExtensionPage<SettingsData>(control, { type: 'settings.get' });
      expect(after).toEqual(before);
      expect(after.settings.allowlist).not.toContain('evil.test');
      expect(after.settings.serviceUrl).toBe(svc.baseUrl);

      // The content tier IS accepted: a hover is checked (and sent, as a batch of one). The
      // reply says only the step of the scan this hover started (docs/decisions/017-surfaces.md),
      // nothing about its verdict until there is a warning (docs/decisions/001-content-tier.md: nothing about checked/safe).
      const hovered = pages.url('hovered-link.test', '/offer');
      const hover = await world.sendMessage({ type: 'link.hover', url: hovered });
      expect(hover).toEqual({ ok: true, data: { status: 'pending', progress: 'submitting' } });
      await waitFor(
        'the hovered link POST',
        () => postsFor(svc.log, hovered),
        (n) => n === 1,
      );

      // The API key is nowhere the content-script world can read.
      const key = svc.demoKey;
      const readable = {
        local: await world.evaluate('chrome.storage.local.get(null)'),
        session: await world.evaluate('chrome.storage.session ? chrome.storage.session.get(null) : null'),
        sync: await world.evaluate('chrome.storage.sync.get(null)'),
        config: await world.sendMessage({ type: 'config.get' }),
        hover: hover,
      };
      for (const [where, value] of Object.entries(readable)) {
        expect(JSON.stringify(value) ?? '', `the key must not be readable via ${where}`).not.toContain(key);
      }
      // Chromium restricts storage.local to trusted contexts (main.ts setAccessLevel): a refusal.
      expect(readable.local).toMatchObject({ thrown: expect.stringMatching(/not allowed|access/i) });

      await world.close();
      await tab.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('a content script gets its config (and nothing else of the settings) from config.get', async () => {
      // protocol.ts lists config.get in the content tier: reply data is ContentConfig only.
      const tab = await ext.context.newPage();
      await visit(tab, pages.url('config-page.test', '/'));
      const world = await openContentWorld(tab, ext.extensionId);
      const reply = await world.sendMessage({ type: 'config.get' });
      await world.close();
      await tab.close();
      const errors = takeErrors(ext);
      expect(reply, 'config.get from a content script must be answered, not refused').toEqual({
        ok: true,
        data: { hoverDelayMs: 300, scanHovers: true }, // the defaults (settings.ts)
      });
      expect(errors).toEqual([]);
    });

    test('"proceed anyway" works for the host and ends when the browser restarts', async () => {
      const url = pages.url('phish-proceed.test', '/login');
      const tab = await ext.context.newPage();
      await visit(tab, url);
      const token = await blockedToken(tab);
      const details = await requestFromExtensionPage<BlockedDetailsData>(tab, { type: 'blocked.details', token });
      // The stated lifetime: 'session' = this host, until the browser restarts.
      expect(details).toMatchObject({ url, riskScore: 88, canProceed: true, exceptionLifetime: 'session' });

      // Sent from the blocked page itself, as its "Proceed anyway" button does.
      const proceed = await sendFromExtensionPage<{ url: string }>(tab, { type: 'blocked.proceed', token });
      expect(proceed).toEqual({ ok: true, data: { url } });

      await visit(tab, url);
      expect(await tab.textContent('h1')).toBe('phish-proceed.test');
      // Another page of the same host is scanned (verdict 88) and still allowed: the exception is
      // for the host, not only the one-shot pass for this URL.
      const other = pages.url('phish-proceed.test', '/account');
      await visit(tab, other);
      await hasVerdict(other);
      expect(postsFor(svc.log, other)).toBe(1);
      await backgroundIdle(control); // a (wrong) redirect after the verdict would be the background's
      expect(tab.url()).toBe(other);
      expect(await tab.textContent('h1')).toBe('phish-proceed.test');

      // The exception lives in storage.session, which Chromium keeps in memory and empties when
      // the browser restarts; the restart also ends the worker, and with it the copy the worker
      // keeps (exceptions.ts). Emptying the one and stopping the other is what a restart does.
      await clearSessionStorage(control);
      await stopServiceWorker(ext.context, ext.extensionId);
      await visit(tab, url);
      const again = await blockedToken(tab);
      expect(again).not.toBe(token);
      const second = await requestFromExtensionPage<BlockedDetailsData>(control, {
        type: 'blocked.details',
        token: again,
      });
      expect(second).toMatchObject({ url, riskScore: 88 });
      expect(postsFor(svc.log, url)).toBe(1); // blocked from the cache, not rescanned
      await tab.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('the verdict still arrives after the worker is stopped mid-scan', async () => {
      svc.setProcessingDelay(3000);
      try {
        const url = pages.url('phish-resume.test', '/login');
        const tab = await ext.context.newPage();
        void visit(tab, url);
        await waitFor(
          'the POST of the scan',
          () => postsFor(svc.log, url),
          (n) => n >= 1,
          15_000,
          20,
        );
        await stopServiceWorker(ext.context, ext.extensionId);
        const stoppedAt = Date.now();

        // The resume alarm fires every 30 s; any event (the page's content script, a navigation)
        // may wake the worker sooner. Either way the pending job is resumed from storage.
        await blockedToken(tab, 45_000);
        const elapsedMs = Date.now() - stoppedAt;
        expect(elapsedMs).toBeLessThan(45_000);

        const token = new URL(tab.url()).searchParams.get('t')!;
        const details = await requestFromExtensionPage<BlockedDetailsData>(control, { type: 'blocked.details', token });
        expect(details).toMatchObject({ url, riskScore: 88 });
        expect(details.categories).toContain('phishing');
        // A repeated POST (same Idempotency-Key) may be replayed; the service scanned once.
        expect(svc.scans().filter((s) => s.url === url)).toHaveLength(1);
        await tab.close();
        expect(takeErrors(ext)).toEqual([]);
      } finally {
        svc.setProcessingDelay(FAST_PROCESSING_MS);
      }
    });

    test('no loopback host is ever sent to the service', async () => {
      const tab = await ext.context.newPage();
      for (const host of ['127.0.0.1', 'localhost']) {
        const url = pages.url(host, '/');
        await visit(tab, url);
        expect(await tab.textContent('h1')).toBe(host);
        const status = await requestFromExtensionPage<TabStatusData>(control, {
          type: 'tab.status',
          tabId: await tabIdShowing(url),
        });
        expect(status.status).toEqual({ kind: 'skipped', reason: 'loopback' });
      }
      // A public-looking navigation afterwards IS sent: the pipeline was live the whole time.
      const sentinel = pages.url('sentinel-after-private.test', '/');
      await visit(tab, sentinel);
      await waitFor(
        'the sentinel POST',
        () => postsFor(svc.log, sentinel),
        (n) => n === 1,
      );

      const hosts = submittedUrls(svc.log).map((u) => new URL(u).hostname);
      expect(hosts).not.toContain('127.0.0.1');
      expect(hosts).not.toContain('localhost');
      expect(hosts.every((h) => h.endsWith('.test'))).toBe(true);
      await tab.close();
      expect(takeErrors(ext)).toEqual([]);
    });
  });
}
