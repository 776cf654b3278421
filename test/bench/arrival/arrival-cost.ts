// The bench's arrival measurement (`npm run bench -- --only=18`): what the content script costs once the person arrives (arrive.ts: the pointer
// crosses the page, three screens are read down), over a content script that does nothing, on
// saved real pages (real-pages.ts) and on the generated corpus pages with frames and shadow roots
// (test/bench/corpus). Nothing on these pages is risky: the links are unknown to the extension's
// cache, so each one near the screen is looked up and none is marked.
//
// Per load: a fresh tab on a fresh `*.test` host (a fresh renderer), `load` (and a generated
// page's late sections), quiet; script and kept heap at that point ("at load"); then the person
// arrives, quiet again (page-metrics.ts); script since load and the heap kept after a forced
// collection ("arrived"). Linklens and the no-op extension (noop-extension.ts, the same frames
// and the same document_start script in the top frame, where Linklens's hold guard runs) run in
// two Chromium launches side by side, loads alternating which goes first.
import type { BrowserContext } from 'playwright-core';
import { rm } from 'node:fs/promises';
import { launchChromium } from '../../e2e/harness';
import { startService } from '../../service/server';
import { launchWithExtension } from '../bench-browser';
import { startCorpusServer } from '../corpus/server';
import { writeNoopExtension } from '../noop-extension';
import { keptKb, metric, POLL_MS, settle } from '../page-metrics';
import type { Section } from '../section';
import { fmt, int, max, median, min, sleep, table } from '../stats';
import { arrive } from './arrive';
import { startRealPages } from './real-pages';

export interface ArrivalOptions {
  /** Loads per side and page (median). */
  loads: number;
  /** Generated corpus pages measured beside the real ones. */
  generated: string[];
  /** Only pages whose name contains one of these (LINKLENS_BENCH_ARRIVAL=heise,news-c while iterating). */
  only?: string[];
}

/** The aims (the issue "light once the person arrives"), over the no-op content script. */
export const AIMS = { meanScriptMs: 3, heaviestScriptMs: 6, keptKb: 150, atLoadMeanScriptMs: 0.5 };

interface Load {
  atLoad: { scriptMs: number; keptKb: number };
  arrived: { scriptMs: number; keptKb: number };
  /** How far the page was read (screens scrolled, below 3 on a short page). */
  screens: number;
  elements: number;
  links: number;
}

interface Row {
  name: string;
  kind: 'saved' | 'generated';
  linklens: Load[];
  noop: Load[];
}

const COUNT = `(() => {
  let elements = 0, links = 0;
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      elements++;
      if ((el.localName === 'a' || el.localName === 'area') && /^https?:/.test(el.href)) links++;
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  return { elements, links, screens: scrollY / innerHeight };
})()`;

async function loadAndArrive(context: BrowserContext, url: string, generated: boolean): Promise<Load> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const loadedAt = Date.now();
    for (
      let t = 0;
      generated &&
      !(await page.evaluate(() => (window as unknown as { __corpusDone?: boolean }).__corpusDone === true));
      t++
    ) {
      if (t > 80) throw new Error(`${url}: late sections never arrived`);
      await sleep(POLL_MS);
    }
    const loaded = await settle(cdp, loadedAt);
    const loadedKept = await keptKb(cdp);
    const arrivedAt = Date.now();
    await arrive(page);
    const arrived = await settle(cdp, arrivedAt);
    const arrivedKept = await keptKb(cdp);
    // Counted last: this is page-world script, after the figures are read.
    const census = (await page.evaluate(COUNT)) as { elements: number; links: number; screens: number };
    await cdp.detach();
    return {
      atLoad: { scriptMs: metric(loaded, 'ScriptDuration') * 1000, keptKb: loadedKept },
      arrived: { scriptMs: metric(arrived, 'ScriptDuration') * 1000, keptKb: arrivedKept },
      ...census,
    };
  } finally {
    await page.close();
  }
}

export async function measureArrival(o: ArrivalOptions): Promise<Section> {
  const real = await startRealPages();
  const corpus = await startCorpusServer();
  const svc = await startService({ processingDelayMs: 300, initialCredits: 100_000 });
  const noopDir = await writeNoopExtension({ allFrames: true, documentStart: true });
  const ours = await launchWithExtension(svc);
  const noop = await launchChromium({ extensionDir: noopDir });
  const pages = [
    ...real.names.map((name) => ({ name, kind: 'saved' as const, url: (host: string) => real.url(host, name) })),
    ...o.generated.map((name) => ({ name, kind: 'generated' as const, url: (host: string) => corpus.url(host, name) })),
  ].filter((p) => !o.only || o.only.some((s) => p.name.includes(s)));
  try {
    for (const side of [ours.ext.context, noop.context])
      await loadAndArrive(side, corpus.url('warm-up.test', 'blog'), true);
    const rows: Row[] = [];
    for (const [i, p] of pages.entries()) {
      const row: Row = { name: p.name, kind: p.kind, linklens: [], noop: [] };
      for (let r = 0; r < o.loads; r++) {
        const order = (r + i) % 2 === 0 ? (['linklens', 'noop'] as const) : (['noop', 'linklens'] as const);
        for (const side of order) {
          const context = side === 'linklens' ? ours.ext.context : noop.context;
          row[side].push(await loadAndArrive(context, p.url(`arrival-${i}-${r}-${side}.test`), p.kind === 'generated'));
        }
      }
      console.log(
        `  ${p.name}: arrived extra script ${fmt(extra(row, arrivedScript), 1)} ms, extra kept ${int(extra(row, arrivedKept))} kB`,
      );
      rows.push(row);
    }
    return report(o, rows);
  } finally {
    await ours.close();
    await noop.close();
    await rm(noopDir, { recursive: true, force: true });
    await svc.stop();
    await corpus.stop();
    await real.stop();
  }
}

