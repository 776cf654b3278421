// One world for a browser test: the extension in a browser (driver.ts), the local scanning
// service and the page server, optionally under an organization's policy; and the one way tests
// ask the background something (`request`). Most suites start theirs here instead of wiring the
// three by hand.
import { extensionDir, startPageServer, type PageServer } from './index';
import type { JourneyDriver } from './driver';
import { chromiumDriver } from './driver-chromium';
import { firefoxDriver } from './driver-firefox';
import { installBrowserPolicy, type BrowserPolicy } from './browser-policy';
import { waitFor } from './wait-for';
import { startService, type ScanningService, type ServiceOptions } from '../../service/server';
import type { SettingsData } from '../../../src/shared/messaging/protocol';
import type { BrowserKind } from '../../../scripts/lib/browsers.mjs';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };
/** The service's time from a scan's start to its verdict in these worlds: fast, but not instant. */
export const FAST_PROCESSING_MS = 300;

export interface World {
  driver: JourneyDriver;
  svc: ScanningService;
  pages: PageServer;
  /** The organization's policy, when the world was started under one (machine-wide: stopWorld removes it). */
  policy?: BrowserPolicy;
}

export interface WorldOptions {
  /**
   * Configure the extension for the world's service, as the options page's Save does. Default
   * true without a policy; false makes it as freshly installed (`configureWorld` does it later).
   * A policy names the service itself, so with one the default is false.
   */
  configure?: boolean;
  /** The local service's options beyond the world's defaults (fast processing, keep-alive 500 ms). */
  service?: ServiceOptions;
  /**
   * The organization's policy, from the started service (its URL and key), installed before the
   * browser starts: the extension's first storage.managed read sees it, and Firefox reads
   * policies at start-up only. Needs root and the shared e2e lock (browser-policy.ts).
   */
  policy?: (svc: ScanningService) => Record<string, unknown>;
  /** A build other than the test build of `kind` (a damaged copy, say). */
  extensionDir?: string;
}

/**
 * Starts the world for `kind`. If a part fails to start, what was started is stopped again and a
 * policy removed, so a failed start leaves nothing machine-wide behind.
 */
export async function startWorld(kind: BrowserKind, opts: WorldOptions = {}): Promise<World> {
  const w: Partial<World> = {};
  try {
    w.pages = await startPageServer();
    w.svc = await startService({ processingDelayMs: FAST_PROCESSING_MS, keepAliveMs: 500, ...opts.service });
    if (opts.policy) w.policy = installBrowserPolicy(kind, opts.policy(w.svc));
    w.driver = await DRIVERS[kind]({ extensionDir: opts.extensionDir ?? extensionDir(kind) });
    if (opts.configure ?? !opts.policy) await configureWorld(w as World);
    return w as World;
  } catch (e) {
    await stopWorld(w);
    throw e;
  }
}

/** Configures the extension for the world's service, as the options page's Save does. */
export async function configureWorld(w: World): Promise<void> {
  await request(w, { type: 'settings.set', patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey } });
}

/** Removes the policy first (machine-wide: always, even after a failure), then stops the rest. */
export async function stopWorld(w: Partial<World>): Promise<void> {
  w.policy?.remove();
  await w.driver?.close();
  await w.pages?.stop();
  await w.svc?.stop();
}

/** The data of an ok reply from the background, or a thrown error showing the refusal. */
export async function request<T>(w: { driver: JourneyDriver }, message: unknown): Promise<T> {
  const reply = await w.driver.sendExtensionMessage<T>(message);
  if (!reply || reply.ok !== true) throw new Error(`${JSON.stringify(message)} was refused: ${JSON.stringify(reply)}`);
  return reply.data;
}

/**
 * Waits until settings.get shows the policy read (`read` says what of it the test needs): the
 * first storage.managed read can take seconds on a fresh profile.
 */
export function waitForPolicy(
  w: { driver: JourneyDriver },
  what: string,
  read: (d: SettingsData) => boolean,
  interval?: number,
): Promise<SettingsData> {
  return waitFor(what, () => request<SettingsData>(w, { type: 'settings.get' }), read, 30_000, interval);
}
