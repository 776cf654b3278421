// Measurement 1: time to verdict ÷ the service's own processing time, with the event stream and
// with the stream disabled (polling only), in real Chromium against the local service.
//
// A scan: a tab navigates to a phishing URL (a fresh `*.test` host each time, so nothing is
// cached); the service creates the job (createdAt) and finishes it (completedAt) after the
// processing delay; the extension learns the verdict and redirects the tab to its blocked page.
// "Time to verdict" ends when that redirect starts (the navigation to blocked.html in the tab:
// the blocked document's performance.timeOrigin, its navigation start, on the same wall clock as
// the service, one machine). The verdict is acted on as soon as the worker's memory has it; its
// cache write follows (src/background/engine/engine-finish.ts), so there is no cache step to time.
// ratio = (t − createdAt) ÷ (completedAt − createdAt); the limit is 1.0.
import type { Page } from 'playwright-core';
import { normalizeUrl } from '@/src/shared/url/normalize';
import * as timing from '@/src/background/engine/timing';
import { startPageServer } from '../e2e/harness';
import { startService, type ScanningService } from '../service/server';
import { launchWithExtension } from './bench-browser';
import type { Section } from './section';
import { ageSchedule, currentSchedule, previousSchedule, type PollOutcome } from './poll-model';
import { fmt, int, max, median, min, p95, rng, sleep, table, paragraphs } from './stats';

export interface TtvOptions {
  /** Scans measured per mode (≥ 30). */
  scans: number;
  /** Tabs navigating at once (each does its scans one after another). */
  lanes: number;
  /** Processing delays are spread evenly over this range (ms). */
  delayRange: [number, number];
}

export interface Sample {
  url: string;
  /** All in ms after the job's createdAt. */
  processingMs: number;
  redirectMs: number;
  /** Arrival at the service of the GET that fetched the finished job. */
  finalGetMs: number;
}

export type Mode = 'stream' | 'polling';

const WAIT_MS = 30_000;

/** Navigates; a navigation the extension redirects ends in ERR_ABORTED, which is expected. */
export async function visit(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
  } catch (error) {
    if (!/net::ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
  }
}

/**
 * Waits for the tab to show the blocked page and returns when that navigation started: the
 * blocked document's performance.timeOrigin (ms epoch), i.e. when the extension redirected.
 * (webNavigation does not report navigations to our own extension pages; tabs.onUpdated
 * reports them only once loading, ~50 ms later.)
 */
export async function blockedAt(tab: Page, blockedPrefix: string): Promise<number> {
  // Polled, not waitForURL: the extension may abort the pending navigation on purpose (redirect
  // before the page commits), which Playwright's navigation waits do not always survive.
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (tab.url().startsWith(blockedPrefix)) {
      try {
        const r = await tab.evaluate(() => ({ href: location.href, origin: performance.timeOrigin }));
        if (r.href.startsWith(blockedPrefix)) return r.origin;
      } catch {
        // the blocked document is still being committed: read again
      }
    }
    await sleep(25);
  }
  throw new Error(`No redirect to the blocked page within ${WAIT_MS} ms (tab shows ${tab.url()})`);
}

export async function runMode(
  mode: Mode,
  o: TtvOptions,
  svc: ScanningService,
  blockedPrefix: string,
  newTab: () => Promise<Page>,
  urlFor: (mode: Mode, i: number) => string,
): Promise<{ rawUrls: string[]; blocked: Record<string, number>; logFrom: number; logTo: number }> {
  svc.setFaults({ streamMode: mode === 'stream' ? 'normal' : 'disabled' });
  // Warm-up scan, not counted: after the switch to polling, the first job still tries the
  // stream (the engine learns "unsupported" from its 404); the first scan also warms the JIT.
  const warm = await newTab();
  const warmUrl = urlFor(mode, -1);
  await visit(warm, warmUrl);
  await blockedAt(warm, blockedPrefix);
  await warm.close();

  const logFrom = svc.log.length;
  const random = rng(mode === 'stream' ? 1 : 2);
  const [lo, hi] = o.delayRange;
  const delays = Array.from({ length: o.scans }, (_, i) => lo + Math.round(((hi - lo) * i) / Math.max(1, o.scans - 1)));
  for (let i = delays.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [delays[i], delays[j]] = [delays[j]!, delays[i]!];
  }
  const rawUrls = delays.map((_, i) => urlFor(mode, i));
  const blocked: Record<string, number> = {};
  let next = 0;
  const lane = async (k: number) => {
    await sleep(k * 700); // staggered, so the lanes' polls and redirects do not line up
    const tab = await newTab();
    for (;;) {
      const i = next++;
      if (i >= rawUrls.length) break;
      // The delay applies to the scan created next; with several lanes a neighbour may take it.
      // Each sample uses the job's own createdAt/completedAt, so that only shuffles delays.
      svc.setProcessingDelay(delays[i]!);
      await visit(tab, rawUrls[i]!);
      blocked[rawUrls[i]!] = await blockedAt(tab, blockedPrefix);
    }
    await tab.close();
  };
  await Promise.all(Array.from({ length: o.lanes }, (_, k) => lane(k)));
  await sleep(300); // let the last GETs of the last job land in the log
  return { rawUrls, blocked, logFrom, logTo: svc.log.length };
}

