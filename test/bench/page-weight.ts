// Measurement 7: what the content script costs an ordinary page (docs/decisions/013-content-script.md), on the
// corpus of pages that look like the real web (test/bench/corpus). Each page is loaded in two
// Chromium launches side by side: one with Linklens (configured, service reachable), one with a
// do-nothing extension whose empty content script runs in the same frames (noop-extension.ts,
// allFrames). The difference is ours: the browser's own cost of giving a page an extension's
// isolated world is on both sides.
//
// Per load: a fresh tab on a fresh `*.test` host (a fresh renderer), `load`, the page's late
// sections in, then at least MIN_AFTER_LOAD_MS and until the main thread is quiet; then CDP
// Performance.getMetrics of the page's renderer: ScriptDuration (every script on its main thread:
// the page's own, the content scripts of it and its same-origin frames), JSHeapUsedSize (the
// renderer's V8 heap, all worlds); then a forced garbage collection and JSHeapUsedSize again
// (what stays).
import type { BrowserContext } from 'playwright-core';
import { rm } from 'node:fs/promises';
import { launchChromium } from '../e2e/harness';
import { startService } from '../service/server';
import { launchWithExtension } from './bench-browser';
import { CORPUS, type PageSpec } from './corpus/specs';
import { startCorpusServer } from './corpus/server';
import { writeNoopExtension } from './noop-extension';
import type { Section } from './section';
import { fmt, int, max, median, min, sleep, table } from './stats';
import { keptKb, metric, MIN_AFTER_LOAD_MS, POLL_MS, QUIET_MS, settle } from './page-metrics';

export interface PageWeightOptions {
  /** Loads per side and page (median). */
  loads: number;
  /** Corpus pages by name; default all (LINKLENS_BENCH_CORPUS=a,b narrows a run). */
  pages?: string[];
}

interface Load {
  scriptMs: number;
  taskMs: number;
  heapKb: number;
  heapAfterGcKb: number;
  /** The same, once the person's pointer has come onto the page (and it is quiet again): totals since load. */
  arrived: { scriptMs: number; heapAfterGcKb: number };
}

export async function loadAndWeigh(
  context: BrowserContext,
  url: string,
  rest: { x: number; y: number } = { x: 1, y: 1 },
): Promise<Load> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const loadedAt = Date.now();
    for (
      let t = 0;
      !(await page.evaluate(() => (window as unknown as { __corpusDone?: boolean }).__corpusDone === true));
      t++
    ) {
      if (t > 80) throw new Error(`${url}: late sections never arrived`);
      await sleep(POLL_MS);
    }
    const metrics = await settle(cdp, loadedAt);
    const afterGc = await keptKb(cdp);
    // The person arrives: the pointer moves onto the page (CDP input, trusted) at a point on no
    // link (census). Linklens' content script starts on this (src/content/visit.ts): its
    // discovery and lookups run now, and are measured here.
    const movedAt = Date.now();
    await page.mouse.move(rest.x - 2, rest.y);
    await page.mouse.move(rest.x, rest.y);
    const arrived = await settle(cdp, movedAt);
    const arrivedGc = await keptKb(cdp);
    await cdp.detach();
    return {
      scriptMs: metric(metrics, 'ScriptDuration') * 1000,
      taskMs: metric(metrics, 'TaskDuration') * 1000,
      heapKb: metric(metrics, 'JSHeapUsedSize') / 1024,
      heapAfterGcKb: afterGc,
      arrived: { scriptMs: metric(arrived, 'ScriptDuration') * 1000, heapAfterGcKb: arrivedGc },
    };
  } finally {
    await page.close();
  }
}

const CENSUS = `(() => {
  let elements = 0, links = 0, shadowRoots = 0;
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      elements++;
      if ((el.localName === 'a' || el.localName === 'area') && /^https?:/.test(el.href)) links++;
      if (el.shadowRoot) { shadowRoots++; visit(el.shadowRoot); }
    }
  };
  visit(document);
  // Where the person's pointer arrives in the measured loads: a point on no link and no frame
  // (hovering a link would start a check, a frame is another document).
  let rest = null;
  for (let y = 8; y < innerHeight && !rest; y += 40) {
    for (let x = innerWidth - 8; x > 0 && !rest; x -= 40) {
      const el = document.elementFromPoint(x, y);
      if (el && !el.closest('a,area,iframe,frame') && !el.shadowRoot) rest = { x, y };
    }
  }
  return { elements, links, frames: document.querySelectorAll('iframe').length, shadowRoots, rest: rest ?? { x: 1, y: 1 } };
})()`;

/** What the browser really built: elements (open shadow roots included) and http(s) links, after the late sections. */
async function census(
  context: BrowserContext,
  url: string,
): Promise<{ elements: number; links: number; frames: number; shadowRoots: number; rest: { x: number; y: number } }> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => (window as unknown as { __corpusDone?: boolean }).__corpusDone === true,
      undefined,
      { timeout: 20_000 },
    );
    // A string, not a function: tsx would wrap the inner function in a helper the page lacks.
    return (await page.evaluate(CENSUS)) as Awaited<ReturnType<typeof census>>;
  } finally {
    await page.close();
  }
}

