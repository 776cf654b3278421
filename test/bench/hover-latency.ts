// Measurement 4: (a) a real pointer hover on a link whose verdict is cached → the warning tooltip
// is shown, worker warm; (b) the first verdict after the service worker was stopped (the message
// a hover sends, answered from the cache by a worker that must start first), beside the same
// message to a running worker, in the same run.
//
// (a) The pointer moves by CDP Input.dispatchMouseEvent (trusted events). In the content
// script's isolated world (harness/content-world.ts) a capture listener keeps the pointerover
// event's timeStamp, and a MutationObserver on the tooltip element inside the overlay's CLOSED
// shadow root (reached with chrome.dom.openOrClosedShadowRoot, which content scripts have) stamps
// when it is un-hidden; then the next animation frame is stamped too. Same clock (the document's
// performance timeline) on both ends.
import './node-browser'; // before verdict-cache.ts (read for MAX_ENTRIES) binds wxt/browser
import type { Page } from 'playwright-core';
import { rm } from 'node:fs/promises';
import { launchChromium, stopServiceWorker, type ChromiumExtension } from '../e2e/harness';
import { openContentWorld, type ContentWorld } from '../e2e/harness/content-world';
import { requestFromExtensionPage } from '../e2e/harness/extension-messages';
import { MAX_ENTRIES } from '@/src/background/cache/verdict-cache';
import type { LinksLookupData } from '@/src/shared/messaging/protocol';
import { startService } from '../service/server';
import { launchWithExtension } from './bench-browser';
import { writeNoopExtension } from './noop-extension';
import { flaggedUrl, startLinksServer } from './bench-pages';
import type { Section } from './section';
import { cacheEntry, verdictAt } from './synthetic-verdicts';
import { fmt, int, median, p95, sleep, table, paragraphs } from './stats';

export interface HoverOptions {
  /** Flagged links on the page (all hovered each pass). */
  links: number;
  passes: number;
  /** Worker stops per cache size. */
  coldStarts: number;
}

const TOOLTIP_GRACE_MS = 300; // src/content/app.ts: the tooltip hides this long after the pointer left

/** Installs the stamps in the content-script world; returns false when the overlay is missing. */
const INSTALL = `(() => {
  const host = document.querySelector('linklens-overlay');
  if (!host || !chrome.dom || !chrome.dom.openOrClosedShadowRoot) return false;
  const root = chrome.dom.openOrClosedShadowRoot(host);
  const tip = root && root.getElementById('linklens-tip');
  if (!tip) return false;
  const st = globalThis.__benchHover = { over: null, samples: [] };
  // window, capture: runs before the content script's own listener on document, so the stamp
  // is taken before the tooltip can change (its MutationObserver callback runs right after).
  window.addEventListener('pointerover', (e) => {
    if (e.target instanceof Element && e.target.closest('a[href]')) st.over = { event: e.timeStamp, dispatch: performance.now() };
  }, true);
  new MutationObserver(() => {
    if (tip.hidden || st.over === null) return;
    const over = st.over;
    st.over = null;
    const shown = performance.now();
    requestAnimationFrame(() => st.samples.push({ event: over.event, dispatch: over.dispatch, shown, frame: performance.now() }));
  }).observe(tip, { attributes: true, childList: true, subtree: true });
  return true;
})()`;

interface HoverSample {
  /** The pointerover event's timeStamp (when the browser took the input). */
  event: number;
  /** When its dispatch to the page's listeners began. */
  dispatch: number;
  shown: number;
  frame: number;
}

