// Launches headless Chromium with the built extension loaded (headless Chromium with the extension needs these flags; *.test hosts resolve to loopback).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { findBrowser } from '../../../scripts/lib/browsers.mjs';
import { collectErrors, type CollectedError } from './errors';

export interface LaunchChromiumOptions {
  /** Unpacked extension directory, e.g. `.output/chrome-mv3`. */
  extensionDir: string;
  /** Send every `*.test` host to 127.0.0.1 (*.test hosts resolve to loopback). Default true. */
  hostMap?: boolean;
  /** Default: $CHROME_PATH, else the first Chromium found (scripts/lib/browsers.mjs). */
  executablePath?: string;
  /** Default true. The demo (`npm start`) may show the window when a display exists. */
  headless?: boolean;
  /** Extra command-line switches. */
  args?: string[];
}

export interface ChromiumExtension {
  context: BrowserContext;
  extensionId: string;
  /** The extension's service worker as first seen; after stopServiceWorker a new one replaces it. */
  worker: Worker;
  optionsUrl: string;
  popupUrl: string;
  /** chrome-extension://<id>/<path> */
  pageUrl(path: string): string;
  /** Console errors and uncaught errors collected from every page and worker since launch. */
  errors(): CollectedError[];
  close(): Promise<void>;
}

const WORKER_TIMEOUT_MS = 30_000;

/** The extension's service worker: already running, or the next one to start. */
async function extensionWorker(context: BrowserContext): Promise<Worker> {
  const isOurs = (w: Worker) => w.url().startsWith('chrome-extension://');
  const next = context.waitForEvent('serviceworker', { predicate: isOurs, timeout: WORKER_TIMEOUT_MS });
  const existing = context.serviceWorkers().find(isOurs);
  if (existing) {
    next.catch(() => undefined); // it times out or the context closes; nobody waits for it
    return existing;
  }
  return next;
}

/**
 * The switches every test and benchmark Chromium runs with, with or without the extension (a
 * comparison is only fair with the same ones on both sides).
 */
export const CHROMIUM_SWITCHES: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium floods the closed network with background requests (headless Chromium with the extension needs these flags).
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * Every `*.test` host to the loopback page servers, and Microsoft's Safe Links hosts and bit.ly,
 * so a test's loopback server can play the mail gateway's link rewriter and a URL shortener
 * (unwrap.e2e.test.ts).
 */
export const HOST_MAP_SWITCH =
  '--host-resolver-rules=MAP *.test 127.0.0.1, MAP *.safelinks.protection.outlook.com 127.0.0.1, MAP bit.ly 127.0.0.1';

export async function launchChromium(options: LaunchChromiumOptions): Promise<ChromiumExtension> {
  const dir = resolve(options.extensionDir);
  const executablePath = options.executablePath ?? findBrowser('chromium');
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or run `npm test`, which installs it.');
  const userDataDir = await mkdtemp(join(tmpdir(), 'linklens-chromium-'));

  const args = [
    ...CHROMIUM_SWITCHES,
    `--disable-extensions-except=${dir}`,
    `--load-extension=${dir}`,
    ...(options.hostMap === false ? [] : [HOST_MAP_SWITCH]),
    ...(options.args ?? []),
  ];
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: options.headless ?? true,
      ignoreDefaultArgs: ['--disable-extensions'],
      args,
    });
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
  collectErrors(context); // start collecting before anything else happens

  const close = async () => {
    await context.close().catch(() => undefined);
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    const worker = await extensionWorker(context);
    const extensionId = new URL(worker.url()).host;
    const pageUrl = (path: string) => `chrome-extension://${extensionId}/${path.replace(/^\/+/, '')}`;
    return {
      context,
      extensionId,
      worker,
      optionsUrl: pageUrl('options.html'),
      popupUrl: pageUrl('popup.html'),
      pageUrl,
      errors: () => collectErrors(context),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
