// The journey driver for Chromium: Playwright over CDP, on top of launchChromium (toolchain notes
// 10 and 11). The background is an MV3 service worker, suspended with CDP
// ServiceWorker.stopWorker (note 9).
import type { Page } from 'playwright-core';
import type { Reply } from '../../../src/shared/messaging/protocol';
import { launchChromium } from './chromium';
import type { Clip, DriverOptions, JourneyDriver, JourneyPage, Suspension } from './driver';
import { clearErrors } from './errors';
import { visit } from './navigate';
import { OverlayInspector } from './overlay-inspect';
import { openContentWorld } from './content-world';
import { serviceWorkerStatus, stopServiceWorker } from './service-worker';

interface ExtensionGlobals {
  chrome: {
    runtime: { sendMessage(message: unknown): Promise<unknown> };
    tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  };
}

function wrap(page: Page, extensionId: string): JourneyPage {
  return {
    currentUrl: async () => page.url(),
    evaluate: <R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A) => page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown) as Promise<R>,
    async fillByLabel(label, value) {
      await page.getByLabel(label, { exact: true }).fill(value);
    },
    async click(role, name) {
      await page.getByRole(role, { name, exact: true }).first().click();
    },
    async hover(selector) {
      await page.locator(selector).first().hover();
    },
    async accessibleNodes() {
      const inspector = await OverlayInspector.open(page);
      try {
        return await inspector.accessibleNodes();
      } finally {
        await inspector.close();
      }
    },
    async inContentScript<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
      // A fresh CDP session per call: the isolated world belongs to one document.
      const world = await openContentWorld(page, extensionId);
      try {
        const out = (await world.evaluate(`(${fn.toString()})(${JSON.stringify(arg ?? null)})`)) as R | { thrown: string };
        if (out && typeof out === 'object' && 'thrown' in (out as object)) throw new Error(`in the content script: ${(out as { thrown: string }).thrown}`);
        return out as R;
      } finally {
        await world.close();
      }
    },
    screenshot: (clip?: Clip) => page.screenshot(clip ? { clip } : {}),
    close: () => page.close(),
  };
}

export async function chromiumDriver(options: DriverOptions): Promise<JourneyDriver> {
  const ext = await launchChromium({ extensionDir: options.extensionDir });
  // popup.html as the privileged sender, not options.html: on install the background opens the
  // options page by itself and may take over an options tab (background.e2e.test.ts).
  let control: Page;
  try {
    control = await ext.context.newPage();
    await control.goto(ext.pageUrl('popup.html'), { waitUntil: 'domcontentloaded' });
  } catch (error) {
    await ext.close();
    throw error;
  }

  const sendExtensionMessage = async <T>(message: unknown) =>
    (await control.evaluate((m) => (globalThis as unknown as ExtensionGlobals).chrome.runtime.sendMessage(m), message as Record<string, unknown>)) as Reply<T>;

  return {
    kind: 'chromium',
    label: 'Chromium',
    extensionUrl: (path) => ext.pageUrl(path),
    async openExtensionPage(path) {
      const page = await ext.context.newPage();
      await page.goto(ext.pageUrl(path), { waitUntil: 'domcontentloaded' });
      return wrap(page, ext.extensionId);
    },
    async openWebPage(url, viewport) {
      const page = await ext.context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      await visit(page, url); // a redirect to the blocked page (ERR_ABORTED) is an outcome
      return wrap(page, ext.extensionId);
    },
    sendExtensionMessage,
    async tabIdOf(page) {
      const url = await page.currentUrl();
      const tabs = await control.evaluate(() => (globalThis as unknown as ExtensionGlobals).chrome.tabs.query({}));
      const matches = tabs.filter((t) => t.url === url);
      if (matches.length !== 1 || matches[0]!.id === undefined) throw new Error(`Expected one tab showing ${url}, found ${JSON.stringify(tabs)}`);
      return matches[0]!.id;
    },
    async suspendBackground(): Promise<Suspension> {
      const started = Date.now();
      await stopServiceWorker(ext.context, ext.extensionId);
      const tookMs = Date.now() - started;
      return { how: 'stopWorker', state: await serviceWorkerStatus(ext.context, ext.extensionId), tookMs };
    },
    async takeErrors() {
      const errors = ext.errors();
      clearErrors(ext.context);
      return errors;
    },
    close: () => ext.close(),
  };
}
