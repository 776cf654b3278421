// Measurement 2: network economy on a replayed session, the extension beside a naive client that
// scans every event, each against its own instance of the local service (same processing delay),
// in the same run. Counts come from each service's request log.
//
// Navigations are real: a tab in Chromium goes to each page. Hovers are the message the content
// script sends on hover intent (`link.hover`), sent from the content-script world of the page
// the tab shows (CDP, harness/content-world.ts), so the browser stamps them with the real tab.
// Real pointer hovers would cost ≥ 300 ms each (the hover delay); see BENCHMARKS.md.
import type { Page } from 'playwright-core';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { FIRST_POLL_MS } from '@/src/background/engine/timing';
import { startPageServer } from '../e2e/harness';
import { openContentWorld, type ContentWorld } from '../e2e/harness/content-world';
import { submittedUrls } from '../shared/service-log';
import { startService, type RequestLogEntry, type ScanningService } from '../service/server';
import { launchWithExtension } from './bench-browser';
import { runNaiveClient } from './naive-client';
import type { Section } from './section';
import { buildSession, type SessionShape } from './session';
import { fmt, int, sleep, table, paragraphs } from './stats';

export interface EconomyOptions extends SessionShape {
  processingDelayMs: number;
  /** Tabs the session is spread over, round-robin per navigation (see measureNetworkEconomy). */
  tabs: number;
}

interface Counts {
  total: number;
  postRequests: number;
  batchRequests: number;
  urlsSubmitted: number;
  distinctSubmitted: number;
  getJob: number;
  getEvents: number;
  other: number;
  /** Jobs that had an event stream opened, and the GETs of those jobs. */
  streamedJobs: number;
  getsOfStreamed: number;
  /** Jobs read by GETs only (no stream), and their GETs. */
  polledJobs: number;
  getsOfPolled: number;
}

function countLog(log: readonly RequestLogEntry[]): Counts {
  const urls = submittedUrls(log);
  const posts = log.filter((e) => e.method === 'POST' && e.path.startsWith('/v1/scans'));
  const getEvents = log.filter((e) => e.method === 'GET' && /\/events\/?$/.test(e.path)).length;
  const jobGets = log.filter((e) => e.method === 'GET' && /^\/v1\/scans\/[^/]+\/?$/.test(e.path));
  const getJob = jobGets.length;
  // Per job, from the paths: which jobs streamed, and whose GETs the job reads were.
  const idOf = (path: string) => path.split('/')[3] ?? '';
  const streamed = new Set(
    log.filter((e) => e.method === 'GET' && /\/events\/?$/.test(e.path)).map((e) => idOf(e.path)),
  );
  const gotten = new Map<string, number>();
  for (const e of jobGets) gotten.set(idOf(e.path), (gotten.get(idOf(e.path)) ?? 0) + 1);
  const polled = [...gotten.keys()].filter((id) => !streamed.has(id));
  return {
    total: log.length,
    postRequests: posts.length,
    batchRequests: posts.filter((e) => e.path.includes('batch')).length,
    urlsSubmitted: urls.length,
    distinctSubmitted: new Set(urls).size,
    getJob,
    getEvents,
    other: log.length - posts.length - getJob - getEvents,
    streamedJobs: streamed.size,
    getsOfStreamed: [...streamed].reduce((n, id) => n + (gotten.get(id) ?? 0), 0),
    polledJobs: polled.length,
    getsOfPolled: polled.reduce((n, id) => n + gotten.get(id)!, 0),
  };
}

/** Navigates; a navigation the extension redirects (not expected here) ends in ERR_ABORTED. */
async function visit(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
  } catch (error) {
    if (!/net::ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
  }
}

async function settle(svc: ScanningService): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && svc.scans().some((s) => s.state !== 'COMPLETED' && s.state !== 'FAILED'))
    await sleep(250);
  // The engine's last GET for the last job arrives just after its terminal frame.
  await sleep(1500);
}

