// A browser on a persistent profile, so a test can close it and start it again on the same
// profile with a start URL on its command line: how a mail client opens a link when the browser
// is not running. The page then loads while the browser starts, before or while the extension's
// background starts listening, which the ordinary launchers never show:
// - chromium.ts uses Playwright, whose launchPersistentContext refuses a URL argument, so Chromium
//   goes through puppeteer-core here (with chromium.ts' switches and host map);
// - firefox.ts installs the add-on temporarily over WebDriver BiDi: after the browser started (so
//   never before a start page), and gone at the next start. Here it is installed the way a
//   sideloaded add-on is: a proxy file `<profile>/extensions/<gecko id>` holding the build
//   directory's path, and prefs that let Firefox load an unsigned add-on from the profile scope
//   without asking. Firefox then starts it, with its stored rules, at every start of the profile.
// The profile directory is the caller's: it outlives each launch, and the caller removes it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findBrowser, type BrowserKind } from '../../../scripts/lib/browsers.mjs';
import type { Reply } from '../../../src/shared/messaging/protocol';
import { DEV_EXTENSION_ID, GECKO_ID } from './browser-policy';
import { CHROMIUM_SWITCHES, HOST_MAP_SWITCH } from './chromium';
import type { ExtensionRule } from './driver';
import { FIREFOX_EXTENSION_UUID, gotoExtensionPage } from './firefox';
import { extensionDir as builtExtension } from './paths';

export interface ProfileBrowser {
  kind: BrowserKind;
  /** chrome-extension://<id>/<path> or moz-extension://<uuid>/<path> */
  extensionUrl(path: string): string;
  /**
   * Every tab's URL as the extension's tabs API reports it (without the harness's own control
   * tab). A load held before it committed shows as '' in Chromium and about:blank in Firefox.
   */
  tabUrls(): Promise<string[]>;
  /** runtime.sendMessage from an extension page of ours (the privileged tier): the reply. */
  sendExtensionMessage<T = unknown>(message: unknown): Promise<Reply<T>>;
  /** The extension's declarativeNetRequest rules as the browser holds them. */
  extensionRules(): Promise<{ dynamic: ExtensionRule[]; session: ExtensionRule[] }>;
  close(): Promise<void>;
}

export interface ProfileLaunchOptions {
  /**
   * Given on the command line, after the switches: the browser opens it as it starts. One only:
   * headless Chromium refuses more ("Multiple targets are not supported in headless mode").
   */
  startUrl?: string;
  /** Default: the test build for `kind`. */
  extensionDir?: string;
}

/** How long the extension may take to serve its pages after a start (normally well under 5 s). */
const EXTENSION_UP_MS = 30_000;

function launchChromium(profileDir: string, ext: string, startUrls: string[]): Promise<Browser> {
  const executablePath = findBrowser('chromium');
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or run `npm test`, which installs it.');
  return puppeteer.launch({
    executablePath,
    headless: true,
    userDataDir: profileDir,
    protocolTimeout: 90_000,
    // puppeteer's defaults include --disable-extensions, which would win over --load-extension.
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      ...CHROMIUM_SWITCHES,
      `--disable-extensions-except=${ext}`,
      `--load-extension=${ext}`,
      HOST_MAP_SWITCH,
      ...startUrls,
    ],
  });
}

function launchFirefox(profileDir: string, ext: string, startUrls: string[]): Promise<Browser> {
  const executablePath = findBrowser('firefox');
  if (!executablePath) throw new Error('Firefox not found: set FIREFOX_PATH or run `npm test`, which installs it.');
  mkdirSync(join(profileDir, 'extensions'), { recursive: true });
  writeFileSync(join(profileDir, 'extensions', GECKO_ID), ext);
  return puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    userDataDir: profileDir,
    protocolTimeout: 90_000,
    // Lets the harness open moz-extension:// pages over BiDi (as firefox.ts).
    args: ['--remote-allow-system-access', ...startUrls],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: FIREFOX_EXTENSION_UUID }),
      'network.dns.forceResolve': '127.0.0.1',
      // An unsigned add-on found in the profile's extensions folder: loaded, enabled, no prompt.
      'xpinstall.signatures.required': false,
      'extensions.autoDisableScopes': 0,
      'extensions.enabledScopes': 15,
    },
  });
}

