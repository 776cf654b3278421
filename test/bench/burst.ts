// Measurement 11: bursts. N tabs (12, then 50) navigate at the same moment to N distinct phishing
// URLs (fresh `*.test` hosts, nothing cached), in real Chromium with the extension against the
// local service, event streams enabled. Each job may hold an event stream only if it is among the
// MAX_STREAMS most urgent (src/background/engine/stream-slots.ts); the others poll
// (poll-timing.ts). The figure: slowest time to verdict ÷ scan time, where time to verdict runs
// from the moment the tab was told to navigate to the start of the redirect to the blocked page,
// and scan time is the service's own `completedAt − createdAt` of that URL's job.
import type { Page, Worker } from 'playwright-core';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { MAX_STREAMS, MAX_STREAMS_MULTIPLEXED } from '@/src/background/engine/stream-slots';
import { MAX_GATHER_MS, MAX_SUBMITS_IN_FLIGHT } from '@/src/background/engine/submit-gate';
import { startPageServer } from '../e2e/harness';
import { startService, type ScanningService } from '../service/server';
import { testSpkiSha256 } from '../service/tls';
import { launchWithExtension } from './bench-browser';
import { measureFloor, type FloorRun } from './burst-floor';
import type { Section } from './section';
import { blockedAt, visit } from './time-to-verdict';
import { fmt, int, max, median, min, table } from './stats';

export interface BurstOptions {
  sizes: number[];
  processingMs: number;
  /** Unmeasured scans first, one after another (the engine learns this service's scan time). */
  learningScans: number;
}

/**
 * Aims: Linklens's slowest time to verdict ÷ the floor client's slowest (with delivery), same run,
 * same protocol. The floor is the simplest polling client with perfect timing (burst-floor.ts).
 */
const AIMS: Record<number, number> = { 12: 0.9, 50: 0.7 };

interface BurstSample {
  url: string;
  processingMs: number;
  /** From the navigation order to the redirect. */
  fromNavMs: number;
  /** From the job's createdAt to the redirect. */
  fromCreatedMs: number;
  /** From the navigation order to the arrival of this URL's POST at the service. */
  postFromNavMs: number;
  /** From the navigation order to the browser's start of the navigation (onBeforeNavigate's timeStamp). */
  browserStartMs: number;
  /** From the navigation order to the background's onBeforeNavigate listener running. */
  heardMs: number;
  /** The job's GETs (its own path, not its event stream), ms after the job finished: negative = too early. */
  getsFromDoneMs: number[];
  /** Whether the job's event stream was opened. */
  streamed: boolean;
  /** From the job's completedAt to the redirect. */
  fromDoneMs: number;
}

interface BurstRun {
  size: number;
  samples: BurstSample[];
  /** POST arrivals at the service after the navigation order: first / last (ms). */
  postsFirstMs: number;
  postsLastMs: number;
  /** POST requests of the burst, and how many of them were batches. */
  postCount: number;
  batchPosts: number;
  streams: number;
  getsPerScan: number;
}

/** Stamps, in the extension's service worker, when each main-frame navigation starts and is heard. */
async function installNavStamps(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as any;
    g.__navStamps = {} as Record<string, [number, number]>;
    g.chrome.webNavigation.onBeforeNavigate.addListener((d: { url: string; frameId: number; timeStamp: number }) => {
      if (d.frameId === 0 && !(d.url in g.__navStamps)) g.__navStamps[d.url] = [d.timeStamp, Date.now()];
    });
  });
}
const readNavStamps = (worker: Worker) =>
  worker.evaluate(() => (globalThis as any).__navStamps as Record<string, [number, number]>);

