// The journey driver for Firefox: puppeteer-core over WebDriver BiDi, on top of launchFirefox
// (driven over WebDriver BiDi; the extension UUID pinned by a pref; page.goto hangs on moz-extension:// pages; hosts mapped to
// loopback by pref; storage.managed filled from policies.json). Firefox's MV3 background is an event page, and there is no stopWorker
// for it: it is suspended the way Firefox suspends it, by idling. The idle timeout
// (`extensions.background.idle.timeout`, default 30 s) is set low for the whole session: Firefox
// arms its idle timer with the value current at the time and only re-reads the pref when that
// timer fires (IdleManager in ext-backgroundPage.js), so lowering it at run time takes up to the
// old 30 s to apply. Every Firefox journey thus runs under an eager idle policy: the event page
// stops ~4 s after its last event or API call and is woken by the next one.
//
// Host permissions: in Firefox an MV3 add-on's `host_permissions` are user-controlled (they can
// be withheld or revoked). A temporary install over WebDriver BiDi (webExtension.install) is
// granted `<all_urls>` (found on firefox-esr 153: permissions.getAll() lists it, content
// scripts run, webNavigation events arrive), so no `extensions.originControls.grantByDefault`
// pref or about:addons step is needed. The driver checks it at launch and says so if a Firefox
// ever stops granting it.
import { untilGestureCounts } from './gesture-ready';
import { rmSync } from 'node:fs';
import type { ElementHandle, KeyInput, Page } from 'puppeteer-core';
import type { Reply } from '../../../src/shared/messaging/protocol';
import type { Clip, DriverOptions, JourneyDriver, JourneyPage, Suspension } from './driver';
import { launchFirefox, gotoExtensionPage } from './firefox';
import { connectionOf, firefoxChrome } from './firefox-chrome';
import { injectExpression, withScriptingPermission } from './content-script-access';
import { extensionTabs } from './extension-tabs';
import { waitFor } from './wait-for';
import { tabShowing } from './tab-of';
import { clickElement, hoverElement, within } from './firefox-pointer';

/** Short enough to suspend mid-scan (the journey slows the service to 10 s), long enough for each step. */
export const FIREFOX_IDLE_TIMEOUT_MS = 4000;

interface ExtensionGlobals {
  browser: {
    runtime: { sendMessage(message: unknown): Promise<unknown> };
    tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
  };
}

/** `"…"` inside a puppeteer ARIA selector. */
const ariaString = (s: string) => JSON.stringify(s);