async function center(page: Page, i: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`#l${i}`).boundingBox();
  if (!box) throw new Error(`link ${i} has no box`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function hoverSamples(
  page: Page,
  world: ContentWorld,
  o: HoverOptions,
): Promise<{ samples: HoverSample[]; missed: number }> {
  if ((await world.evaluate(INSTALL)) !== true) throw new Error('No overlay tooltip found in the content-script world');
  let missed = 0;
  for (let pass = 0; pass < o.passes; pass++) {
    for (let i = 0; i < o.links; i++) {
      await page.mouse.move(5, 60); // the heading: no link under the pointer
      await sleep(TOOLTIP_GRACE_MS + 150); // the tooltip of the previous link hides
      const before = ((await world.evaluate('globalThis.__benchHover.samples.length')) as number) ?? 0;
      const { x, y } = await center(page, i);
      await page.mouse.move(x, y);
      const deadline = Date.now() + 2000;
      while (((await world.evaluate('globalThis.__benchHover.samples.length')) as number) === before) {
        if (Date.now() > deadline) {
          missed++;
          break;
        }
        await sleep(10);
      }
    }
  }
  const samples = (await world.evaluate('globalThis.__benchHover.samples')) as HoverSample[];
  return { samples, missed };
}

/** Round trip of the message a hover sends (`link.hover`), from the content-script world. */
async function hoverMessage(world: ContentWorld, url: string): Promise<{ ms: number; status: string }> {
  return (await world.evaluate(
    `(async () => { const t = performance.now(); const r = await chrome.runtime.sendMessage(${JSON.stringify({ type: 'link.hover', url })}); return { ms: performance.now() - t, status: (r && r.ok && r.data && r.data.status) || JSON.stringify(r) }; })()`,
  )) as { ms: number; status: string };
}

interface Series {
  label: string;
  ms: number[];
  notFromCache: number;
  posts: number;
}

async function warmSeries(label: string, world: ContentWorld, urls: string[], n: number): Promise<Series> {
  const s: Series = { label, ms: [], notFromCache: 0, posts: 0 };
  for (let i = 0; i < n; i++) {
    const r = await hoverMessage(world, urls[i % urls.length]!);
    s.ms.push(r.ms);
    if (r.status !== 'verdict') s.notFromCache++;
  }
  return s;
}

async function coldSeries(
  label: string,
  ext: ChromiumExtension,
  world: ContentWorld,
  urls: string[],
  n: number,
  posts: () => number,
): Promise<Series> {
  const s: Series = { label, ms: [], notFromCache: 0, posts: 0 };
  const before = posts();
  for (let k = 0; k < n; k++) {
    await stopServiceWorker(ext.context, ext.extensionId);
    const r = await hoverMessage(world, urls[k % urls.length]!);
    s.ms.push(r.ms);
    if (r.status !== 'verdict') s.notFromCache++;
  }
  s.posts = posts() - before;
  return s;
}

/** The same stops and messages against a do-nothing extension: the browser's floor. */
async function noopSeries(o: HoverOptions, pageUrl: string): Promise<Series[]> {
  const dir = await writeNoopExtension();
  const ext = await launchChromium({ extensionDir: dir });
  try {
    const page = await ext.context.newPage();
    await page.goto(pageUrl, { waitUntil: 'load' });
    const world = await openContentWorld(page, ext.extensionId);
    const warm = await warmSeries('no-op extension, worker running', world, [pageUrl], 3 * o.coldStarts);
    const cold = await coldSeries('no-op extension, worker stopped', ext, world, [pageUrl], o.coldStarts, () => 0);
    await world.close();
    return [warm, cold];
  } finally {
    await ext.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function measureHoverLatency(o: HoverOptions): Promise<Section> {
  const server = await startLinksServer();
  const svc = await startService({ processingDelayMs: 300, initialCredits: 100_000 });
  const be = await launchWithExtension(svc);
  try {
    const urls = Array.from({ length: o.links }, (_, i) => flaggedUrl(server.port, i));
    // Cache the verdicts first (as if scanned earlier), then open the page: its lookups find them.
    for (const url of urls) await requestFromExtensionPage(be.control, { type: 'scan.url', url, reason: 'popup' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const known = await requestFromExtensionPage<LinksLookupData>(be.control, { type: 'links.lookup', urls });
      if (urls.every((u) => known[u]?.status === 'verdict' && known[u]?.action === 'warn')) break;
      if (Date.now() > deadline) throw new Error(`verdicts not cached: ${JSON.stringify(known).slice(0, 300)}`);
      await sleep(200);
    }
    const page = await be.ext.context.newPage();
    await page.goto(server.flaggedPage('offers-page.test', o.links), { waitUntil: 'load' });
    const world = await openContentWorld(page, be.ext.extensionId);
    // The person arrives (the content script starts on the first pointer move: src/content/visit.ts),
    // on the heading, no link under the pointer; then the page's links.lookup answers and markers are drawn.
    await page.mouse.move(5, 60);
    await sleep(1500);
    const hover = await hoverSamples(page, world, o);

    // (b) warm message round trips, then cold starts: small cache, then a cache at its cap.
    const posts = () => svc.log.filter((e) => e.method === 'POST').length;
    const warm = await warmSeries('worker running', world, urls, 3 * o.coldStarts);
    const coldSmall = await coldSeries(
      `worker stopped, ${o.links + 1} verdicts cached`,
      be.ext,
      world,
      urls,
      o.coldStarts,
      posts,
    );
    // Fill storage to the cache's cap with older verdicts (the cache's own entry format), so the
    // next worker start loads a full cache. Written from an extension page, as the cache would.
    const filler = MAX_ENTRIES - (o.links + 1);
    const now = Date.now();
    const entries = Object.fromEntries(
      Array.from({ length: filler }, (_, i) => cacheEntry(verdictAt(i, now - 3_600_000 - i), now + 86_400_000)),
    );
    // The cache lives in the extension's IndexedDB (state/kv.ts 'db': database "linklens", store "kv").
    await be.control.evaluate(
      (items) =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.open('linklens');
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            const t = req.result.transaction('kv', 'readwrite');
            const store = t.objectStore('kv');
            for (const [k, v] of Object.entries(items)) store.put(v, k);
            t.oncomplete = () => resolve();
            t.onerror = () => reject(t.error);
          };
        }),
      entries,
    );
    const coldFull = await coldSeries(
      `worker stopped, ${int(MAX_ENTRIES)} verdicts cached (the cap)`,
      be.ext,
      world,
      urls,
      o.coldStarts,
      posts,
    );
    const bytes = await be.control.evaluate(
      () =>
        new Promise<{ keys: number; bytes: number }>((resolve, reject) => {
          const req = indexedDB.open('linklens');
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            const store = req.result.transaction('kv').objectStore('kv');
            const keys = store.getAllKeys();
            const values = store.getAll();
            values.onsuccess = () => {
              let n = 0;
              let b = 0;
              keys.result.forEach((k, i) => {
                if (typeof k !== 'string' || !k.startsWith('v:')) return;
                n++;
                b += k.length + JSON.stringify(values.result[i]).length; // key + JSON value
              });
              resolve({ keys: n, bytes: b });
            };
            values.onerror = () => reject(values.error);
          };
        }),
    );
    await world.close();
    await be.close();
    const [noopWarm, noopCold] = await noopSeries(o, server.flaggedPage('noop-page.test', 1));
    return report(o, hover, [warm, coldSmall, coldFull, noopWarm!, noopCold!], bytes);
  } finally {
    await be.close();
    await svc.stop();
    await server.stop();
  }
}