async function burst(
  size: number,
  label: string,
  svc: ScanningService,
  pages: Awaited<ReturnType<typeof startPageServer>>,
  newTab: () => Promise<Page>,
  blockedPrefix: string,
  worker: Worker,
): Promise<BurstRun> {
  // Tabs first, so opening them is not part of the measurement.
  const tabs: Page[] = [];
  for (let i = 0; i < size; i++) tabs.push(await newTab());
  const urls = tabs.map((_, i) => pages.url(`phish-burst-${label}-${i}.test`, '/login'));
  const logFrom = svc.log.length;
  const start: number[] = [];
  const blocked: number[] = [];
  if (process.env.NORULES && size === 12)
    await worker.evaluate(() => {
      (globalThis as any).__noRules = true;
    });
  const t0 = Date.now();
  await Promise.all(
    tabs.map(async (tab, i) => {
      start[i] = Date.now();
      const going = visit(tab, urls[i]!).catch(() => undefined);
      blocked[i] = await blockedAt(tab, blockedPrefix);
      await going;
    }),
  );
  const stamps = await readNavStamps(worker).catch(() => ({}) as Record<string, [number, number]>);
  const postAt = new Map<string, number>();
  for (const e of svc.log.slice(logFrom)) {
    if (e.method !== 'POST' || !e.body || typeof e.body !== 'object') continue;
    // A single scan names its `url`; a batch (submit-gate.ts) its `urls`.
    const b = e.body as { url?: unknown; urls?: unknown };
    const sent = [b.url, ...(Array.isArray(b.urls) ? b.urls : [])];
    for (const u of sent) if (typeof u === 'string' && !postAt.has(u)) postAt.set(u, e.at);
  }
  const byUrl = new Map(svc.scans().map((s) => [s.url, s]));
  const slice = svc.log.slice(logFrom);
  const samples = urls.map((raw, i): BurstSample => {
    const n = normalizeUrl(raw, { stripQuery: true });
    const key = n.ok ? n.url : '';
    const scan = byUrl.get(key);
    if (!scan?.completedAt) throw new Error(`No completed scan for ${raw}`);
    const created = Date.parse(scan.createdAt);
    const done = Date.parse(scan.completedAt);
    const mine = slice.filter((e) => e.method === 'GET' && e.path.includes(scan.id.replace(/^scn_/, '')));
    return {
      getsFromDoneMs: mine.filter((e) => !/\/events\/?$/.test(e.path)).map((e) => e.at - done),
      streamed: mine.some((e) => /\/events\/?$/.test(e.path)),
      url: raw,
      processingMs: Date.parse(scan.completedAt) - created,
      fromNavMs: blocked[i]! - start[i]!,
      fromCreatedMs: blocked[i]! - created,
      fromDoneMs: blocked[i]! - done,
      postFromNavMs: (postAt.get(key) ?? Number.NaN) - start[i]!,
      browserStartMs: (stamps[raw]?.[0] ?? Number.NaN) - start[i]!,
      heardMs: (stamps[raw]?.[1] ?? Number.NaN) - start[i]!,
    };
  });
  const postEntries = slice.filter((e) => e.method === 'POST');
  const posts = postEntries.map((e) => e.at - t0);
  const batchPosts = postEntries.filter((e) => e.path.startsWith('/v1/scans/batch')).length;
  const gets = slice.filter((e) => e.method === 'GET' && /^\/v1\/scans\/[^/]+\/?$/.test(e.path)).length;
  const streams = slice.filter((e) => e.method === 'GET' && /\/events\/?$/.test(e.path)).length;
  for (const t of tabs) await t.close().catch(() => undefined);
  return {
    size,
    samples,
    postsFirstMs: min(posts),
    postsLastMs: max(posts),
    postCount: posts.length,
    batchPosts,
    streams,
    getsPerScan: gets / size,
  };
}

interface Phase {
  runs: BurstRun[];
  alone: BurstSample[];
  floor: FloorRun[];
}

/**
 * The bursts against one service: over HTTP/1.1 (plain HTTP, as the local service speaks by
 * default) or over HTTP/2 (HTTPS on the test-only certificate, which this Chromium is told to
 * accept by its key hash alone), then the same bursts with the floor extension.
 */
async function phase(
  o: BurstOptions,
  pages: Awaited<ReturnType<typeof startPageServer>>,
  tls: boolean,
): Promise<Phase> {
  const svc = await startService({
    processingDelayMs: o.processingMs,
    keepAliveMs: 2000,
    initialCredits: 100_000,
    tls,
  });
  const args = tls ? [`--ignore-certificate-errors-spki-list=${testSpkiSha256()}`] : [];
  const be = await launchWithExtension(svc, {}, args);
  try {
    const blockedPrefix = be.ext.pageUrl('blocked.html');
    const run = `${tls ? 'h2' : 'h1'}-${Date.now().toString(36)}`;
    const newTab = () => be.ext.context.newPage();
    // One tab at a time first: the engine learns the scan time, and these scans show what a
    // navigation alone costs on this machine (the baseline of the bursts).
    await installNavStamps(be.ext.worker);
    const runs: BurstRun[] = [];
    for (let i = 0; i < o.learningScans; i++)
      runs.push(await burst(1, `${run}-alone-${i}`, svc, pages, newTab, blockedPrefix, be.ext.worker));
    const alone = runs.splice(0).flatMap((r) => r.samples);
    for (const size of o.sizes)
      runs.push(await burst(size, `${run}-${size}`, svc, pages, newTab, blockedPrefix, be.ext.worker));
    await be.close();
    // The same bursts with a minimal extension: the browser's own floor (burst-floor.ts).
    const floor = await measureFloor(o.sizes, svc, pages, run, o.processingMs, args);
    return { runs, alone, floor };
  } finally {
    await be.close();
    await svc.stop();
  }
}