export function samplesOf(rawUrls: string[], blocked: Record<string, number>, svc: ScanningService): Sample[] {
  const byUrl = new Map(svc.scans().map((s) => [s.url, s]));
  const lastGet = (scanId: string) => {
    const uuid = scanId.replace(/^scn_/, '');
    const gets = svc.log.filter(
      (e) => e.method === 'GET' && e.status === 200 && e.path.includes(uuid) && !e.path.endsWith('/events'),
    );
    return gets[gets.length - 1]?.at ?? Number.NaN;
  };
  return rawUrls.map((raw) => {
    const n = normalizeUrl(raw, { stripQuery: true });
    const scan = n.ok ? byUrl.get(n.url) : undefined;
    if (!scan?.completedAt) throw new Error(`No completed scan for ${raw}`);
    const created = Date.parse(scan.createdAt);
    return {
      url: raw,
      processingMs: Date.parse(scan.completedAt) - created,
      redirectMs: blocked[raw]! - created,
      finalGetMs: lastGet(scan.id) - created,
    };
  });
}

export function requestsPerScan(svc: ScanningService, from: number, to: number, scans: number) {
  const slice = svc.log.slice(from, to);
  const gets = slice.filter((e) => e.method === 'GET' && /^\/v1\/scans\/[^/]+\/?$/.test(e.path)).length;
  const streams = slice.filter((e) => e.method === 'GET' && /\/events\/?$/.test(e.path)).length;
  const posts = slice.filter((e) => e.method === 'POST').length;
  return { posts: posts / scans, gets: gets / scans, streams: streams / scans };
}

export async function measureTimeToVerdict(o: TtvOptions): Promise<Section> {
  const pages = await startPageServer();
  const svc = await startService({ processingDelayMs: o.delayRange[0], keepAliveMs: 2000, initialCredits: 100_000 });
  const be = await launchWithExtension(svc);
  try {
    const blockedPrefix = be.ext.pageUrl('blocked.html');
    const run = Date.now().toString(36);
    const urlFor = (mode: Mode, i: number) => pages.url(`phish-${mode}-${run}-${i < 0 ? 'warm' : i}.test`, '/login');
    const newTab = () => be.ext.context.newPage();

    const results: Record<Mode, { samples: Sample[]; perScan: ReturnType<typeof requestsPerScan> }> = {} as never;
    for (const mode of ['stream', 'polling'] as const) {
      const r = await runMode(mode, o, svc, blockedPrefix, newTab, urlFor);
      results[mode] = {
        samples: samplesOf(r.rawUrls, r.blocked, svc),
        perScan: requestsPerScan(svc, r.logFrom, r.logTo, r.rawUrls.length),
      };
    }
    return report(o, results);
  } finally {
    await be.close();
    await svc.stop();
    await pages.stop();
  }
}

type Results = Record<Mode, { samples: Sample[]; perScan: ReturnType<typeof requestsPerScan> }>;

const mp = (v: number[], d = 0) => `${d ? fmt(median(v), d) : int(median(v))} / ${d ? fmt(p95(v), d) : int(p95(v))}`;
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const finite = (v: number[]) => v.filter((x) => Number.isFinite(x));