function report(
  o: HoverOptions,
  hover: { samples: HoverSample[]; missed: number },
  series: Series[],
  bytes: { keys: number; bytes: number },
): Section {
  const shown = hover.samples.map((s) => s.shown - s.event);
  const own = hover.samples.map((s) => s.shown - s.dispatch);
  const queued = hover.samples.map((s) => s.dispatch - s.event);
  const frame = hover.samples.map((s) => s.frame - s.event);
  const [warm, coldSmall, coldFull, noopWarm, noopCold] = series as [Series, Series, Series, Series, Series];
  const body = [
    `**(a) Hover → warning visible, worker warm.** A page of ${o.links} links whose verdicts are cached ("warn": scam-like hosts); the page's own lookups have answered, so the content script knows them. For each link: the pointer rests on a blank heading for ${TOOLTIP_GRACE_MS + 150} ms (the previous tooltip hides), then moves onto the link (CDP \`Input.dispatchMouseEvent\`, trusted). Start = the \`pointerover\` event's \`timeStamp\` (when the browser took the input); **dispatch** = when the event reached the first listener (a capture listener on \`window\`, before the content script's own on \`document\`); **shown** = when the tooltip element inside the overlay's closed shadow root is un-hidden (a MutationObserver in the content-script world, reaching the root with \`chrome.dom.openOrClosedShadowRoot\`); **next frame** = the following \`requestAnimationFrame\` callback (the frame that paints it; headless Chromium runs frames at 60 Hz, so this adds up to ~16.7 ms by itself). event → dispatch is the page's input queue, there with or without the extension; dispatch → shown is the content script's own work. ${o.passes} passes, ${hover.samples.length} samples${hover.missed ? `, ${hover.missed} hovers showed no tooltip within 2 s` : ''}.`,
    '',
    table(
      ['hover → …', 'p50 (ms)', 'p95 (ms)', 'aim (p95)'],
      [
        ['event → tooltip shown', fmt(median(shown), 1), fmt(p95(shown), 1), '≤ 10 ms'],
        ['of which: event → dispatch (input queue)', fmt(median(queued), 1), fmt(p95(queued), 1), '—'],
        ['of which: dispatch → shown (content script)', fmt(median(own), 2), fmt(p95(own), 2), '—'],
        ['event → next animation frame', fmt(median(frame), 1), fmt(p95(frame), 1), '—'],
      ],
    ),
    '',
    `**(b) First verdict after the worker was stopped.** The service worker is stopped through CDP (\`ServiceWorker.stopWorker\`, as Chromium does when it idles); then the content-script world of the page sends the message a hover sends (\`link.hover\`) for a link with a cached verdict, and times its round trip (\`performance.now()\` around \`chrome.runtime.sendMessage\`). The message starts the worker, which builds its parts, reads that link's verdict from the extension's IndexedDB and answers. Beside it, the same message to a running worker. Twice: with the few verdicts of this page cached, and with storage filled to the cache's cap (older verdicts written in the cache's own format from an extension page before the stops). "not from cache" = replies other than a verdict (the cache was not loaded yet: the hover would be scanned again); POSTs = scans sent meanwhile.`,
    '',
    table(
      ['message round trip', 'n', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'not from cache', 'POSTs', 'aim (p95)'],
      series.map((s, i) => [
        s.label,
        s.ms.length,
        fmt(median(s.ms), 1),
        fmt(p95(s.ms), 1),
        fmt(Math.max(...s.ms), 1),
        s.notFromCache,
        i === 1 || i === 2 ? s.posts : '—',
        i === 1 || i === 2 ? '≤ 150 ms' : '—',
      ]),
    ),
    '',
    `Cold ÷ warm (p50): ${fmt(median(coldSmall.ms) / median(warm.ms), 0)}× with a small cache, ${fmt(median(coldFull.ms) / median(warm.ms), 0)}× with a full one (no-op extension: ${fmt(median(noopCold.ms) / median(noopWarm.ms), 0)}×). Linklens ÷ the no-op extension after a stop (p50): ${fmt(median(coldSmall.ms) / median(noopCold.ms), 1)}× (small cache), ${fmt(median(coldFull.ms) / median(noopCold.ms), 1)}× (full cache); the no-op extension (test/bench/noop-extension.ts: a worker that answers every message at once, an empty content script) is stopped and messaged the same way, in a third Chromium launch right after, to show the browser's own floor for starting a worker. Real verdict entries in this browser at the end: ${int(bytes.keys)} keys, ${fmt(bytes.bytes / Math.max(1, bytes.keys), 0)} bytes each (key + JSON value, read back from IndexedDB; cf. BENCHMARKS.md "Verdict cache").`,
    '',
    ...paragraphs(whyMissed(shown, own, queued, coldSmall, coldFull, noopCold)),
  ];
  return {
    title: '4. Hover → warning, and the first verdict after the worker stopped',
    body: body.join('\n'),
    summary: [
      {
        figure: '4. Hover on a cached link → warning shown, p50 / p95',
        value: `${fmt(median(shown), 1)} / ${fmt(p95(shown), 1)} ms`,
        aim: 'p95 ≤ 10 ms',
        met: p95(shown) <= 10,
      },
      ...[coldSmall, coldFull].map((c) => ({
        figure: `4. First verdict after the worker stopped (${c === coldSmall ? 'small cache' : `cache at its cap, ${int(MAX_ENTRIES)}`}), p50 / p95`,
        value: `${fmt(median(c.ms), 0)} / ${fmt(p95(c.ms), 0)} ms (no-op extension: ${fmt(median(noopCold.ms), 0)} / ${fmt(p95(noopCold.ms), 0)} ms)`,
        aim: 'p95 ≤ 150 ms',
        met: p95(c.ms) <= 150 && c.notFromCache === 0,
      })),
    ],
    raw: { options: o, hover, series, bytes },
  };
}