export async function firefoxDriver(options: DriverOptions): Promise<JourneyDriver> {
  const extensionDir = options.contentScriptAccess
    ? withScriptingPermission(options.extensionDir)
    : options.extensionDir;
  const ext = await launchFirefox({
    extensionDir,
    prefs: { 'extensions.background.idle.timeout': FIREFOX_IDLE_TIMEOUT_MS },
    acceptInsecureCerts: options.acceptSpki !== undefined,
  });
  const connection = connectionOf(ext.browser);
  let pageErrorsSeen = 0;

  const wrap = (page: Page): JourneyPage => {
    const contextId = (page.mainFrame() as unknown as { browsingContext: { id: string } }).browsingContext.id;
    const currentUrl = async () => {
      // page.url() stays stale on extension pages (page.goto hangs on moz-extension:// pages); the browsing context knows.
      const tree = (await connection.send('browsingContext.getTree', { root: contextId, maxDepth: 0 })).result as {
        contexts: { url: string }[];
      };
      return tree.contexts[0]?.url ?? '';
    };
    const self: JourneyPage = {
      currentUrl,
      evaluate: <R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A) =>
        page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown) as Promise<R>,
      evaluateSource: (source) => page.evaluate(source),
      async colorScheme(scheme) {
        // 0 dark, 1 light, 2 follow the browser (Firefox's "Website appearance").
        const value = scheme === 'dark' ? 0 : scheme === 'light' ? 1 : 2;
        await chrome.evaluateJson(
          `(() => { Services.prefs.setIntPref('layout.css.prefers-color-scheme.content-override', ${value}); return JSON.stringify(true); })()`,
        );
        await page.waitForFunction(
          (want) => want === null || matchMedia(`(prefers-color-scheme: ${want})`).matches,
          { timeout: 5000, polling: 100 },
          scheme,
        );
      },
      async fillByLabel(label, value) {
        // The input a <label> names, found as a person reads it: the label's exact text.
        await page.waitForFunction(
          (l) => [...document.querySelectorAll('label')].some((x) => x.textContent?.trim() === l && x.control),
          { polling: 100 },
          label,
        );
        const handle = await page.evaluateHandle(
          (l) => [...document.querySelectorAll('label')].find((x) => x.textContent?.trim() === l)?.control ?? null,
          label,
        );
        const field = handle.asElement() as ElementHandle<HTMLInputElement> | null;
        if (!field) throw new Error(`No field labelled "${label}"`);
        await clickElement(page, field, 3); // focus it and select what it holds, so typing replaces it
        await field.evaluate((el) => el.select());
        await field.type(value);
        const typed = await field.evaluate((el) => el.value);
        if (typed !== value)
          throw new Error(`"${label}" holds ${JSON.stringify(typed)} after typing ${JSON.stringify(value)}`);
        await field.dispose();
      },
      async click(role, name) {
        // BiDi browsingContext.locateNodes with an accessibility locator (role + name), asked again
        // from here every 100 ms. Not page.waitForSelector: after a first miss it re-asks on the
        // page's animation frames, which stop while the tab is not the one shown, and Firefox builds
        // the accessibility tree after the DOM, so under load the first ask can come too early
        // (a CI run waited 15 s for a button that was on the page). The click itself: see
        // firefox-pointer.ts.
        await within(15_000, 'bringing the tab to the front', page.bringToFront());
        const selector = `::-p-aria([name=${ariaString(name)}][role=${ariaString(role)}])`;
        const until = Date.now() + 15_000;
        let el = await page.$(selector);
        while (!el && Date.now() < until) {
          await new Promise((r) => setTimeout(r, 100));
          el = await page.$(selector);
        }
        if (!el) throw new Error(`No ${role} named "${name}" within 15 s`);
        await clickElement(page, el);
        await el.dispose();
      },
      async hover(selector) {
        await untilGestureCounts(page, () => page.evaluate(() => document.readyState));
        const el = await page.$(selector);
        if (!el) throw new Error(`Nothing on the page matches ${selector}`);
        await hoverElement(page, el);
        await el.dispose();
      },
      async press(key) {
        await untilGestureCounts(page, () => page.evaluate(() => document.readyState));
        // puppeteer names chords key by key: 'Shift+Tab' is Shift held while Tab is pressed.
        const keys = key.split('+') as KeyInput[];
        const last = keys.pop()!;
        for (const k of keys) await page.keyboard.down(k);
        await page.keyboard.press(last);
        for (const k of keys.reverse()) await page.keyboard.up(k);
      },
      accessibleNodes: async () => chrome.accessibleNodes(await currentUrl()),
      async inContentScript<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
        if (!options.contentScriptAccess)
          throw new Error('inContentScript needs a Firefox driver launched with contentScriptAccess: true');
        const tabId = await tabIdOfPage(self);
        return (await control.evaluate(injectExpression(tabId, fn as (arg: never) => unknown, arg))) as R;
      },
      async screenshot(clip?: Clip) {
        return Buffer.from(await within(30_000, 'a screenshot', page.screenshot(clip ? { clip } : {})));
      },
      close: () => within(15_000, 'closing a tab', page.close()),
    };
    return self;
  };

  let chrome: Awaited<ReturnType<typeof firefoxChrome>>;
  let control: Page;
  try {
    chrome = await firefoxChrome(ext.browser);
    if (options.allowPrivate) await chrome.allowPrivateBrowsing(ext.addonId);
    await chrome.watchExtensionErrors(ext.uuid);
    control = await ext.newPage();
    await gotoExtensionPage(control, ext.pageUrl('popup.html'));
    const granted = await control.evaluate(() =>
      (
        globalThis as unknown as { browser: { permissions: { contains(p: object): Promise<boolean> } } }
      ).browser.permissions.contains({ origins: ['<all_urls>'] }),
    );
    if (!granted) {
      throw new Error(
        'Firefox did not grant <all_urls> to the temporarily installed extension: try the pref extensions.originControls.grantByDefault=true.',
      );
    }
  } catch (error) {
    await ext.close();
    throw error;
  }

  const tabIdOfPage = (page: JourneyPage): Promise<number> =>
    tabShowing(
      () => page.currentUrl(),
      () => control.evaluate(() => (globalThis as unknown as ExtensionGlobals).browser.tabs.query({})),
    );

  const sendExtensionMessage = async <T>(message: unknown) =>
    (await control.evaluate(
      (m) => (globalThis as unknown as ExtensionGlobals).browser.runtime.sendMessage(m),
      message as Record<string, unknown>,
    )) as Reply<T>;

  return {
    kind: 'firefox',
    label: 'Firefox',
    extensionUrl: (path) => ext.pageUrl(path),
    async openExtensionPage(path) {
      const page = await ext.newPage();
      await gotoExtensionPage(page, ext.pageUrl(path));
      return wrap(page);
    },
    async openWebPage(url, viewport) {
      const page = await ext.newPage();
      if (viewport) await page.setViewport(viewport);
      const wrapped = wrap(page);
      // The first-run tab can take this blank tab (see gotoExtensionPage): load it again.
      for (let attempt = 1; ; attempt++) {
        try {
          await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 20_000 });
        } catch (error) {
          // A redirect to an extension page (the blocked page) sends no load events: an outcome.
          // The aborted load (NS_BINDING_ABORTED) can be reported before the tab shows that page.
          // A load strict mode's hold stopped (NS_ERROR_ABORT) ends there too, or on the page
          // itself once let through.
          const settled = (u: string) => u.startsWith(ext.pageUrl('')) || u === url;
          const onOurs = await waitFor(
            'the tab on an extension page',
            () => wrapped.currentUrl(),
            settled,
            5000,
            50,
          ).then(
            () => true,
            () => false,
          );
          if (!onOurs) throw error;
        }
        // The first-run page (or an options tab) took the tab instead: load it again.
        if (attempt >= 2 || ![ext.pageUrl('firstrun.html'), ext.optionsUrl].includes(await wrapped.currentUrl()))
          return wrapped;
      }
    },
    sendExtensionMessage,
    ...extensionTabs((fn, arg) => control.evaluate(fn as (a: unknown) => unknown, arg as unknown) as never),
    tabIdOf: tabIdOfPage,
    async suspendBackground(): Promise<Suspension> {
      // Nothing is sent to the background here: any message would be an event that keeps it up.
      const started = Date.now();
      const state = await waitFor(
        'the event page to suspend on idle',
        () => chrome.backgroundState(ext.addonId),
        (s) => s === 'stopped',
        20_000,
        50,
      );
      return { how: 'idle-timeout', state, tookMs: Date.now() - started };
    },
    async takeErrors() {
      const pageErrors = ext.errors();
      const fresh = pageErrors.slice(pageErrorsSeen);
      pageErrorsSeen = pageErrors.length;
      return [...fresh, ...(await chrome.takeExtensionErrors())];
    },
    async close() {
      await ext.close();
      if (extensionDir !== options.extensionDir) rmSync(extensionDir, { recursive: true, force: true });
    },
  };
}