interface Row {
  spec: PageSpec;
  served: { htmlKb: number; cssKb: number };
  census: Awaited<ReturnType<typeof census>>;
  linklens: Load[];
  noop: Load[];
}

export async function measurePageWeight(o: PageWeightOptions): Promise<Section> {
  const names = o.pages ?? process.env.LINKLENS_BENCH_CORPUS?.split(',') ?? CORPUS.map((s) => s.name);
  const specs = CORPUS.filter((s) => names.includes(s.name));
  const server = await startCorpusServer();
  const svc = await startService({ processingDelayMs: 300, initialCredits: 100_000 });
  const noopDir = await writeNoopExtension({ allFrames: true });
  const ours = await launchWithExtension(svc);
  const noop = await launchChromium({ extensionDir: noopDir });
  try {
    for (const side of [ours.ext.context, noop.context]) await loadAndWeigh(side, server.url('warm-up.test', 'blog'));
    const rows: Row[] = [];
    for (const spec of specs) {
      const page = server.page(spec.name);
      const row: Row = {
        spec,
        served: { htmlKb: page.counts.htmlKb, cssKb: page.counts.cssKb },
        census: await census(noop.context, server.url(`census-${spec.name}.test`, spec.name)),
        linklens: [],
        noop: [],
      };
      for (let r = 0; r < o.loads; r++) {
        // Alternate which side goes first, so drift on a shared machine hits both alike.
        const order = r % 2 === 0 ? (['linklens', 'noop'] as const) : (['noop', 'linklens'] as const);
        for (const side of order) {
          const context = side === 'linklens' ? ours.ext.context : noop.context;
          row[side].push(
            await loadAndWeigh(context, server.url(`${spec.name}-${r}-${side}.test`, spec.name), row.census.rest),
          );
        }
      }
      console.log(
        `  ${spec.name}: extra script ${fmt(
          extra(row, (l) => l.scriptMs),
          1,
        )} ms, extra heap ${int(extra(row, (l) => l.heapAfterGcKb))} kB after GC`,
      );
      rows.push(row);
    }
    return report(o, rows);
  } finally {
    await ours.close();
    await noop.close();
    await rm(noopDir, { recursive: true, force: true });
    await svc.stop();
    await server.stop();
  }
}

const med = (loads: Load[], f: (l: Load) => number) => median(loads.map(f));
const extra = (r: Row, f: (l: Load) => number) => med(r.linklens, f) - med(r.noop, f);
const spread = (loads: Load[], f: (l: Load) => number, d = 1) =>
  `${fmt(min(loads.map(f)), d)}–${fmt(max(loads.map(f)), d)}`;

