// Launches headless Firefox (Debian firefox-esr) over WebDriver BiDi with puppeteer-core and
// installs the built extension temporarily (driven over WebDriver BiDi;
// the extension UUID pinned by a pref; page.goto hangs on moz-extension:// pages; hosts mapped to loopback by pref).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findBrowser } from '../../../scripts/lib/browsers.mjs';
import type { CollectedError } from './errors';

/** Pinned internal UUID, so extension pages have a stable moz-extension:// origin (the extension UUID is pinned by a pref). */
/** Firefox's console line for a promise that settles after its page was closed. */
const INACTIVE_CONTEXT = /^\[XPConnect JavaScript\] Promise (resolved|rejected) while context is inactive\s*$/;

export const FIREFOX_EXTENSION_UUID = '3f0b8c52-6a1e-4d7b-9c21-5e8f4a7d0b16';

export interface LaunchFirefoxOptions {
  /** Unpacked extension directory, e.g. `.output/firefox-mv3`. */
  extensionDir: string;
  /** Resolve every host name to 127.0.0.1 (Firefox maps hosts to loopback by pref), so `*.test` pages reach the page server. Default true. */
  hostMap?: boolean;
  /** Default: $FIREFOX_PATH, else the first Firefox found (scripts/lib/browsers.mjs). */
  executablePath?: string;
  /** Extra about:config prefs, e.g. a short `extensions.background.idle.timeout` (Firefox fills storage.managed from policies.json). */
  prefs?: Record<string, unknown>;
  /**
   * Accept any certificate (WebDriver's acceptInsecureCerts): Firefox has no switch to accept one
   * key hash, so this throwaway test profile accepts the service's test-only certificate this way.
   */
  acceptInsecureCerts?: boolean;
  /** Runs in the browser before the extension is installed (e.g. pages a person already has open). */
  beforeInstall?: (browser: Browser) => Promise<void>;
}

export interface FirefoxExtension {
  browser: Browser;
  /** The gecko id from the manifest, e.g. linklens@linklens.dev. */
  addonId: string;
  uuid: string;
  optionsUrl: string;
  popupUrl: string;
  /** moz-extension://<uuid>/<path> */
  pageUrl(path: string): string;
  /** A new tab whose console errors and uncaught errors are collected. */
  newPage(): Promise<Page>;
  errors(): CollectedError[];
  close(): Promise<void>;
}

async function geckoId(extensionDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(extensionDir, 'manifest.json'), 'utf8'));
  const id = manifest?.browser_specific_settings?.gecko?.id;
  if (typeof id !== 'string')
    throw new Error(`${extensionDir}/manifest.json has no browser_specific_settings.gecko.id`);
  return id;
}

/** How long a navigation to an extension page may take before the tab is looked at (normally < 1 s). */
const EXTENSION_NAVIGATION_STALL_MS = 8000;

/**
 * Navigates a tab to a moz-extension:// page and waits for it to load. `page.goto` hangs there
 * (no load events are sent for extension pages, page.goto hangs on moz-extension:// pages), so this goes through the BiDi browsing
 * context: an internal puppeteer API, checked against puppeteer-core 24.43 (pinned in the lockfile).
 *
 * Right after install the background opens the first-run page (main.ts onInstalled, while the
 * service is not configured), and Firefox may load it into the selected tab when that tab is still
 * blank: often this very one, just created. Our navigation is then either aborted
 * (NS_BINDING_ABORTED) or never completes: the BiDi command waits until puppeteer's protocol
 * timeout (seen in CI, and 2 of 30 launches here with the cores busy). The tab is ours: when the
 * navigation fails that way or stalls, look at what the tab shows, and navigate it again.
 */
export async function gotoExtensionPage(page: Page, url: string): Promise<void> {
  const frame = page.mainFrame() as unknown as {
    browsingContext?: { navigate(url: string, wait?: 'none' | 'interactive' | 'complete'): Promise<void> };
  };
  const context = frame.browsingContext;
  if (!context) throw new Error('gotoExtensionPage needs a WebDriver BiDi page (Firefox via puppeteer-core).');
  const shown = () =>
    Promise.race([
      page.evaluate(() => `${location.href} (${document.readyState})`),
      new Promise<string>((r) => setTimeout(() => r('nothing that answers'), 3000)),
    ]).catch((error: unknown) => `nothing that answers (${String(error).slice(0, 80)})`);
  let last = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const navigation = context.navigate(url, 'complete');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<'stalled'>(
      (r) => (timer = setTimeout(() => r('stalled'), EXTENSION_NAVIGATION_STALL_MS)),
    );
    const outcome = await Promise.race([
      navigation.then(
        () => 'loaded' as const,
        (error: unknown) => error,
      ),
      stalled,
    ]).finally(() => clearTimeout(timer));
    if (outcome === 'loaded') return;
    navigation.catch(() => undefined); // a stalled command still rejects later, at the protocol timeout
    if (outcome !== 'stalled' && !/NS_BINDING_ABORTED/.test(String(outcome))) throw outcome;
    last = await shown();
    // Loaded after all, only its completion went unreported.
    if (outcome === 'stalled' && last === `${url} (complete)`) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Firefox: the tab did not load ${url} in 3 tries; it shows ${last}`);
}

export async function launchFirefox(options: LaunchFirefoxOptions): Promise<FirefoxExtension> {
  const dir = resolve(options.extensionDir);
  const addonId = await geckoId(dir);
  const executablePath = options.executablePath ?? findBrowser('firefox');
  if (!executablePath) throw new Error('Firefox not found: set FIREFOX_PATH or run `npm test`, which installs it.');

  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    acceptInsecureCerts: options.acceptInsecureCerts === true,
    // A command Firefox never answers fails here with its name, well inside a test's or hook's
    // own time (puppeteer's default is 180 s, the browser suite's whole hook time).
    protocolTimeout: 90_000,
    // Without it, navigation to moz-extension:// is refused (Firefox is driven over WebDriver BiDi).
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [addonId]: FIREFOX_EXTENSION_UUID }),
      ...(options.hostMap === false ? {} : { 'network.dns.forceResolve': '127.0.0.1' }),
      ...options.prefs,
    },
  });
  const errors: CollectedError[] = [];
  try {
    await options.beforeInstall?.(browser);
    await browser.installExtension(dir);
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }

  const pageUrl = (path: string) => `moz-extension://${FIREFOX_EXTENSION_UUID}/${path.replace(/^\/+/, '')}`;
  const newPage = async () => {
    const page = await browser.newPage();
    page.on('console', (msg) => {
      // Firefox's own note when a page is closed with a message reply still on its way (the
      // options page right after Save): the promise settles in a dead window. Not our error.
      if (msg.type() === 'error' && !INACTIVE_CONTEXT.test(msg.text()))
        errors.push({ source: 'page', kind: 'console', url: page.url(), text: msg.text() });
    });
    page.on('pageerror', (error) => {
      errors.push({ source: 'page', kind: 'uncaught', url: page.url(), text: String((error as Error).stack ?? error) });
    });
    return page;
  };
  return {
    browser,
    addonId,
    uuid: FIREFOX_EXTENSION_UUID,
    optionsUrl: pageUrl('options.html'),
    popupUrl: pageUrl('popup.html'),
    pageUrl,
    newPage,
    errors: () => [...errors],
    close: () => browser.close().catch(() => undefined),
  };
}
