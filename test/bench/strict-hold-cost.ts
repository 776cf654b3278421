// Measurement 14: what strict mode's hold in the browser (src/shared/policy/strict-hold.ts) costs
// a page whose verdict is already known to be safe. While strict mode is on, the browser stops
// every top-level load of a public host before its request; the background then lets an allowed
// load through once (a pass rule) and loads it again. The same safe pages, their verdicts cached,
// are opened with strict mode off and on, in alternating rounds of one run, and timed from the
// navigation order to the arrival of the page's request at the site's server.
import { startPageServer, type PageServer } from '../e2e/harness';
import { requestFromExtensionPage } from '../e2e/harness/extension-messages';
import { startService } from '../service/server';
import { launchWithExtension, type BenchExtension } from './bench-browser';
import type { Section } from './section';
import { fmt, int, max, median, sleep, table } from './stats';

export interface StrictHoldCostOptions {
  rounds: number;
  pagesPerRound: number;
}

type Mode = 'off' | 'on';

export async function measureStrictHoldCost(o: StrictHoldCostOptions): Promise<Section> {
  const pages = await startPageServer();
  const svc = await startService({ processingDelayMs: 200, keepAliveMs: 2000, initialCredits: 100_000 });
  const be = await launchWithExtension(svc, { strictMode: false, strictFailMode: 'block' });
  const samples: Record<Mode, number[]> = { off: [], on: [] };
  try {
    const run = Date.now().toString(36);
    const urls = Array.from({ length: o.pagesPerRound }, (_, i) => pages.url(`safe-strict-${run}-${i}.test`, '/article'));
    // The verdicts first, learned from the popup's check (a scan, no visit).
    for (const url of urls) await requestFromExtensionPage(be.control, { type: 'scan.url', url, reason: 'popup' });
    await waitForVerdicts(be, urls);
    for (let r = 0; r < o.rounds * 2; r++) {
      const mode: Mode = r % 2 === 0 ? 'off' : 'on';
      await requestFromExtensionPage(be.control, { type: 'settings.set', patch: { strictMode: mode === 'on' } });
      await sleep(300); // the rules follow the settings
      for (const url of urls) samples[mode].push(await openAndTime(be, pages, url));
    }
  } finally {
    await be.close();
    await svc.stop();
    await pages.stop();
  }
  return report(o, samples);
}

async function waitForVerdicts(be: BenchExtension, urls: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const d = (await requestFromExtensionPage(be.control, { type: 'links.lookup', urls })) as Record<string, { status?: string; action?: string }>;
    if (urls.every((u) => d[u]?.status === 'verdict' && d[u]?.action === 'allow')) return;
    await sleep(100);
  }
  throw new Error('The safe pages got no verdict within 30 s');
}

/** One tab, one known-safe page: from the navigation order to the page's request at its server. */
async function openAndTime(be: BenchExtension, pages: PageServer, url: string): Promise<number> {
  const tab = await be.ext.context.newPage();
  const { host, pathname } = new URL(url);
  const from = pages.requests.length;
  const t = Date.now();
  // Strict mode: the first load fails (net::ERR_BLOCKED_BY_CLIENT) and the background loads it again.
  await tab.goto(url, { waitUntil: 'commit' }).catch(() => undefined);
  const deadline = Date.now() + 10_000;
  let at = Number.NaN;
  while (Date.now() < deadline) {
    const hit = pages.requests.slice(from).find((q) => q.host === host && q.path === pathname);
    if (hit) {
      at = hit.at;
      break;
    }
    await sleep(5);
  }
  await tab.close().catch(() => undefined);
  if (Number.isNaN(at)) throw new Error(`${url} was not requested within 10 s`);
  return at - t;
}

function report(o: StrictHoldCostOptions, s: Record<Mode, number[]>): Section {
  const diff = median(s.on) - median(s.off);
  const body = [
    `Strict mode holds every top-level load of a public host in the browser, before its request (src/shared/policy/strict-hold.ts); a page whose verdict is already known to be safe is let through at once with a one-time pass and loaded again. ${o.pagesPerRound} safe pages, their verdicts cached first (the popup's check), are opened one tab at a time in ${o.rounds * 2} alternating rounds, strict mode off / on; **order → request** = from the navigation order to the arrival of the page's request at its server.`,
    '',
    table(
      ['strict mode', 'page loads', 'order → request, median ms', 'max ms'],
      (['off', 'on'] as const).map((m) => [m, s[m].length, int(median(s[m])), int(max(s[m]))]),
    ),
    '',
    `The hold costs a page known to be safe ${fmt(diff, 0)} ms (median, on − off): the blocked first load, the background's decision, the pass rule, the second load.`,
  ].join('\n');
  return {
    title: '14. Strict mode: the hold in the browser, on a page known to be safe',
    body,
    summary: [{ figure: '14. Strict hold on a known-safe page: order → request, median, on − off (ms)', value: fmt(diff, 0), aim: '', met: null }],
    raw: { options: o, samples: s },
  };
}