function whyMissed(
  shown: number[],
  own: number[],
  queued: number[],
  coldSmall: Series,
  coldFull: Series,
  noopCold: Series,
): string[] {
  const out: string[] = [];
  if (p95(shown) > 10) {
    const ours = p95(own) <= 5;
    out.push(
      `**Hover → shown p95 ${fmt(p95(shown), 1)} ms > 10 ms.** The content script's own part (dispatch → shown) is p95 ${fmt(p95(own), 2)} ms${ours ? ": the tooltip is filled synchronously in its `pointerover` listener from what the page's lookup already brought" : ''}. ` +
        `The input's wait in the page's main-thread queue before any listener runs is p95 ${fmt(p95(queued), 1)} ms here (it exists with or without the extension; this is a shared 2-CPU machine under load)${ours ? `. Our part alone is within the aim; the total moves around 10 ms from run to run with the machine's load. Nothing of ours to fix.` : '.'}`,
    );
  }
  if (p95(coldSmall.ms) > 150 || p95(coldFull.ms) > 150) {
    const floor = median(noopCold.ms);
    const small = median(coldSmall.ms);
    const full = median(coldFull.ms);
    out.push(
      `**First verdict after a stop: p95 ${fmt(p95(coldSmall.ms), 0)} ms with a small cache, ${fmt(p95(coldFull.ms), 0)} ms with a cache at its cap (aim ≤ 150 ms).** ` +
        `At the median: the browser's own floor (no-op worker) is ${fmt(floor, 0)} ms; ` +
        (small - floor > 10
          ? `Linklens with a small cache adds ${fmt(small - floor, 0)} ms (evaluating the background bundle — BENCHMARKS.md "Bundle sizes" — and building its parts); `
          : `Linklens with a small cache is within ${fmt(Math.abs(small - floor), 0)} ms of it (starting our worker costs about what starting an empty one does); `) +
        `a cache at its cap adds ${fmt(full - small, 0)} ms more at the median and ${fmt(p95(coldFull.ms) - p95(coldSmall.ms), 0)} ms at p95: ` +
        "the lookup reads its own entry without waiting for the cache's load (src/background/cache/verdict-cache.ts), " +
        "but the load of the whole store runs beside it on the worker's one thread.",
    );
  }
  if (coldSmall.notFromCache + coldFull.notFromCache > 0) {
    out.push(
      `**${coldSmall.notFromCache + coldFull.notFromCache} cold-start answers were not the cached verdict** (${coldSmall.posts + coldFull.posts} POSTs): the router answers before the verdict cache has loaded (background main.ts builds \`ready = cache.init()…\` but message handlers do not wait for it).`,
    );
  }
  return out;
}
