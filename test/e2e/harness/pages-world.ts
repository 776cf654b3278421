// Shared by the pages' browser suites (pages-live, pages-a11y): one world of driver, local
// scanning service and page server, and the few questions they ask the extension and the service.
import { extensionDir, startPageServer, type PageServer } from './index';
import type { JourneyDriver, JourneyPage } from './driver';
import { chromiumDriver } from './driver-chromium';
import { firefoxDriver } from './driver-firefox';
import { startService, type ScanningService } from '../../service/server';
import type { BrowserKind } from '../../../scripts/lib/browsers.mjs';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };
export const FAST_PROCESSING_MS = 300;

export interface World {
  driver: JourneyDriver;
  svc: ScanningService;
  pages: PageServer;
}

/**
 * Starts the world for `kind`, the extension configured for the local service (unless
 * `configure: false`: then it is as freshly installed, and `configureWorld` does it later).
 */
export async function startWorld(kind: BrowserKind, opts: { configure?: boolean } = {}): Promise<World> {
  const w = {} as World;
  w.pages = await startPageServer();
  w.svc = await startService({ processingDelayMs: FAST_PROCESSING_MS, keepAliveMs: 500 });
  w.driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
  if (opts.configure !== false) await configureWorld(w);
  return w;
}

/** Configures the extension for the world's service, as the options page's Save does. */
export async function configureWorld(w: World): Promise<void> {
  await request(w, { type: 'settings.set', patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey } });
}

export async function stopWorld(w: Partial<World>): Promise<void> {
  await w.driver?.close();
  await w.pages?.stop();
  await w.svc?.stop();
}

/** The data of an ok reply from the background, or a thrown error showing the refusal. */
export async function request<T>(w: World, message: unknown): Promise<T> {
  const reply = await w.driver.sendExtensionMessage<T>(message);
  if (!reply || reply.ok !== true) throw new Error(`${JSON.stringify(message)} was refused: ${JSON.stringify(reply)}`);
  return reply.data;
}

/** A scan the extension knows nothing of (made by the test at the service): only the report page follows it. */
export async function scanAtService(w: World, url: string): Promise<string> {
  const res = await fetch(`${w.svc.baseUrl}/v1/scans/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${w.svc.demoKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  const body = (await res.json()) as { id?: string };
  if (!res.ok || !body.id) throw new Error(`the service refused the scan: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

/** The URLs of every tab, read through the extension's tabs API from `page` (one of our pages). */
export function tabUrls(page: JourneyPage): Promise<string[]> {
  return page.evaluate(async () => {
    const api = ((globalThis as unknown as { browser?: unknown }).browser ??
      (globalThis as unknown as { chrome: unknown }).chrome) as {
      tabs: { query(q: object): Promise<{ url?: string }[]> };
    };
    return (await api.tabs.query({})).map((t) => t.url ?? '');
  });
}
