// The bench's background-memory measurement (`--only=19`): the background's memory. The extension's service worker in real Chromium, its
// JS heap after a full garbage collection (CDP HeapProfiler.collectGarbage, then
// Runtime.getHeapUsage, in the worker's own target): set up with nothing cached, then with the
// verdict cache full (5,000 verdicts written into its store, the worker restarted so it loads them
// as after a wake), then with 50 tabs open on ordinary pages, each navigated and checked.
import type { CDPSession, Page } from 'playwright-core';
import { MAX_ENTRIES } from '@/src/background/cache/verdict-cache';
import { startPageServer } from '../e2e/harness';
import { stopServiceWorker } from '../e2e/harness/service-worker';
import { openExtensionPage, requestFromExtensionPage } from '../e2e/harness/extension-messages';
import { startService } from '../service/server';
import { launchWithExtension, type BenchExtension } from './bench-browser';
import type { Section } from './section';
import { cacheEntry, verdictAt } from './synthetic-verdicts';
import { int, table } from './stats';

export interface MemoryOptions {
  verdicts: number;
  tabs: number;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
}

/**
 * The worker's heap through a page's CDP session: Playwright opens sessions on pages only, so the
 * worker's target is attached through the Target domain and spoken to with messages.
 */
async function workerHeap(be: BenchExtension): Promise<HeapUsage> {
  const session: CDPSession = await be.ext.context.newCDPSession(be.control);
  try {
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: Array<{ targetId: string; type: string; url: string }>;
    };
    const sw = targetInfos.find(
      (t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${be.ext.extensionId}/`),
    );
    if (!sw) throw new Error('The extension has no running service worker to measure.');
    const { sessionId } = (await session.send('Target.attachToTarget', { targetId: sw.targetId, flatten: false })) as {
      sessionId: string;
    };
    let next = 0;
    const waiting = new Map<number, (m: { result?: unknown; error?: unknown }) => void>();
    session.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
      if (e.sessionId !== sessionId) return;
      const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
      if (m.id !== undefined) waiting.get(m.id)?.(m);
    });
    const call = (method: string) =>
      new Promise<unknown>((resolve, reject) => {
        const id = ++next;
        waiting.set(id, (m) =>
          m.error ? reject(new Error(`${method}: ${JSON.stringify(m.error)}`)) : resolve(m.result),
        );
        void session
          .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params: {} }) })
          .catch(reject);
      });
    // Twice: what a first collection frees can let a second free more (weak maps, finalizers).
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const usage = (await call('Runtime.getHeapUsage')) as HeapUsage;
    await session.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    return usage;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** Writes `n` verdicts into the cache's store (the extension's IndexedDB 'linklens', store 'kv'). */
async function seedVerdicts(be: BenchExtension, n: number): Promise<void> {
  const now = Date.now();
  const entries = Array.from({ length: n }, (_, i) => cacheEntry(verdictAt(i, now - (n - i)), now + 24 * 3_600_000));
  await be.ext.worker.evaluate(
    (items) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('linklens', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const t = open.result.transaction('kv', 'readwrite');
          const s = t.objectStore('kv');
          for (const [k, v] of items) s.put(v, k);
          t.oncomplete = () => resolve();
          t.onerror = () => reject(t.error);
        };
      }),
    entries,
  );
}

const kb = (bytes: number) => `${int(bytes / 1024)} kB`;

export async function measureBackgroundMemory(o: MemoryOptions): Promise<Section> {
  const pages = await startPageServer();
  const svc = await startService({ processingDelayMs: 200, keepAliveMs: 500, initialCredits: 100_000 });
  const be = await launchWithExtension(svc);
  const tabs: Page[] = [];
  try {
    const empty = await workerHeap(be);
    await seedVerdicts(be, o.verdicts);
    // As after a wake: the new worker loads the whole cache from its store.
    await stopServiceWorker(be.ext.context, be.ext.extensionId);
    await be.control.close();
    be.control = await openExtensionPage(be.ext, 'popup.html');
    const deadline = Date.now() + 30_000;
    let count = 0;
    while (
      Date.now() < deadline &&
      (count = (await requestFromExtensionPage<{ count: number }>(be.control, { type: 'cache.stats' })).count) <
        o.verdicts
    )
      await new Promise((r) => setTimeout(r, 200));
    if (count < o.verdicts) throw new Error(`The cache holds ${count} of the ${o.verdicts} verdicts written.`);
    const cached = await workerHeap(be);

    const run = Date.now().toString(36);
    const urls = Array.from({ length: o.tabs }, (_, i) => pages.url(`memory-${run}-${i}.test`, '/'));
    for (const u of urls) {
      const tab = await be.ext.context.newPage();
      await tab.goto(u, { waitUntil: 'load' });
      tabs.push(tab);
    }
    // Every tab's page was checked: the service has a finished scan for each host.
    const hosts = urls.map((u) => new URL(u).host);
    const until = Date.now() + 60_000;
    while (Date.now() < until && !hosts.every((h) => svc.scans().some((s) => s.url.includes(h) && s.completedAt)))
      await new Promise((r) => setTimeout(r, 200));
    // The verdicts reach the cache, the jobs leave the store: what is kept while the tabs stay open.
    while (
      Date.now() < until &&
      (await requestFromExtensionPage<{ count: number }>(be.control, { type: 'cache.stats' })).count <
        Math.min(MAX_ENTRIES, o.verdicts + o.tabs)
    )
      await new Promise((r) => setTimeout(r, 200));
    const withTabs = await workerHeap(be);

    const rows = [
      ['set up, nothing cached, no tab', kb(empty.usedSize), kb(empty.totalSize), '–'],
      [
        `${o.verdicts.toLocaleString('en')} verdicts cached (loaded at start, as after a wake)`,
        kb(cached.usedSize),
        kb(cached.totalSize),
        `${int((cached.usedSize - empty.usedSize) / o.verdicts)} B per verdict`,
      ],
      [
        `and ${o.tabs} tabs open, each page checked`,
        kb(withTabs.usedSize),
        kb(withTabs.totalSize),
        `${int((withTabs.usedSize - cached.usedSize) / o.tabs)} B per tab`,
      ],
    ];
    const body = [
      `The extension's service worker in Chromium (headless), its JS heap after two full garbage collections (CDP \`HeapProfiler.collectGarbage\`, then \`Runtime.getHeapUsage\` in the worker's own target). First set up against the local service with nothing cached; then with ${o.verdicts.toLocaleString('en')} verdicts written into the verdict cache's store (realistic results: test/bench/synthetic-verdicts.ts, 1 in 5 flagged, with reasoning and indicators) and the worker stopped and started again, so it loads them as after a wake (the cache holds at most ${MAX_ENTRIES.toLocaleString('en')}); then with ${o.tabs} tabs open on ordinary pages of fresh \`*.test\` hosts, one after another, each checked by the service, until every verdict is cached. Content scripts' memory lives in each tab's renderer and is not counted here.`,
      '',
      table(['state', 'used heap', 'heap allocated', 'per item'], rows),
    ];
    return {
      title: '19. Background memory',
      body: body.join('\n'),
      summary: [
        {
          figure: `19. Background memory: JS heap with ${o.verdicts.toLocaleString('en')} cached verdicts and ${o.tabs} tabs open`,
          value: kb(withTabs.usedSize),
          aim: 'reported',
          met: null,
        },
        {
          figure: '19. Background memory: per cached verdict',
          value: `${int((cached.usedSize - empty.usedSize) / o.verdicts)} B`,
          aim: 'reported',
          met: null,
        },
      ],
      raw: { options: o, empty, cached, withTabs },
    };
  } finally {
    for (const t of tabs) await t.close().catch(() => undefined);
    await be.close();
    await svc.stop();
    await pages.stop();
  }
}
