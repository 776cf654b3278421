// Measurement 3: what the content script costs the page's main thread, on pages of 500, 5,000
// and 50,000 links: the same page in Chromium with the extension and in a second Chromium launch
// without it, alternating, in the same run.
//
// Busy time = CDP Performance.getMetrics `TaskDuration` of the page's renderer main thread (the
// content script runs there, in its isolated world) once the page has gone quiet; also
// `ScriptDuration` (the page itself has no script, so with the extension it is almost all ours).
// Long tasks = a `longtask` PerformanceObserver registered before the page's first script
// (addInitScript); content-script tasks count, as they share the page's event loop.
import type { BrowserContext } from 'playwright-core';
import { startService } from '../service/server';
import { launchPlain, launchWithExtension } from './bench-browser';
import { startLinksServer } from './bench-pages';
import type { Section } from './section';
import { fmt, int, max, median, sleep, table, paragraphs } from './stats';
import { traceLoad, type TraceResult } from './trace-breakdown';

export interface ContentCostOptions {
  linkCounts: number[];
  repeats: number;
  /** Loads per side above 20,000 links (each takes ~30 s with the extension on this machine). */
  repeatsLarge: number;
}

interface Load {
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  longTasks: number[];
  /** From navigation start until the main thread went quiet. */
  settledMs: number;
  /** JSHeapUsedSize of the page's renderer (all worlds, the content script's included) after a forced collection. */
  keptKb: number;
}

const QUIET_MS = 1000;
const POLL_MS = 250;

function metric(metrics: { name: string; value: number }[], name: string): number {
  return (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
}

/** Loads `url` in a fresh tab and waits until TaskDuration stops growing. */
async function loadAndMeasure(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no longtask support: reported as none
      }
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const t0 = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // The person arrives right after load (on both sides): Linklens' content script starts on the
    // first pointer move (src/content/visit.ts), so its setup, discovery and lookups are measured.
    await page.mouse.move(5, 5);
    let last = -1;
    let quietFor = 0;
    let metrics: { name: string; value: number }[] = [];
    while (quietFor < QUIET_MS && Date.now() - t0 < 30_000) {
      await sleep(POLL_MS);
      metrics = ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics;
      const task = metric(metrics, 'TaskDuration');
      // "Quiet": under 2 ms of main-thread work per poll (timers, the bench's own CDP calls).
      quietFor = last >= 0 && task - last < 2 ? quietFor + POLL_MS : 0;
      last = task;
    }
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    // What stays in memory (docs/decisions/009-bundle-weight.md): the heap after a forced collection, once quiet.
    await cdp.send('HeapProfiler.collectGarbage');
    const afterGc = ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] })
      .metrics;
    await cdp.detach();
    return {
      taskMs: metric(metrics, 'TaskDuration'),
      scriptMs: metric(metrics, 'ScriptDuration'),
      layoutMs: metric(metrics, 'LayoutDuration') + metric(metrics, 'RecalcStyleDuration'),
      longTasks,
      settledMs: Date.now() - t0 - quietFor,
      keptKb: metric(afterGc, 'JSHeapUsedSize') / 1000 / 1024,
    };
  } finally {
    await page.close();
  }
}

interface Row {
  n: number;
  with: Load[];
  without: Load[];
}

/** Self time per trace event name, with and without the extension, for one traced load each. */
interface Breakdown {
  n: number;
  waitMs: number;
  with: TraceResult;
  without: TraceResult;
}

/**
 * Link counts whose main-thread time is traced event by event: the aim's reference size, and
 * the largest page (where the long-task count alone cannot tell whose tasks they are).
 * LINKLENS_BENCH_TRACE_N=5000 (comma-separated) traces other sizes.
 */
