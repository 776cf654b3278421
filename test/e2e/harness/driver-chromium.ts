// The journey driver for Chromium: Playwright over CDP, on top of launchChromium (headless,
// the extension loaded, `*.test` hosts resolved to loopback). The background is an MV3 service worker, suspended with CDP
// ServiceWorker.stopWorker (Playwright does not notice a worker stopping).
import { untilGestureCounts } from './gesture-ready';
import type { BrowserContext, Page } from 'playwright-core';
import type { Reply } from '../../../src/shared/messaging/protocol';
import { launchChromium } from './chromium';
import type { Clip, DriverOptions, JourneyDriver, JourneyPage, Suspension } from './driver';
import { clearErrors } from './errors';
import { extensionTabs } from './extension-tabs';
import { visit } from './navigate';
import { tabShowing } from './tab-of';
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
    evaluate: <R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A) =>
      page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown) as Promise<R>,
    evaluateSource: (source) => page.evaluate(source),
    async colorScheme(scheme) {
      await page.emulateMedia({ colorScheme: scheme });
    },
    async fillByLabel(label, value) {
      await page.getByLabel(label, { exact: true }).fill(value);
    },
    async click(role, name) {
      await page.getByRole(role, { name, exact: true }).first().click();
    },
    async hover(selector) {
      await untilGestureCounts(page, () => page.evaluate(() => document.readyState));
      await page.locator(selector).first().hover();
    },
    async press(key) {
      await untilGestureCounts(page, () => page.evaluate(() => document.readyState));
      await page.keyboard.press(key);
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
        const out = (await world.evaluate(`(${fn.toString()})(${JSON.stringify(arg ?? null)})`)) as
          R | { thrown: string };
        if (out && typeof out === 'object' && 'thrown' in (out as object))
          throw new Error(`in the content script: ${(out as { thrown: string }).thrown}`);
        return out as R;
      } finally {
        await world.close();
      }
    },
    screenshot: (clip?: Clip) => page.screenshot(clip ? { clip } : {}),
    close: () => page.close(),
  };
}

/**
 * chrome://extensions → "Allow in Incognito", through the page's own API (developerPrivate).
 * Developer mode first: without it Chromium disables an unpacked extension when it reloads
 * ("unsupportedDeveloperExtension"), and the incognito switch reloads it.
 */
async function allowIncognito(context: BrowserContext, extensionId: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto('chrome://extensions');
    await page.evaluate(async (id) => {
      const dev = (
        globalThis as unknown as {
          chrome: {
            developerPrivate: {
              updateProfileConfiguration(o: object): Promise<void>;
              updateExtensionConfiguration(o: object): Promise<void>;
            };
          };
        }
      ).chrome.developerPrivate;
      await dev.updateProfileConfiguration({ inDeveloperMode: true });
      await dev.updateExtensionConfiguration({ extensionId: id, incognitoAccess: true });
    }, extensionId);
  } finally {
    await page.close();
  }
}

/** Opens popup.html once the (possibly reloading) extension serves it again. */
async function openControlPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  for (const end = Date.now() + 15_000; ;) {
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      if (
        await page.evaluate(
          () =>
            typeof (globalThis as unknown as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome?.runtime
              ?.sendMessage === 'function',
        )
      )
        return page;
    } catch {
      // ERR_BLOCKED_BY_CLIENT while the extension reloads
    }
    if (Date.now() > end) throw new Error(`${url} did not load: is the extension enabled?`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function chromiumDriver(options: DriverOptions): Promise<JourneyDriver> {
  const ext = await launchChromium({
    extensionDir: options.extensionDir,
    args: options.acceptSpki ? [`--ignore-certificate-errors-spki-list=${options.acceptSpki}`] : [],
  });
  // popup.html as the privileged sender: on install the background opens a page of its own (the
  // first-run page), and a sender the test uses should not be one it might take over.
  let control: Page;
  try {
    if (options.allowPrivate) await allowIncognito(ext.context, ext.extensionId);
    control = await openControlPage(ext.context, ext.pageUrl('popup.html'));
  } catch (error) {
    await ext.close();
    throw error;
  }

  const sendExtensionMessage = async <T>(message: unknown) =>
    (await control.evaluate(
      (m) => (globalThis as unknown as ExtensionGlobals).chrome.runtime.sendMessage(m),
      message as Record<string, unknown>,
    )) as Reply<T>;

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
    ...extensionTabs((fn, arg) => control.evaluate(fn as (a: unknown) => unknown, arg as unknown) as never),
    tabIdOf: (page) =>
      tabShowing(
        () => page.currentUrl(),
        () => control.evaluate(() => (globalThis as unknown as ExtensionGlobals).chrome.tabs.query({})),
      ),
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
