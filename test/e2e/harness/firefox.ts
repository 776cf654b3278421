// Launches headless Firefox (Debian firefox-esr) over WebDriver BiDi with puppeteer-core and
// installs the built extension temporarily (toolchain notes 18–21).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findBrowser } from '../../../scripts/lib/browsers.mjs';
import type { CollectedError } from './errors';

/** Pinned internal UUID, so extension pages have a stable moz-extension:// origin (note 19). */
/** Firefox's console line for a promise that settles after its page was closed. */
const INACTIVE_CONTEXT = /^\[XPConnect JavaScript\] Promise (resolved|rejected) while context is inactive\s*$/;

export const FIREFOX_EXTENSION_UUID = '3f0b8c52-6a1e-4d7b-9c21-5e8f4a7d0b16';

export interface LaunchFirefoxOptions {
  /** Unpacked extension directory, e.g. `.output/firefox-mv3`. */
  extensionDir: string;
  /** Resolve every host name to 127.0.0.1 (note 21), so `*.test` pages reach the page server. Default true. */
  hostMap?: boolean;
  /** Default: $FIREFOX_PATH, else the first Firefox found (scripts/lib/browsers.mjs). */
  executablePath?: string;
  /** Extra about:config prefs, e.g. a short `extensions.background.idle.timeout` (note 22). */
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
  if (typeof id !== 'string') throw new Error(`${extensionDir}/manifest.json has no browser_specific_settings.gecko.id`);
  return id;
}

/**
 * Navigates a tab to a moz-extension:// page and waits for it to load. `page.goto` hangs there
 * (no load events are sent for extension pages, note 20), so this goes through the BiDi browsing
 * context: an internal puppeteer API, checked against puppeteer-core 24.43 (pinned in the lockfile).
 */
export async function gotoExtensionPage(page: Page, url: string): Promise<void> {
  const frame = page.mainFrame() as unknown as {
    browsingContext?: { navigate(url: string, wait?: 'none' | 'interactive' | 'complete'): Promise<void> };
  };
  if (!frame.browsingContext) throw new Error('gotoExtensionPage needs a WebDriver BiDi page (Firefox via puppeteer-core).');
  // Right after install the background opens the options page (main.ts onInstalled), and
  // Firefox may load it into a tab that is still blank: this very one, whose navigation is then
  // aborted (NS_BINDING_ABORTED). The tab is ours: navigate it again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await frame.browsingContext.navigate(url, 'complete');
    } catch (error) {
      if (attempt >= 3 || !/NS_BINDING_ABORTED/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
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
    // Without it, navigation to moz-extension:// is refused (note 18).
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
      if (msg.type() === 'error' && !INACTIVE_CONTEXT.test(msg.text())) errors.push({ source: 'page', kind: 'console', url: page.url(), text: msg.text() });
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