const TRACED_NS = (process.env.LINKLENS_BENCH_TRACE_N ?? '5000,50000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

export async function measureContentCost(o: ContentCostOptions): Promise<Section> {
  const server = await startLinksServer();
  const svc = await startService({ processingDelayMs: 300, initialCredits: 100_000 });
  const withExt = await launchWithExtension(svc);
  const plain = await launchPlain();
  try {
    // Warm both browsers (first renderer start, the extension's first content-script load).
    await loadAndMeasure(withExt.ext.context, server.url('warm-ext.test', 100));
    await loadAndMeasure(plain.context, server.url('warm-plain.test', 100));
    const rows: Row[] = [];
    for (const n of o.linkCounts) {
      const row: Row = { n, with: [], without: [] };
      for (let r = 0; r < (n > 20_000 ? o.repeatsLarge : o.repeats); r++) {
        // Alternate which browser goes first, so drift on a shared machine hits both sides.
        const sides = r % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const);
        for (const side of sides) {
          const context = side === 'with' ? withExt.ext.context : plain.context;
          row[side].push(await loadAndMeasure(context, server.url(`links-${n}-${r}-${side}.test`, n)));
        }
      }
      rows.push(row);
    }
    const breakdowns: Breakdown[] = [];
    for (const n of TRACED_NS) {
      const traced = rows.find((r) => r.n === n);
      if (!traced) continue;
      // Same wait on both sides: until the extension's side has settled, as measured above.
      const waitMs = Math.min(n > 5000 ? 40_000 : 15_000, med(traced.with, (l) => l.settledMs) + 500);
      breakdowns.push({
        n,
        waitMs,
        with: await traceLoad(withExt.ext.context, server.url(`trace-${n}-with.test`, n), waitMs),
        without: await traceLoad(plain.context, server.url(`trace-${n}-without.test`, n), waitMs),
      });
    }
    return report(o, rows, breakdowns);
  } finally {
    await withExt.close();
    await plain.close();
    await svc.stop();
    await server.stop();
  }
}

const med = (loads: Load[], f: (l: Load) => number) => median(loads.map(f));
const longOf = (l: Load) => l.longTasks.length;
const maxLong = (l: Load) => (l.longTasks.length ? max(l.longTasks) : 0);
const kept = (l: Load) => l.keptKb;
const extraKept = (r: Row) => med(r.with, kept) - med(r.without, kept);

