// Measurement 13: what the privacy ledger costs a navigation's way to the service. Every URL
// sent waits for its ledger line to be stored (src/background/engine/engine-submit.ts). A ledger in
// use is full (LEDGER_CAP lines), so the same navigations are timed with the ledger empty and
// full, in alternating rounds of one run. Each round starts a new worker life: the ledger is
// written from an extension page (same IndexedDB), then the service worker is stopped, and the
// round's first navigation wakes it.
import { startPageServer } from '../e2e/harness';
import { stopServiceWorker } from '../e2e/harness/service-worker';
import { LEDGER_CAP } from '@/src/background/state/ledger';
import { startService } from '../service/server';
import { launchWithExtension } from './bench-browser';
import type { Section } from './section';
import { visit } from './time-to-verdict';
import { fmt, int, max, median, sleep, table } from './stats';

export interface LedgerCostOptions {
  rounds: number;
  navigationsPerRound: number;
  /** Navigations at the start of each round not counted (the worker waking, its first reads). */
  warmup: number;
}

type Fill = 'empty' | 'full';

export async function measureLedgerCost(o: LedgerCostOptions): Promise<Section> {
  const pages = await startPageServer();
  const svc = await startService({ processingDelayMs: 300, keepAliveMs: 2000, initialCredits: 100_000 });
  const be = await launchWithExtension(svc);
  const samples: Record<Fill, number[]> = { empty: [], full: [] };
  try {
    const run = Date.now().toString(36);
    let n = 0;
    for (let r = 0; r < o.rounds * 2; r++) {
      const fill: Fill = r % 2 === 0 ? 'empty' : 'full';
      await be.control.evaluate(writeLedger, { lines: fill === 'full' ? LEDGER_CAP : 0 });
      await stopServiceWorker(be.ext.context, be.ext.extensionId);
      for (let i = 0; i < o.navigationsPerRound; i++) {
        const ms = await navigateAndTimePost(be, pages.url(`phish-ledger-${run}-${n++}.test`, '/login'), svc.log);
        if (i >= o.warmup) samples[fill].push(ms);
      }
    }
  } finally {
    await be.close();
    await svc.stop();
    await pages.stop();
  }
  return report(o, samples);
}

/** In an extension page: the private store's ledger replaced by `lines` old lines (db-backend.ts names). */
async function writeLedger({ lines }: { lines: number }): Promise<void> {
  const entries = Array.from({ length: lines }, (_, i) => ({
    url: `https://filler-${i}.example.com/some/path/${i}?q=${i}`,
    at: Date.now() - 1e7 + i,
    reason: 'navigation',
  }));
  const db: IDBDatabase = await new Promise((resolve, reject) => {
    const req = indexedDB.open('linklens', 1);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  await new Promise<void>((resolve, reject) => {
    const t = db.transaction('kv', 'readwrite');
    t.objectStore('kv').put(entries, 'ledger');
    t.oncomplete = () => resolve();
    t.onerror = () => reject(t.error);
  });
  db.close();
}

/** One tab, one new URL: from the navigation order to its POST's arrival at the service. */
async function navigateAndTimePost(
  be: Awaited<ReturnType<typeof launchWithExtension>>,
  url: string,
  log: ReadonlyArray<{ method: string; at: number }>,
): Promise<number> {
  const tab = await be.ext.context.newPage();
  const from = log.length;
  const t = Date.now();
  await visit(tab, url).catch(() => undefined);
  const deadline = Date.now() + 10_000;
  let at = Number.NaN;
  while (Date.now() < deadline) {
    const post = log.slice(from).find((e) => e.method === 'POST');
    if (post) {
      at = post.at;
      break;
    }
    await sleep(5);
  }
  // The scan ends and the tab is blocked before the next one starts (nothing else in flight).
  await sleep(700);
  await tab.close().catch(() => undefined);
  if (Number.isNaN(at)) throw new Error(`No POST for ${url} within 10 s`);
  return at - t;
}

function report(o: LedgerCostOptions, s: Record<Fill, number[]>): Section {
  const diff = median(s.full) - median(s.empty);
  const body = [
    `Every URL sent waits for its line in the privacy ledger to be stored (src/background/state/ledger.ts); a ledger in use holds its cap of ${LEDGER_CAP} lines. One tab at a time navigates to a new phishing URL (nothing cached, one scan in flight); **order → POST** = from the navigation order to the arrival of its POST at the local service. ${o.rounds * 2} alternating rounds, ledger empty / full (${LEDGER_CAP} lines written from an extension page, then the service worker stopped, so each round is a new worker life); ${o.navigationsPerRound} navigations per round, the first ${o.warmup} of each not counted.`,
    '',
    table(
      ['ledger', 'navigations', 'order → POST, median ms', 'max ms'],
      (['empty', 'full'] as const).map((f) => [
        f === 'full' ? `full (${LEDGER_CAP} lines)` : 'empty',
        s[f].length,
        int(median(s[f])),
        int(max(s[f])),
      ]),
    ),
    '',
    `A full ledger costs a navigation ${fmt(diff, 0)} ms (median, full − empty).`,
  ].join('\n');
  return {
    title: "13. The privacy ledger on a navigation's way to the service",
    body,
    summary: [
      { figure: '13. Full ledger: order → POST, median, full − empty (ms)', value: fmt(diff, 0), aim: '', met: null },
    ],
    raw: { options: o, samples: s },
  };
}