function report(o: PageWeightOptions, rows: Row[]): Section {
  const script = (l: Load) => l.scriptMs;
  const busy = (l: Load) => l.taskMs;
  const heap = (l: Load) => l.heapKb;
  const kept = (l: Load) => l.heapAfterGcKb;
  const arrivedScript = (l: Load) => l.arrived.scriptMs;
  const arrivedKept = (l: Load) => l.arrived.heapAfterGcKb;
  const corpus = rows.filter((r) => r.spec.name !== 'one-link');
  const heaviest = corpus.reduce<Row | undefined>(
    (a, r) => (!a || r.census.elements > a.census.elements ? r : a),
    undefined,
  );
  const one = rows.find((r) => r.spec.name === 'one-link');
  const medScript = median(corpus.map((r) => extra(r, script)));
  const maxKept = max(corpus.map((r) => extra(r, kept)));
  const medArrived = median(corpus.map((r) => extra(r, arrivedScript)));
  const maxArrivedKept = max(corpus.map((r) => extra(r, arrivedKept)));
  const body = [
    `The corpus (test/bench/corpus/specs.ts): pages composed by a seeded generator in the shape of saved real articles — deep wrapper nesting, large inline and linked style sheets (most rules for classes the page does not use), same-origin, cross-origin and srcdoc frames, web components with declarative shadow roots, and sections the page's own script fetches and inserts after \`load\`. Elements, links, frames and shadow roots below are counted in the browser after the late sections arrived (open shadow roots included, closed ones not: the page cannot see into them either).`,
    '',
    `Each load: a fresh tab on a fresh \`*.test\` host (a fresh renderer), \`load\`, the late sections in, then at least ${MIN_AFTER_LOAD_MS / 1000} s and until the main thread has been quiet for ${QUIET_MS} ms (no script, under 2 ms of other work per ${POLL_MS} ms poll). Then CDP \`Performance.getMetrics\` of the page's renderer: **script** = \`ScriptDuration\` (every script of the page's main thread: the page's own, and the content scripts of the page and its same-origin frames; cross-origin frames run in other renderers and are not in it); **heap** = \`JSHeapUsedSize\` (the renderer's V8 heap, all worlds); **kept** = \`JSHeapUsedSize\` again after a forced collection (\`HeapProfiler.collectGarbage\`). Linklens = Chromium with the extension, configured and its service reachable (the links are unknown to its cache: every one is looked up, none scanned); no-op = a second launch, same switches, with an extension whose empty content script runs in the same frames (all frames, about:blank and srcdoc too). ${o.loads} loads per side and page, alternating which side goes first; medians, and min–max of the Linklens side.`,
    '',
    `**At load** is a page nobody has touched: Linklens' content script registers a few listeners and waits for the person (src/content/visit.ts), as a tab opened or restored in the background, or a page read without moving the pointer, stays. **Once the person arrives**: then the pointer moves onto the page (CDP input, a trusted event, at a point on no link and no frame, found once per page beforehand), the content script sets itself up, finds the links near the screen and looks them up; the page is left until quiet again (at least ${MIN_AFTER_LOAD_MS / 1000} s), and the figures are totals since load, with a second forced collection for "kept". That is what every page a person uses pays.`,
    '',
    table(
      [
        'page',
        'elements',
        'links',
        'frames / shadow roots',
        'HTML / CSS (kB)',
        'script Linklens / no-op (ms)',
        'Linklens min–max',
        'extra script (ms)',
        'extra busy (ms)',
        'heap Linklens / no-op (kB)',
        'extra heap (kB)',
        'extra kept after GC (kB)',
        'once the person arrives: extra script (ms) / extra kept (kB)',
      ],
      rows.map((r) => [
        `${r.spec.name} (${r.spec.like})`,
        int(r.census.elements),
        int(r.census.links),
        `${r.census.frames} / ${r.census.shadowRoots}`,
        `${int(r.served.htmlKb)} / ${int(r.served.cssKb)}`,
        `${fmt(med(r.linklens, script), 1)} / ${fmt(med(r.noop, script), 1)}`,
        spread(r.linklens, script),
        fmt(extra(r, script), 1),
        fmt(extra(r, busy), 0),
        `${int(med(r.linklens, heap))} / ${int(med(r.noop, heap))}`,
        int(extra(r, heap)),
        int(extra(r, kept)),
        `${fmt(extra(r, arrivedScript), 1)} / ${int(extra(r, arrivedKept))}`,
      ]),
    ),
    '',
    '**Busy** = `TaskDuration` (everything on the main thread: script, style, layout, paint), for scale: it swings by tens of ms between loads of the same page on this shared machine, so its difference is mostly noise; script time is the steadier figure. Noise: the heap before collection depends on when V8 last collected (it moves by hundreds of kB between loads of the same page on either side); "kept" is the steadier heap figure. Script time of the page itself (its late-section loader) is on both sides.',
    '',
  ];
  const summary = [
    {
      figure: '9. Real-web corpus: extra script time per load, median over the pages',
      value: `${fmt(medScript, 1)} ms`,
      aim: '≤ 5 ms',
      met: medScript <= 5,
    },
    {
      figure: '9. Real-web corpus, once the person arrives: extra script time, median over the pages',
      value: `${fmt(medArrived, 1)} ms`,
      aim: '—',
      met: null,
    },
    {
      figure: '9. Real-web corpus, once the person arrives: extra JS heap kept after GC, largest',
      value: `${int(maxArrivedKept)} kB`,
      aim: '—',
      met: null,
    },
    ...(heaviest
      ? [
          {
            figure: `9. Real-web corpus: extra script time on the heaviest page (${heaviest.spec.name}, ${int(heaviest.census.elements)} elements)`,
            value: `${fmt(extra(heaviest, script), 1)} ms`,
            aim: '≤ 15 ms',
            met: extra(heaviest, script) <= 15,
          },
        ]
      : []),
    {
      figure: '9. Real-web corpus: extra JS heap kept after GC, largest over the pages',
      value: `${int(maxKept)} kB`,
      aim: '≤ 300 kB',
      met: maxKept <= 300,
    },
    ...(one
      ? [
          {
            figure: '9. Page with one link: extra script time',
            value: `${fmt(extra(one, script), 2)} ms`,
            aim: '≤ 2 ms',
            met: extra(one, script) <= 2,
          },
          {
            figure: '9. Page with one link: extra JS heap kept after GC',
            value: `${int(extra(one, kept))} kB`,
            aim: '≤ 150 kB',
            met: extra(one, kept) <= 150,
          },
          {
            figure: '9. Page with one link, once the person arrives: extra script time / kept heap',
            value: `${fmt(extra(one, arrivedScript), 2)} ms / ${int(extra(one, arrivedKept))} kB`,
            aim: '—',
            met: null,
          },
        ]
      : []),
  ];
  return {
    title: '9. Weight on ordinary pages (real-web corpus)',
    body: body.join('\n'),
    summary,
    raw: { options: o, rows },
  };
}