function report(o: ContentCostOptions, rows: Row[], breakdowns: Breakdown[]): Section {
  const extra = (r: Row) => med(r.with, (l) => l.taskMs) - med(r.without, (l) => l.taskMs);
  const extraLong = (r: Row) => med(r.with, longOf) - med(r.without, longOf);
  const at5k = rows.find((r) => r.n === 5000);
  const body = [
    `Each load: a fresh tab opens \`/links?n=N\` (N links over 50 hosts, the e2e harness's markup; a fresh \`*.test\` host each time, so a fresh renderer), waits for \`load\`, then until the page's main thread has been quiet for ${QUIET_MS} ms (\`TaskDuration\` grew < 2 ms per ${POLL_MS} ms poll). **Busy** = CDP \`Performance.getMetrics\` \`TaskDuration\` of the page's renderer main thread at that point (parsing, style, layout, and every script on that thread, the content script included); **script** = \`ScriptDuration\`. **Long tasks** = \`longtask\` entries (≥ 50 ms) from a PerformanceObserver registered before the page's first script. With = Chromium with the extension (configured, service reachable; the links are unknown to the cache, so the content script discovers and looks up every link); without = a second Chromium launch, same switches, no extension. ${o.repeats} loads per side and size (${o.repeatsLarge} above 20,000 links), alternating which side goes first; medians.`,
    '',
    table(
      [
        'links',
        'busy with / without (ms)',
        'busy without, min–max (ms)',
        'extra busy (ms)',
        'extra per 1,000 links',
        'script with / without (ms)',
        'long tasks with / without',
        'longest task with / without (ms)',
        'settled after with / without (ms)',
        'heap kept after GC with / without (kB)',
        'extra kept (kB)',
      ],
      rows.map((r) => [
        int(r.n),
        `${int(med(r.with, (l) => l.taskMs))} / ${int(med(r.without, (l) => l.taskMs))}`,
        `${int(Math.min(...r.without.map((l) => l.taskMs)))}–${int(Math.max(...r.without.map((l) => l.taskMs)))}`,
        int(extra(r)),
        fmt((extra(r) / r.n) * 1000, 1),
        `${int(med(r.with, (l) => l.scriptMs))} / ${int(med(r.without, (l) => l.scriptMs))}`,
        `${fmt(med(r.with, longOf), 0)} / ${fmt(med(r.without, longOf), 0)}`,
        `${int(med(r.with, maxLong))} / ${int(med(r.without, maxLong))}`,
        `${int(med(r.with, (l) => l.settledMs))} / ${int(med(r.without, (l) => l.settledMs))}`,
        `${int(med(r.with, kept))} / ${int(med(r.without, kept))}`,
        int(extraKept(r)),
      ]),
    ),
    '',
    "**Heap kept** = CDP `JSHeapUsedSize` of the page's renderer (its V8 heap, all worlds: the content script's isolated world included) after a forced collection (`HeapProfiler.collectGarbage`) once the page is quiet; \"extra\" is what the content script keeps for the page's life (its link records, observers and the lookups' answers).",
    '',
    'Busy time includes parsing, style and layout, which vary from load to load on this shared machine (see the min–max column): differences smaller than that spread are noise; the script column (almost all ours: the page has no script) is the steadier signal.',
    '',
    `Growth: extra busy time ${rows.map((r) => `${int(extra(r))} ms at ${int(r.n)}`).join(', ')}` +
      (rows.length > 1
        ? ` (×${fmt(extra(rows[rows.length - 1]!) / Math.max(1, extra(rows[0]!)), 1)} for ×${fmt(rows[rows.length - 1]!.n / rows[0]!.n, 0)} links).`
        : '.'),
    '',
    ...breakdowns.flatMap(breakdownText),
    ...paragraphs(whyMissed(rows, extra, extraLong, breakdowns)),
  ];
  const summary = [
    ...(at5k
      ? [
          {
            figure: '3. Content script: extra main-thread busy time at 5,000 links',
            value: `${int(extra(at5k))} ms`,
            aim: '≤ 150 ms',
            met: extra(at5k) <= 150,
          },
        ]
      : []),
    ...rows
      .filter((r) => r.n === Math.max(...rows.map((x) => x.n)))
      .map((r) => ({
        figure: `3. Content script: extra JS heap kept after GC at ${int(r.n)} links`,
        value: `${int(extraKept(r))} kB`,
        aim: '—',
        met: null,
      })),
    ...rows.map((r) => ({
      figure: `3. Content script: long tasks (≥ 50 ms) at ${int(r.n)} links, with vs without the extension`,
      value: `${fmt(med(r.with, longOf), 0)} vs ${fmt(med(r.without, longOf), 0)}`,
      aim: '0 extra',
      met: extraLong(r) <= 0,
    })),
    // docs/decisions/013-content-script.md's aim in its own words: no long task attributable to the content script.
    ...breakdowns.map((b) => {
      const ours = b.with.longTasks.filter((l) => l.extensionScriptMs >= 1);
      const worst = ours.length ? Math.max(...ours.map((l) => l.extensionScriptMs)) : 0;
      return {
        figure: `3. Content script: tasks ≥ 50 ms with content-script time in them, traced load at ${int(b.n)} links`,
        value:
          `${ours.length} of ${b.with.longTasks.length}` +
          (ours.length ? ` (most script in one: ${int(worst)} ms)` : ''),
        aim: '0',
        met: ours.length === 0,
      };
    }),
  ];
  return {
    title: '3. Content-script cost on link-heavy pages',
    body: body.join('\n'),
    summary,
    raw: { options: o, rows },
  };
}

function breakdownText(b: Breakdown): string[] {
  const names = new Set([...b.with.self.keys(), ...b.without.self.keys()]);
  const diff = [...names]
    .map((name) => ({ name, w: b.with.self.get(name) ?? 0, wo: b.without.self.get(name) ?? 0 }))
    .map((x) => ({ ...x, d: x.w - x.wo }));
  const tasks = (t: TraceResult) =>
    t.longTasks.length
      ? t.longTasks
          .map(
            (l) =>
              `${int(l.ms)} ms (extension script in it: ${int(l.extensionScriptMs)} ms; largest: ${l.top.map(([n, ms]) => `\`${n}\` ${int(ms)}`).join(', ')})`,
          )
          .join('; ')
      : 'none';
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, v) => a + v, 0);
  const top = diff.sort((a, b2) => b2.d - a.d).slice(0, 10);
  return [
    `Where the extra time goes at ${int(b.n)} links: one more load per side traced through CDP (\`Tracing\`, devtools.timeline categories), the page's main thread only, self time per trace event (an event's duration minus its children's), ${fmt(b.waitMs / 1000, 1)} s after \`load\` on both sides. Total self time ${int(total(b.with.self))} ms with vs ${int(total(b.without.self))} ms without; the ten events that grew most:`,
    '',
    table(
      ['trace event', 'with (ms)', 'without (ms)', 'extra (ms)'],
      top.map((x) => [`\`${x.name}\``, int(x.w), int(x.wo), int(x.d)]),
    ),
    '',
    `Tasks ≥ 50 ms in these traced loads (a \`RunTask\` of the main thread; "extension script" = time in script calls whose URL is chrome-extension://, i.e. the content script; ${int(b.with.extensionScriptMs)} ms of it in the whole traced load with the extension): with — ${tasks(b.with)}; without — ${tasks(b.without)}.`,
    '',
  ];
}