/** A tab on the extension's popup page, once the (just started) extension serves it. */
async function openControlPage(browser: Browser, kind: BrowserKind, url: string): Promise<Page> {
  const page = await browser.newPage();
  const hasApi = () =>
    page.evaluate(() => typeof (globalThis as { chrome?: { runtime?: { id?: string } } }).chrome?.runtime?.id);
  for (const end = Date.now() + EXTENSION_UP_MS; ;) {
    try {
      if (kind === 'firefox') await gotoExtensionPage(page, url);
      else await page.goto(url, { waitUntil: 'domcontentloaded' });
      if ((await hasApi()) === 'string') return page;
    } catch {
      // not served yet: Chromium's ERR_BLOCKED_BY_CLIENT, Firefox's error page, while it starts
    }
    if (Date.now() > end) throw new Error(`${url} did not load: did the ${kind} profile load the extension?`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface ExtensionApis {
  runtime: { sendMessage(m: unknown): Promise<unknown> };
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]>; getCurrent(): Promise<{ id?: number }> };
  declarativeNetRequest: { getDynamicRules(): Promise<ExtensionRule[]>; getSessionRules(): Promise<ExtensionRule[]> };
}

/** Launches `kind` on `profileDir` (created if new) with the extension, opening `startUrl`. */
export async function launchOnProfile(
  kind: BrowserKind,
  profileDir: string,
  opts: ProfileLaunchOptions = {},
): Promise<ProfileBrowser> {
  const ext = resolve(opts.extensionDir ?? builtExtension(kind));
  const startUrls = opts.startUrl === undefined ? [] : [opts.startUrl];
  const browser =
    kind === 'firefox'
      ? await launchFirefox(profileDir, ext, startUrls)
      : await launchChromium(profileDir, ext, startUrls);
  const origin =
    kind === 'firefox' ? `moz-extension://${FIREFOX_EXTENSION_UUID}` : `chrome-extension://${DEV_EXTENSION_ID}`;
  const extensionUrl = (path: string) => `${origin}/${path.replace(/^\/+/, '')}`;

  // Opened on first use, not at launch: the start pages are left to load as the browser opens them.
  let control: Promise<Page> | undefined;
  const page = () => (control ??= openControlPage(browser, kind, extensionUrl('popup.html')));
  // Each function runs in the control page (serialised: no closures), where Firefox names the
  // extension API `browser` and Chromium `chrome`.
  type Apis = { browser?: ExtensionApis; chrome: ExtensionApis };

  return {
    kind,
    extensionUrl,
    tabUrls: async () =>
      (await page()).evaluate(async () => {
        const api = (globalThis as unknown as Apis).browser ?? (globalThis as unknown as Apis).chrome;
        const self = (await api.tabs.getCurrent()).id;
        return (await api.tabs.query({})).filter((t) => t.id !== self).map((t) => t.url ?? '');
      }),
    sendExtensionMessage: async <T>(message: unknown) =>
      (await (
        await page()
      ).evaluate(
        (m) =>
          ((globalThis as unknown as Apis).browser ?? (globalThis as unknown as Apis).chrome).runtime.sendMessage(m),
        message as Record<string, unknown>,
      )) as Reply<T>,
    extensionRules: async () =>
      (await page()).evaluate(async () => {
        const dnr = ((globalThis as unknown as Apis).browser ?? (globalThis as unknown as Apis).chrome)
          .declarativeNetRequest;
        return { dynamic: await dnr.getDynamicRules(), session: await dnr.getSessionRules() };
      }),
    close: () => browser.close().catch(() => undefined),
  };
}