const med = (loads: Load[], f: (l: Load) => number) => median(loads.map(f));
const extra = (r: Row, f: (l: Load) => number) => med(r.linklens, f) - med(r.noop, f);
const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(1, xs.length);
const arrivedScript = (l: Load) => l.arrived.scriptMs;
const arrivedKept = (l: Load) => l.arrived.keptKb;
const loadScript = (l: Load) => l.atLoad.scriptMs;
const loadKept = (l: Load) => l.atLoad.keptKb;

function report(o: ArrivalOptions, rows: Row[]): Section {
  const heaviest = rows.reduce<Row | undefined>(
    (a, r) => (!a || med(r.noop, (l) => l.elements) > med(a.noop, (l) => l.elements) ? r : a),
    undefined,
  );
  const meanArrived = mean(rows.map((r) => extra(r, arrivedScript)));
  const maxKept = max(rows.map((r) => extra(r, arrivedKept)));
  const meanLoad = mean(rows.map((r) => extra(r, loadScript)));
  const body = [
    `Pages: the ${rows.filter((r) => r.kind === 'saved').length} saved real pages of the shared reference data (\`../shared/reference-data/pages/\`: mozilla/readability's and adbar/trafilatura's test pages — news, wiki, shop, forum, government and school sites — with scripts, style-sheet links, frames and sources removed, inline styles kept), unpacked for the run, and generated corpus pages with what the saved ones lack (frames of both origins, srcdoc frames, declarative shadow roots, late sections; test/bench/corpus/specs.ts). Elements and http(s) links as the browser counted them (open shadow roots included).`,
    '',
    `Each load: a fresh tab on a fresh \`*.test\` host, \`load\`, quiet (page-metrics.ts); **at load** = \`ScriptDuration\` of the page's renderer main thread, and \`JSHeapUsedSize\` after a forced collection (kept). Then **the person arrives** (test/bench/arrival/arrive.ts): the pointer comes in at the left edge and crosses the page at mid-height in half a second, leaves the window, and three screens are read down with Page Down; quiet again; script since load, and the heap kept after a second collection. Linklens (configured, service reachable; every link is unknown to its cache: looked up, none marked) against a no-op extension whose empty content script runs in the same frames, with a second empty one at document_start in the top frame where Linklens's hold guard runs; ${o.loads} loads per side and page, alternating which goes first; medians per page, "extra" = Linklens − no-op.`,
    '',
    table(
      [
        'page',
        'elements',
        'links',
        'screens read',
        'at load: extra script (ms) / kept (kB)',
        'arrived: script Linklens / no-op (ms)',
        'Linklens min–max',
        'arrived: extra script (ms)',
        'arrived: kept Linklens / no-op (kB)',
        'arrived: extra kept (kB)',
      ],
      rows.map((r) => [
        `${r.name}${r.kind === 'generated' ? ' (generated)' : ''}`,
        int(med(r.noop, (l) => l.elements)),
        int(med(r.noop, (l) => l.links)),
        fmt(
          med(r.linklens, (l) => l.screens),
          1,
        ),
        `${fmt(extra(r, loadScript), 1)} / ${int(extra(r, loadKept))}`,
        `${fmt(med(r.linklens, arrivedScript), 1)} / ${fmt(med(r.noop, arrivedScript), 1)}`,
        `${fmt(min(r.linklens.map(arrivedScript)), 1)}–${fmt(max(r.linklens.map(arrivedScript)), 1)}`,
        fmt(extra(r, arrivedScript), 1),
        `${int(med(r.linklens, arrivedKept))} / ${int(med(r.noop, arrivedKept))}`,
        int(extra(r, arrivedKept)),
      ]),
    ),
    '',
    'Script is every script of the page\'s main thread (the saved pages have none of their own; the generated ones only their late-section loader, on both sides). "Kept" is the renderer\'s V8 heap, all worlds; it moves by a few tens of kB between loads of the same page on either side, so single-page differences that small are noise.',
    '',
  ];
  const summary = [
    {
      figure: '18. Once the person arrives: extra script time, mean over the pages',
      value: `${fmt(meanArrived, 1)} ms`,
      aim: `≤ ${AIMS.meanScriptMs} ms`,
      met: meanArrived <= AIMS.meanScriptMs,
    },
    ...(heaviest
      ? [
          {
            figure: `18. Once the person arrives: extra script time on the heaviest page (${heaviest.name}, ${int(med(heaviest.noop, (l) => l.elements))} elements)`,
            value: `${fmt(extra(heaviest, arrivedScript), 1)} ms`,
            aim: `≤ ${AIMS.heaviestScriptMs} ms`,
            met: extra(heaviest, arrivedScript) <= AIMS.heaviestScriptMs,
          },
        ]
      : []),
    {
      figure: '18. Once the person arrives: extra JS heap kept after GC, largest over the pages',
      value: `${int(maxKept)} kB`,
      aim: `≤ ${AIMS.keptKb} kB`,
      met: maxKept <= AIMS.keptKb,
    },
    {
      figure: '18. At load (nobody arrived): extra script time, mean over the pages',
      value: `${fmt(meanLoad, 2)} ms`,
      aim: `≤ ${AIMS.atLoadMeanScriptMs} ms`,
      met: meanLoad <= AIMS.atLoadMeanScriptMs,
    },
  ];
  return { title: '18. Light once the person arrives', body: body.join('\n'), summary, raw: { options: o, rows } };
}