function whyMissed(
  rows: Row[],
  extra: (r: Row) => number,
  extraLong: (r: Row) => number,
  breakdowns: Breakdown[],
): string[] {
  const out: string[] = [];
  const at5k = rows.find((r) => r.n === 5000);
  const b = breakdowns.find((x) => x.n === 5000) ?? null;
  const grew = b
    ? [...new Set([...b.with.self.keys(), ...b.without.self.keys()])]
        .map((name) => ({ name, d: (b.with.self.get(name) ?? 0) - (b.without.self.get(name) ?? 0) }))
        .sort((x, y) => y.d - x.d)
    : [];
  const io = grew.filter((x) => /Intersection/i.test(x.name)).reduce((a, x) => a + Math.max(0, x.d), 0);
  if (at5k && extra(at5k) > 150) {
    const script = med(at5k.with, (l) => l.scriptMs) - med(at5k.without, (l) => l.scriptMs);
    const spread = Math.max(...at5k.without.map((l) => l.taskMs)) - Math.min(...at5k.without.map((l) => l.taskMs));
    out.push(
      `**Extra busy time at 5,000 links: ${int(extra(at5k))} ms > 150 ms.** Script accounts for ${int(script)} ms of it (ScriptDuration with − without, the steady part); the rest is rendering time (style, layout, paint, compositing), which the content script's frames add to but which also swings from load to load: the same page without the extension spread over ${int(spread)} ms between its ${at5k.without.length} loads in this run, more than the difference being measured.` +
        (io > 0
          ? ` IntersectionObserver work in the trace: ${int(io)} ms (the content script observes no link's visibility since docs/decisions/013-content-script.md: lookups go in document order; any left is the browser's own).`
          : ''),
    );
  }
  for (const r of rows.filter((x) => extraLong(x) > 0)) {
    const list = (loads: Load[]) => loads.map((l) => `[${l.longTasks.map((d) => int(d)).join(', ')}]`).join(' ');
    out.push(
      `**${fmt(extraLong(r), 0)} more long task(s) at ${int(r.n)} links with the extension.** Long-task durations (ms) per load — with: ${list(r.with)}; without: ${list(r.without)}. ` +
        tracedVerdict(breakdowns.find((x) => x.n === r.n)),
    );
  }
  return out;
}

/** What the traced load of the same size says about whose the long tasks are. */
function tracedVerdict(b: Breakdown | undefined): string {
  if (!b)
    return 'Parsing and laying out a page this size is a long task either way; the longtask API does not name the script that ran in a task, and this size was not traced, so this measurement cannot say whose the extra tasks are.';
  const ours = b.with.longTasks.filter((l) => l.extensionScriptMs >= 1);
  if (ours.length === 0) {
    return `The longtask API does not name the script that ran; in the traced load of this size above, none of the ${b.with.longTasks.length} tasks ≥ 50 ms with the extension has content-script time in it: they are the browser's parsing, style, layout, compositing and hit testing of the page, which the page's own tasks show without the extension too. With the content script's short tasks interleaved, that rendering work is split into tasks differently (and the count moves by a few from load to load), not lengthened by our script.`;
  }
  return `In the traced load of this size above, ${ours.length} of the ${b.with.longTasks.length} tasks ≥ 50 ms have content-script time in them (${ours.map((l) => `${int(l.extensionScriptMs)} ms of ${int(l.ms)}`).join(', ')}): that is ours to fix.`;
}