export async function measureNetworkEconomy(o: EconomyOptions): Promise<Section> {
  const pages = await startPageServer();
  const svcExt = await startService({ processingDelayMs: o.processingDelayMs, initialCredits: 100_000 });
  const svcNaive = await startService({ processingDelayMs: o.processingDelayMs, initialCredits: 100_000 });
  const be = await launchWithExtension(svcExt);
  try {
    const session = buildSession(o, pages.port);
    const distinct = new Set(
      session.map((e) => normalizeUrl(e.url, { stripQuery: true })).map((n) => (n.ok ? n.url : '')),
    );
    const distinctPages = new Set(session.filter((e) => e.kind === 'navigate').map((e) => e.url)).size;
    const spellings = new Set(session.map((e) => e.url)).size;

    // ── the extension ──
    // The replay runs ~100× faster than a person browses. The background gives each tab a hover
    // budget sized for human pace (src/shared/policy/budgets.ts, charged in checks/checker.ts); past
    // it a hover is answered from the cache only. So navigations go round-robin over several
    // tabs, and replies that were neither known nor sent ("unknown") are counted and reported.
    svcExt.clearLog(); // configuration requests (settings.set probes) are not part of the session
    const tabs = await Promise.all(Array.from({ length: o.tabs }, () => be.ext.context.newPage()));
    const worlds: (ContentWorld | null)[] = tabs.map(() => null);
    const t0 = Date.now();
    const statuses: Record<string, number> = {};
    let current = -1;
    let navigations = 0;
    for (const e of session) {
      if (e.kind === 'navigate') {
        current = navigations++ % o.tabs;
        await worlds[current]?.close();
        await visit(tabs[current]!, e.url);
        worlds[current] = await openContentWorld(tabs[current]!, be.ext.extensionId);
        continue;
      }
      const reply = (await worlds[current]!.sendMessage({ type: 'link.hover', url: e.url })) as {
        ok?: boolean;
        data?: { status?: string };
      };
      const status = reply?.ok ? (reply.data?.status ?? '?') : 'refused';
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    for (const w of worlds) await w?.close();
    const sessionS = (Date.now() - t0) / 1000;
    await settle(svcExt);
    const ext = countLog(svcExt.log);

    // ── the naive client: the same events, each scanned ──
    const t1 = Date.now();
    await runNaiveClient(
      session.map((e) => e.url),
      { baseUrl: svcNaive.baseUrl, apiKey: svcNaive.demoKey, pollMs: FIRST_POLL_MS, concurrency: 250 },
    );
    const naiveS = (Date.now() - t1) / 1000;
    const naive = countLog(svcNaive.log);

    return report(o, {
      distinct: distinct.size,
      distinctPages,
      spellings,
      events: session.length,
      ext,
      naive,
      sessionS,
      naiveS,
      statuses,
    });
  } finally {
    await be.close();
    await svcExt.stop();
    await svcNaive.stop();
    await pages.stop();
  }
}

/** Why the request ratio stays under 10×, from this run's own counts. */
function whyFewerMissed(r: EconomyResult, fewer: number): string[] {
  const { ext, naive } = r;
  const perUrl = ext.total / r.distinct;
  const perEvent = naive.total / r.events;
  return [
    `**naive ÷ Linklens = ${fmt(fewer, 1)}× < 10×.** Linklens already sends each distinct URL once (${fmt(r.events / r.distinct, 1)} events per distinct URL in this session), so the ratio is bounded by (events ÷ distinct URLs) × (naive requests per event ÷ Linklens requests per URL) = ${fmt(r.events / r.distinct, 2)} × ${fmt(perEvent, 2)} ÷ ${fmt(perUrl, 2)}. ` +
      `Linklens spends ${fmt(perUrl, 2)} requests per URL: a share of a POST (hover batches), then an event stream or GETs of the job. ` +
      `${int(ext.streamedJobs)} jobs streamed (the engine's stream cap over HTTP/1.1, src/background/engine/stream-slots.ts), with ${int(ext.getsOfStreamed)} GETs among them; ` +
      `${int(ext.polledJobs)} were polled only, with ${int(ext.getsOfPolled)} GETs (${fmt(ext.getsOfPolled / Math.max(1, ext.polledJobs), 2)} per job).`,
  ];
}

interface EconomyResult {
  distinct: number;
  distinctPages: number;
  spellings: number;
  events: number;
  ext: Counts;
  naive: Counts;
  sessionS: number;
  naiveS: number;
  /** link.hover replies by LinkInfo status (content scripts learn warnings only: "unknown" is everything else). */
  statuses: Record<string, number>;
}

function report(o: EconomyOptions, r: EconomyResult): Section {
  const { ext, naive } = r;
  const urlRatio = ext.urlsSubmitted / r.distinct;
  const postRatio = ext.postRequests / r.distinct;
  const fewer = naive.total / ext.total;
  const row = (label: string, c: Counts) => [
    label,
    int(c.total),
    `${int(c.postRequests)} (${int(c.batchRequests)} batch)`,
    int(c.urlsSubmitted),
    int(c.distinctSubmitted),
    int(c.getJob),
    int(c.getEvents),
    int(c.other),
  ];
  const body = [
    `A replayed session of ${o.navigations} navigations over ${r.distinctPages} distinct pages and ${o.hovers} hovers over ${o.links} distinct links (${r.events} events, ${r.spellings} distinct spellings: hovered links come as-is, with a \`#fragment\`, with a tracking query, or with an upper-case host, all one normalized URL with the default \`stripQuery\`), ${r.distinct} distinct normalized URLs. Popular pages and links recur more often (Zipf-like), seeded so every run replays the same session. Processing delay ${o.processingDelayMs} ms on both services.`,
    '',
    `**How it was driven.** Navigations: real, Chromium tabs going to each page in turn (${r.distinctPages} \`news-N.test\` pages), round-robin over ${o.tabs} tabs: the replay runs about 100× faster than a person browses, and the background gives each tab a hover and navigation budgets sized for human pace (src/shared/policy/budgets.ts; past them a check is answered from the cache only, against pages that fake hover intent or loop navigations), which one tab at this speed would exhaust. Hovers: **not pointer hovers** — after each navigation, the next ${o.hovers / o.navigations} hovers are sent as the \`link.hover\` message the content script sends on hover intent, from the content-script world of the page in that tab (CDP \`Runtime.evaluate\` in the extension's isolated world; the browser stamps them with the real tab and URL, like the real content script's). Real hovers would take ≥ the 300 ms hover delay each (≥ 10 min for ${o.hovers}). This tests the background's economy (normalization, cache, in-flight dedupe, hover batching) at its worst case: the real content script also skips \`link.hover\` for links whose verdict it already holds, which would only lower the counts. Messages were sent back to back (${fmt(r.sessionS, 0)} s for the whole session), so many repeats arrive while the first scan of a URL is still in flight. Replies to the ${o.hovers} hover messages by status: ${Object.entries(
      r.statuses,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )} (a content script is told only about warnings: "unknown" covers safe, pending, skipped and turned away alike; the service's log is what tells sent from not sent).`,
    '',
    `**Naive baseline** (test/bench/naive-client.ts): for every event, POST the URL as written, then GET the job every ${FIRST_POLL_MS} ms (the extension's first poll interval) until COMPLETED or FAILED. Run right after the session against its own service instance (${fmt(r.naiveS, 0)} s, 250 events in flight).`,
    '',
    table(
      [
        'client',
        'requests',
        'POST requests',
        'URLs submitted',
        'distinct URLs submitted',
        'GET job',
        'GET events',
        'other',
      ],
      [row('Linklens', ext), row('naive, every event', naive)],
    ),
    '',
    table(
      ['figure', 'value', 'aim'],
      [
        ['URLs submitted ÷ distinct normalized URLs', fmt(urlRatio, 2), '1.00'],
        ['POST requests ÷ distinct normalized URLs (hover batches make it < 1)', fmt(postRatio, 2), '≤ 1.00'],
        ['naive requests ÷ Linklens requests', `${fmt(fewer, 1)}×`, '≥ 10×'],
      ],
    ),
    '',
    ...(urlRatio > 1.0001
      ? [
          `**URLs submitted ÷ distinct = ${fmt(urlRatio, 3)} > 1.00:** ${int(ext.urlsSubmitted - ext.distinctSubmitted)} URL(s) were sent more than once; ${int(r.distinct - ext.distinctSubmitted)} distinct URL(s) were never sent.`,
        ]
      : []),
    ...paragraphs(fewer < 10 ? whyFewerMissed(r, fewer) : []),
  ];
  return {
    title: '2. Network economy on a replayed session',
    body: body.join('\n'),
    summary: [
      {
        figure: '2. URLs submitted ÷ distinct normalized URLs',
        value: fmt(urlRatio, 2),
        aim: '1.00',
        met: Math.abs(urlRatio - 1) < 0.005,
      },
      {
        figure: '2. POST requests ÷ distinct normalized URLs',
        value: fmt(postRatio, 2),
        aim: '≤ 1.00',
        met: postRatio <= 1.005,
      },
      {
        figure: '2. Requests: naive client ÷ Linklens',
        value: `${fmt(fewer, 1)}× (${int(naive.total)} vs ${int(ext.total)})`,
        aim: '≥ 10×',
        met: fewer >= 10,
      },
    ],
    raw: { options: o, ...r },
  };
}
