// The browser's own floor for BENCHMARKS.md "Bursts of navigations at once": the same burst (N tabs told to navigate at once to
// fresh `*.test` hosts), with a minimal extension instead of Linklens. Its service worker does
// nothing but POST each main-frame URL to the local service the moment it hears the navigation
// (no storage, no checks, no batching), with the permissions whose presence changes how Chromium
// routes requests (declarativeNetRequest and webRequest put every request through the browser's
// request proxy, as Linklens's do). When this extension's POSTs reach the service late, the wait
// is the browser's, and no client of the service can have its verdict before it.
//
// It also delivers, as the least any client must do after the POST: it reads each job with one GET
// timed from the service's createdAt and the bench's known scan time (a knowledge no real client
// has: Linklens learns it, and polls a margin after), again every 10 ms until the job is done, then
// sends the tab to its own empty page. So "with delivery" is what the simplest polling client with
// perfect timing measures in the same browser: what is left between it and the aim is not
// Linklens's work (no stores, no checks, no rules, an empty page instead of the blocked page).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/harness';
import type { startPageServer } from '../e2e/harness';
import type { ScanningService } from '../service/server';
import { blockedAt, visit } from './time-to-verdict';

export interface FloorRun {
  size: number;
  /** From the navigation order to the worker hearing it (onBeforeNavigate), per tab. */
  heardMs: number[];
  /** From the navigation order to that tab's POST arriving at the service, per tab. */
  postFromNavMs: number[];
  /** From the navigation order to the tab leaving for the floor's own page (its "blocked page"), per tab. */
  verdictFromNavMs: number[];
  /** Each tab's job: completedAt − createdAt, as the service reports it. */
  processingMs: number[];
}

const WORKER = `
self.__heard = {};
chrome.webRequest.onBeforeRedirect.addListener(() => {}, { urls: ['<all_urls>'], types: ['main_frame'] });
chrome.declarativeNetRequest.updateSessionRules({ addRules: [{ id: 1, priority: 1, action: { type: 'block' }, condition: { urlFilter: '||never-visited.invalid^', resourceTypes: ['main_frame'] } }] });
chrome.webNavigation.onBeforeNavigate.addListener((d) => {
  if (d.frameId !== 0 || !self.__svc || !/^https?:/.test(d.url)) return;
  self.__heard[d.url] = Date.now();
  const auth = { authorization: 'Bearer ' + self.__key };
  fetch(self.__svc + '/v1/scans/', { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ url: d.url }) })
    .then((r) => r.json())
    .then((job) => {
      const ask = () => fetch(self.__svc + '/v1/scans/' + encodeURIComponent(job.id), { headers: auth })
        .then((r) => r.json())
        .then((j) => (j.state === 'COMPLETED' || j.state === 'FAILED' ? chrome.tabs.update(d.tabId, { url: chrome.runtime.getURL('done.html') }) : setTimeout(ask, 10)))
        .catch(() => setTimeout(ask, 10));
      setTimeout(ask, Math.max(0, Date.parse(job.createdAt) + self.__scanMs + 5 - Date.now()));
    })
    .catch(() => {});
});
`;

async function writeFloorExtension(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'linklens-bench-floor-'));
  const manifest = {
    manifest_version: 3,
    name: 'bench floor',
    version: '1.0.0',
    background: { service_worker: 'background.js' },
    permissions: ['webNavigation', 'declarativeNetRequest', 'webRequest'],
    host_permissions: ['<all_urls>'],
  };
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'background.js'), WORKER);
  await writeFile(join(dir, 'done.html'), '<!doctype html><title>done</title>');
  return dir;
}

/** One burst per size, in a fresh Chromium with the floor extension, against `svc`. */
export async function measureFloor(
  sizes: number[],
  svc: ScanningService,
  pages: Awaited<ReturnType<typeof startPageServer>>,
  label: string,
  scanMs: number,
  args: string[] = [],
): Promise<FloorRun[]> {
  const dir = await writeFloorExtension();
  const ext = await launchChromium({ extensionDir: dir, args });
  try {
    await ext.worker.evaluate(([url, key, ms]) => Object.assign(globalThis, { __svc: url, __key: key, __scanMs: ms }), [
      svc.baseUrl,
      svc.demoKey,
      scanMs,
    ] as const);
    const donePage = new URL('done.html', ext.worker.url()).href;
    const runs: FloorRun[] = [];
    for (const size of sizes) {
      const tabs: Page[] = [];
      for (let i = 0; i < size; i++) tabs.push(await ext.context.newPage());
      const urls = tabs.map((_, i) => pages.url(`floor-${label}-${size}-${i}.test`, '/login'));
      const logFrom = svc.log.length;
      const start: number[] = [];
      const done: number[] = [];
      await Promise.all(
        tabs.map(async (tab, i) => {
          start[i] = Date.now();
          const going = visit(tab, urls[i]!).catch(() => undefined);
          done[i] = await blockedAt(tab, donePage);
          await going;
        }),
      );
      // Every POST is sent once its navigation is heard; give the last ones time to arrive.
      const deadline = Date.now() + 10_000;
      const postAt = new Map<string, number>();
      while (postAt.size < size && Date.now() < deadline) {
        for (const e of svc.log.slice(logFrom)) {
          const u =
            e.method === 'POST' && e.body && typeof e.body === 'object' ? (e.body as { url?: unknown }).url : undefined;
          if (typeof u === 'string' && !postAt.has(u)) postAt.set(u, e.at);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const heard = await ext.worker.evaluate(
        () => (globalThis as unknown as { __heard: Record<string, number> }).__heard,
      );
      const scans = new Map(svc.scans().map((sc) => [sc.url, sc]));
      runs.push({
        size,
        heardMs: urls.map((u, i) => (heard[u] ?? Number.NaN) - start[i]!),
        postFromNavMs: urls.map((u, i) => (postAt.get(u) ?? Number.NaN) - start[i]!),
        verdictFromNavMs: done.map((at, i) => at - start[i]!),
        processingMs: urls.map((u) => {
          const sc = scans.get(u);
          return sc?.completedAt ? Date.parse(sc.completedAt) - Date.parse(sc.createdAt) : Number.NaN;
        }),
      });
      for (const t of tabs) await t.close().catch(() => undefined);
    }
    return runs;
  } finally {
    await ext.close();
    await rm(dir, { recursive: true, force: true });
  }
}