interface Row {
  mode: Mode;
  label: string;
  n: number;
  ratio: number[];
  overhead: number[];
  processing: number[];
  /** completedAt → arrival of the GET that fetched the finished job (only scans that had one). */
  toGet: number[];
  /** That GET's arrival → the redirect (its answer, the verdict in memory, the listeners). */
  getToRedirect: number[];
  perScan: ReturnType<typeof requestsPerScan>;
}

interface Model {
  label: string;
  ratio: number[];
  gets: number[];
}

function report(o: TtvOptions, results: Results): Section {
  const aims: Record<Mode, number> = { stream: 1.05, polling: 1.3 };
  const rows: Row[] = (['stream', 'polling'] as const).map((mode) => {
    const s = results[mode].samples;
    return {
      mode,
      label: mode === 'stream' ? 'event stream' : 'polling only',
      n: s.length,
      ratio: s.map((x) => x.redirectMs / x.processingMs),
      overhead: s.map((x) => x.redirectMs - x.processingMs),
      processing: s.map((x) => x.processingMs),
      toGet: finite(s.map((x) => x.finalGetMs - x.processingMs)),
      getToRedirect: finite(s.map((x) => x.redirectMs - x.finalGetMs)),
      perScan: results[mode].perScan,
    };
  });
  const [stream, polling] = rows as [Row, Row];
  const pollD = results.polling.samples.map((x) => x.processingMs);
  const model = (label: string, f: (d: number) => PollOutcome): Model => ({
    label,
    ratio: pollD.map((d) => f(d).seenAtMs / d),
    gets: pollD.map((d) => f(d).gets),
  });
  const current = model(
    `age rule, nothing learned (first ${timing.FIRST_POLL_MS} ms, then when the job's age ×${timing.POLL_AGE_FACTOR}, ≥ ${timing.MIN_POLL_GAP_MS} ms apart) — model`,
    currentSchedule,
  );
  const others = [
    model('first 1000 ms, then each interval ×1.6 — model', previousSchedule),
    model(`age ×1.2 instead of ×${timing.POLL_AGE_FACTOR} (first 1000 ms, ≥ 250 ms apart) — model`, (d) =>
      ageSchedule(d, 1.2, 250),
    ),
  ];

  const body = [
    `Each scan: a tab navigates to a phishing URL on a fresh \`*.test\` host (nothing cached); the local service (test/service) creates the job, finishes it after its processing delay, and the extension redirects the tab to its blocked page. **Time to verdict** = from the job's \`createdAt\` to the start of that redirect (the blocked document's \`performance.timeOrigin\`, i.e. its navigation start; the service runs on the same machine, same wall clock). **Processing time** = the job's \`completedAt − createdAt\`. Ratio = time to verdict ÷ processing time (1.0 is the limit: the service cannot be beaten). The tab is redirected as soon as the worker's memory has the verdict; the cache's disk write follows (src/background/engine/engine-finish.ts).`,
    '',
    `Processing delays spread evenly over ${o.delayRange[0]}–${o.delayRange[1]} ms (a realistic scan time), shuffled; ${o.lanes} tabs navigate at once, ${o.scans} scans per mode, one warm-up scan per mode not counted. Polling only = the service answers 404 to \`/events\` (\`setFaults({streamMode: 'disabled'})\`). Polling schedule (src/background/engine/poll-timing.ts): until 5 scans have finished in this browser, first poll ${timing.FIRST_POLL_MS} ms after the POST answer, then each when the job's age has grown ×${timing.POLL_AGE_FACTOR} (at least ${timing.MIN_POLL_GAP_MS} ms, at most ${timing.MAX_POLL_MS / 1000} s apart); after that, timed from what recent scans took (BENCHMARKS.md "Polling only"); with a stream open, polls only every ${timing.POLL_WHILE_STREAMING_MS / 1000} s.`,
    '',
    table(
      [
        'mode',
        'scans',
        'processing ms (min–median–max)',
        'ratio median',
        'ratio p95',
        'ratio max',
        'aim (p95)',
        'extra ms median / p95',
        'requests per scan (POST / GET job / GET events)',
      ],
      rows.map((r) => [
        r.label,
        r.n,
        `${int(min(r.processing))}–${int(median(r.processing))}–${int(max(r.processing))}`,
        fmt(median(r.ratio), 3),
        fmt(p95(r.ratio), 3),
        fmt(max(r.ratio), 3),
        `≤ ${aims[r.mode].toFixed(2)}`,
        mp(r.overhead),
        `${fmt(r.perScan.posts, 2)} / ${fmt(r.perScan.gets, 2)} / ${fmt(r.perScan.streams, 2)}`,
      ]),
    ),
    '',
    'Where the extra time goes (ms, median / p95): from `completedAt` to the redirect; for scans that fetched the finished job with a GET, when that GET arrived (for polling, mostly the wait for the next poll) and from its arrival to the redirect (its answer, the verdict, the listeners, `tabs.update`).',
    '',
    table(
      ['mode', 'completed → redirect', 'of which: completed → final GET arrives', 'final GET arrives → redirect'],
      rows.map((r) => [
        r.label,
        mp(r.overhead),
        r.toGet.length ? `${mp(r.toGet)} (${r.toGet.length} scans)` : 'no GET (the terminal frame is the answer)',
        r.getToRedirect.length ? mp(r.getToRedirect) : '–',
      ]),
    ),
    '',
    `Model of polling schedules for the same ${pollD.length} processing times (computed, no network: when the first poll that sees the finished job happens ÷ processing time; GETs until then):`,
    '',
    table(
      ['schedule', 'ratio median', 'ratio p95', 'GETs per scan (mean)'],
      [
        [current.label, fmt(median(current.ratio), 3), fmt(p95(current.ratio), 3), fmt(mean(current.gets), 2)],
        [
          'current — measured above',
          fmt(median(polling.ratio), 3),
          fmt(p95(polling.ratio), 3),
          fmt(polling.perScan.gets, 2),
        ],
        ...others.map((m) => [m.label, fmt(median(m.ratio), 3), fmt(p95(m.ratio), 3), fmt(mean(m.gets), 2)]),
      ],
    ),
    '',
    ...paragraphs(whyMissed(stream, polling, aims, current, others)),
  ];
  const summary = rows.flatMap((r) => [
    {
      figure: `1. Time to verdict ÷ processing, ${r.label}, median`,
      value: fmt(median(r.ratio), 3),
      aim: '',
      met: null,
    },
    {
      figure: `1. Time to verdict ÷ processing, ${r.label}, p95`,
      value: fmt(p95(r.ratio), 3),
      aim: `≤ ${aims[r.mode].toFixed(2)}`,
      met: p95(r.ratio) <= aims[r.mode],
    },
  ]);
  return {
    title: '1. Time to verdict ÷ service processing time',
    body: body.join('\n'),
    summary,
    raw: { options: o, stream: results.stream, polling: results.polling },
  };
}