export async function measureBurst(o: BurstOptions): Promise<Section> {
  const pages = await startPageServer();
  try {
    const h1 = await phase(o, pages, false);
    const h2 = await phase(o, pages, true);
    return report(o, h1, h2);
  } finally {
    await pages.stop();
  }
}

const medianMax = (xs: number[]) => (xs.length ? `${int(median(xs))} / ${int(max(xs))}` : '–');

function report(o: BurstOptions, h1: Phase, h2: Phase): Section {
  const ratios = (r: BurstRun, f: (s: BurstSample) => number) => r.samples.map((s) => f(s) / s.processingMs);
  const body = [
    `N tabs are opened (about:blank), then told to navigate at the same moment, each to its own phishing URL on a fresh \`*.test\` host (nothing cached); the local service finishes every job ${o.processingMs} ms after creating it, once over plain HTTP/1.1 and once over HTTPS with HTTP/2 (its test-only certificate, accepted by this Chromium by its key hash alone: \`--ignore-certificate-errors-spki-list\`), each in a fresh Chromium; event streams enabled. Before the bursts, ${o.learningScans} unmeasured scans one after another (the engine learns the service's scan time, src/background/engine/scan-durations.ts). **Time to verdict** = from the moment the tab was told to navigate (Node's clock, the same machine) to the start of the redirect to the blocked page (the blocked document's \`performance.timeOrigin\`); **scan time** = the job's \`completedAt − createdAt\`. At most ${MAX_STREAMS} event streams are open at once over HTTP/1.1, ${MAX_STREAMS_MULTIPLEXED} over HTTP/2 (src/background/engine/stream-slots.ts, by the protocol the browser reports for the service's answers, src/background/api/wire.ts: navigations before hovers, oldest first); the other jobs poll (src/background/engine/poll-timing.ts). Navigations created while others are still being prepared (their writes not landed) leave together as one batch POST (src/background/engine/submit-gate.ts), and so do those created while ${MAX_SUBMITS_IN_FLIGHT} such POSTs are unanswered (gathered until one is answered, ${MAX_GATHER_MS} ms at most); a navigation alone leaves at once, alone. "from createdAt" leaves out the way to the service (navigation event → POST); "POSTs arrive" = when the service received the first and the last POST of the burst, after the navigation order (a POST held back by streams would show here); "its POST arrives" counts the batch that carried the URL.`,
  ];
  const one = ({ runs, alone, floor }: Phase, title: string) => {
    body.push('', title, '');
    body.push(
      table(
        [
          'tabs at once',
          'scan ms (min–max)',
          'slowest time to verdict ÷ scan time',
          'median',
          'slowest, from createdAt',
          'navigation → browser starts it / background hears it / its POST arrives, ms (median / max)',
          'POSTs arrive (first / last, ms)',
          'POSTs (of them batches)',
          'streams opened',
          'GETs per scan',
          'polled jobs: their first GET arrives after the job finished, ms (median / max)',
          'job finished → redirect, ms (median / max): streamed; polled',
          'aim (slowest)',
        ],
        runs.map((r) => {
          const nav = ratios(r, (s) => s.fromNavMs);
          return [
            r.size,
            `${int(min(r.samples.map((s) => s.processingMs)))}–${int(max(r.samples.map((s) => s.processingMs)))}`,
            fmt(max(nav), 3),
            fmt(median(nav), 3),
            fmt(max(ratios(r, (s) => s.fromCreatedMs)), 3),
            [(s: BurstSample) => s.browserStartMs, (s: BurstSample) => s.heardMs, (s: BurstSample) => s.postFromNavMs]
              .map((f) => `${int(median(r.samples.map(f)))} / ${int(max(r.samples.map(f)))}`)
              .join('; '),
            `${int(r.postsFirstMs)} / ${int(r.postsLastMs)}`,
            `${r.postCount} (${r.batchPosts})`,
            r.streams,
            fmt(r.getsPerScan, 2),
            medianMax(r.samples.filter((x) => !x.streamed && x.getsFromDoneMs.length).map((x) => x.getsFromDoneMs[0]!)),
            [true, false]
              .map((streamed) => medianMax(r.samples.filter((x) => x.streamed === streamed).map((x) => x.fromDoneMs)))
              .join('; '),
            AIMS[r.size] ? `≤ ${AIMS[r.size]} × the floor's` : 'reported',
          ];
        }),
      ),
    );
    const aloneRatio = alone.map((s) => s.fromNavMs / s.processingMs);
    body.push(
      '',
      `One tab alone (the ${alone.length} scans before the bursts, the last ${Math.max(0, alone.length - 5)} of them with the scan time learned): time to verdict ÷ scan time median ${fmt(median(aloneRatio), 3)}, max ${fmt(max(aloneRatio), 3)}; navigation → browser starts it / background hears it / its POST arrives, median ${int(median(alone.map((s) => s.browserStartMs)))} / ${int(median(alone.map((s) => s.heardMs)))} / ${int(median(alone.map((s) => s.postFromNavMs)))} ms; from createdAt max ${fmt(max(alone.map((s) => s.fromCreatedMs / s.processingMs)), 3)}.`,
    );
    body.push(
      '',
      `**The browser's floor, same machine, same run** (test/bench/burst-floor.ts): the same bursts in a fresh Chromium with a minimal extension instead of Linklens. Its worker POSTs each main-frame URL to the service the moment it hears the navigation: no storage, no checks, no batching, one request per navigation, with Linklens's declarativeNetRequest and webRequest permissions (they put every request through the browser's request proxy). "bound" = (slowest POST arrival + scan time) ÷ scan time: what such a client would measure even if each verdict reached its tab the instant its job finished. It then delivers as simply as a client can: one GET per job at createdAt + the bench's scan time + 5 ms (known here, learned by Linklens), again every 10 ms until done, then the tab goes to the floor extension's own empty page; "with delivery" is its slowest time to verdict ÷ scan time, measured as Linklens's is (to the start of that page's navigation).`,
      '',
      table(
        [
          'tabs at once',
          'navigation → background hears it, ms (median / max)',
          'navigation → its POST arrives, ms (median / max)',
          'bound',
          'with delivery: slowest time to verdict ÷ scan time (median)',
        ],
        floor.map((f) => {
          const delivered = f.verdictFromNavMs.map((v, i) => v / f.processingMs[i]!);
          return [
            f.size,
            `${int(median(f.heardMs))} / ${int(max(f.heardMs))}`,
            `${int(median(f.postFromNavMs))} / ${int(max(f.postFromNavMs))}`,
            fmt((max(f.postFromNavMs) + o.processingMs) / o.processingMs, 3),
            `${fmt(max(delivered), 3)} (${fmt(median(delivered), 3)})`,
          ];
        }),
      ),
    );
  };
  /** Linklens's slowest time to verdict, the floor's (with delivery) in the same phase, and their ratios (whole time, and the time beyond the scan). */
  const versus = (ph: Phase, r: BurstRun) => {
    const f = ph.floor.find((x) => x.size === r.size);
    const mine = max(r.samples.map((x) => x.fromNavMs));
    const floor = f ? max(f.verdictFromNavMs) : Number.NaN;
    const scan = median(r.samples.map((x) => x.processingMs));
    return { mine, floor, ratio: mine / floor, extraRatio: (mine - scan) / (floor - scan) };
  };
  const compare = (ph: Phase, over: string) =>
    table(
      [
        'tabs at once',
        'Linklens: slowest time to verdict, ms',
        'the floor with delivery: slowest, ms',
        'Linklens ÷ floor',
        'aim',
        'time beyond the scan: Linklens ÷ floor',
      ],
      ph.runs.map((r) => {
        const v = versus(ph, r);
        return [
          `${r.size}${over}`,
          int(v.mine),
          int(v.floor),
          fmt(v.ratio, 3),
          AIMS[r.size] ? `≤ ${AIMS[r.size]}` : '—',
          fmt(v.extraRatio, 3),
        ];
      }),
    );
  body.push(
    '',
    "**Against the floor client, same run** (slowest time to verdict of the burst, from the navigation order; the floor's measured as Linklens's is):",
    '',
    compare(h1, ' over HTTP/1.1'),
    '',
    compare(h2, ' over HTTP/2'),
  );
  one(h1, `**Over HTTP/1.1** (plain HTTP: six connections per host; at most ${MAX_STREAMS} streams)`);
  one(h2, `**Over HTTP/2** (HTTPS: every request over one connection; at most ${MAX_STREAMS_MULTIPLEXED} streams)`);
  const summary = [
    ...h1.runs.map((r) => ({ r, ph: h1, over: '' })),
    ...h2.runs.map((r) => ({ r, ph: h2, over: ' over HTTP/2' })),
  ].flatMap(({ r, ph, over }) => {
    const v = max(ratios(r, (s) => s.fromNavMs));
    const vs = versus(ph, r);
    const aim = AIMS[r.size];
    return [
      {
        figure: `11. Burst of ${r.size} navigations${over}: slowest time to verdict ÷ scan time`,
        value: fmt(v, 3),
        aim: '',
        met: null,
      },
      {
        figure: `11. Burst of ${r.size} navigations${over}: slowest time to verdict ÷ the floor client's, same run`,
        value: fmt(vs.ratio, 3),
        aim: aim ? `≤ ${aim}` : '',
        met: aim ? vs.ratio <= aim : null,
      },
    ];
  });
  return { title: '11. Bursts of navigations at once', body: body.join('\n'), summary, raw: { options: o, h1, h2 } };
}
