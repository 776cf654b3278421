// Measurement 14: what strict mode's hold in the browser (src/shared/policy/strict-hold.ts) costs a
// page already known to be safe. In strict mode one session rule stops every top-level GET of a
// public host; a page whose verdict is cached safe has a known-safe allow rule above it
// (known-safe.ts) and goes through at once (before it, the background let such a load through
// with a one-time pass and loaded the page again: 71 ms median). Timed: from the order to
// navigate to the arrival of the page's request at its server (the page server's clock, the
// same machine), on pages whose safe verdict is already cached, strict mode off and on in
// alternating rounds of one browser. Counted too: the requests each visit made to the page's
// server (strict mode must not send the held request, so 1 in both modes).
import type { Page } from 'playwright-core';
import { startPageServer } from '../e2e/harness';
import { requestFromExtensionPage } from '../e2e/harness/extension-messages';
import { startService } from '../service/server';
import { launchWithExtension, type BenchExtension } from './bench-browser';
import type { Section } from './section';
import { fmt, int, max, median, min, sleep, table } from './stats';

export interface StrictCostOptions {
  /** Rounds per mode (off, on, off, on, …). */
  rounds: number;
  /** Pages per round: each visited once to learn its verdict, then timed on a second visit. */
  pages: number;
}

type Mode = 'off' | 'on';
const WAIT_MS = 10_000;

/** Navigates without waiting on the outcome: a held load fails (ERR_BLOCKED_BY_CLIENT) and is retried. */
const order = (tab: Page, url: string) =>
  tab.goto(url, { waitUntil: 'commit', timeout: WAIT_MS }).catch(() => undefined);

async function firstRequestAfter(
  pages: Awaited<ReturnType<typeof startPageServer>>,
  host: string,
  since: number,
): Promise<{ at: number; count: number }> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const mine = pages.requestsTo(host).filter((r) => r.at >= since && r.path === '/');
    if (mine.length) {
      await sleep(300); // a second request (a retry) would come within this
      return { at: mine[0]!.at, count: pages.requestsTo(host).filter((r) => r.at >= since && r.path === '/').length };
    }
    if (Date.now() > deadline) throw new Error(`no request reached ${host} within ${WAIT_MS} ms`);
    await sleep(5);
  }
}

async function round(
  be: BenchExtension,
  pages: Awaited<ReturnType<typeof startPageServer>>,
  mode: Mode,
  label: string,
  n: number,
) {
  await requestFromExtensionPage(be.control, { type: 'settings.set', patch: { strictMode: mode === 'on' } });
  const ms: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < n; i++) {
    const host = `news-strict-${label}-${i}.test`;
    const url = pages.url(host, '/');
    // First visit: scanned (in strict mode held until its verdict), then cached safe.
    const learn = await be.ext.context.newPage();
    const t = Date.now();
    await order(learn, url);
    await firstRequestAfter(pages, host, t);
    await sleep(200); // the verdict's cache write and the rules' sync
    await learn.close();
    // Second visit, timed.
    const tab = await be.ext.context.newPage();
    const t0 = Date.now();
    await order(tab, url);
    const r = await firstRequestAfter(pages, host, t0);
    ms.push(r.at - t0);
    counts.push(r.count);
    await tab.close();
  }
  return { ms, counts };
}

export async function measureStrictCost(o: StrictCostOptions): Promise<Section> {
  const pages = await startPageServer();
  const svc = await startService({ processingDelayMs: 300, keepAliveMs: 2000, initialCredits: 100_000 });
  const be = await launchWithExtension(svc);
  const samples: Record<Mode, number[]> = { off: [], on: [] };
  const requests: Record<Mode, number[]> = { off: [], on: [] };
  try {
    const run = Date.now().toString(36);
    for (let r = 0; r < o.rounds * 2; r++) {
      const mode: Mode = r % 2 === 0 ? 'off' : 'on';
      const res = await round(be, pages, mode, `${run}-${r}`, o.pages);
      // The first page of a round is not counted (the settings change's rule sync may still run).
      samples[mode].push(...res.ms.slice(1));
      requests[mode].push(...res.counts.slice(1));
    }
  } finally {
    await be.close();
    await svc.stop();
    await pages.stop();
  }
  const row = (mode: Mode) => [
    mode === 'on' ? 'strict mode on' : 'strict mode off',
    samples[mode].length,
    `${int(min(samples[mode]))} / ${int(median(samples[mode]))} / ${int(max(samples[mode]))}`,
    `${fmt(median(requests[mode]), 0)} (max ${int(max(requests[mode]))})`,
  ];
  const added = median(samples.on) - median(samples.off);
  return {
    title: '14. Strict mode: what the hold costs a page known to be safe',
    body: [
      `Chromium with the extension against the local service (scans take 300 ms). Each page (a fresh \`news-*.test\` host, safe by the service's rule table) is visited once so that its safe verdict is cached (in strict mode, held until that verdict), then visited again in a new tab, timed: from the order to navigate to the arrival of the page's request at its server. ${o.rounds} rounds per mode, alternating (off, on, …), ${o.pages} pages per round, the first of each round not counted. In strict mode every top-level load of a public host is held in the browser by the hold rule (src/shared/policy/strict-hold.ts) until the background lets it through; the second visit's page has a cached safe verdict, so a known-safe rule (src/shared/policy/known-safe.ts: an allow rule for that exact URL, above the hold and below every block rule) lets its request through in the browser at once, with no round trip through the background.`,
      '',
      table(
        [
          'mode',
          'visits timed',
          "order → the page's request arrives, ms (min / median / max)",
          'requests to the page per visit (median)',
        ],
        [row('off'), row('on')],
      ),
      '',
      `Strict mode adds ${int(added)} ms (median) to a page already known to be safe.`,
    ].join('\n'),
    summary: [
      {
        figure: '14. Strict mode, a page known to be safe: added time to its request (median)',
        value: `${int(added)} ms`,
        aim: '',
        met: null,
      },
    ],
    raw: { options: o, samples, requests },
  };
}