function whyMissed(stream: Row, polling: Row, aims: Record<Mode, number>, current: Model, others: Model[]): string[] {
  const out: string[] = [];
  if (p95(stream.ratio) > aims.stream) {
    out.push(
      `**Event stream, p95 ${fmt(p95(stream.ratio), 3)} > ${aims.stream}** (median ${fmt(median(stream.ratio), 3)}). The extra time after the service finished (median / p95 ${mp(stream.overhead)} ms) is the terminal frame reaching the worker and being read, then the navigation listener (settings, a lookup, the exception and pass checks, a session-storage token) before \`tabs.update\`${stream.toGet.length ? '; a GET after the frame is still sent for some scans' : ''}. ` +
        `Each await is a hop through the worker's event loop and the browser's storage or tabs service, and on this shared 2-CPU machine (load average in the header) such hops take tens of ms in the tail; with ${stream.n} scans the p95 lies between the second- and third-highest sample, so it moves from run to run by a few hundredths.`,
    );
  }
  if (p95(polling.ratio) > aims.polling) {
    const better = others.find((m) => p95(m.ratio) <= aims.polling - 0.03);
    out.push(
      `**Polling only, p95 ${fmt(p95(polling.ratio), 3)} > ${aims.polling}.** The schedule's own model (no overhead) gives p95 ${fmt(p95(current.ratio), 3)}; the rest is the GET's round trip and the steps after it. ` +
        (better
          ? `${better.label.replace(' — model', '')} would give model p95 ${fmt(p95(better.ratio), 3)} at ${fmt(mean(better.gets), 1)} GETs per scan (now ${fmt(mean(current.gets), 1)}); only while the stream is unavailable.`
          : ''),
    );
  }
  return out;
}
