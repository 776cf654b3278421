// `npm run bench`: measures Linklens in real Chromium against the local scanning service, keeps
// each measurement's result in test/bench/last-run.json (store.ts) and renders BENCHMARKS.md from
// it (report.ts): nothing in BENCHMARKS.md is written by hand. Not part of `npm test`: numbers,
// not pass/fail timings. Every figure is a ratio or a comparison measured in one run.
//
//   npm run bench                 every measurement, writes BENCHMARKS.md
//   npm run bench -- --only=1,5   some of them: their results replace the stored ones and
//                                 BENCHMARKS.md is rendered again (once every measurement has one)
//   LINKLENS_BENCH_CORPUS=blog,news-c LINKLENS_BENCH_LOADS=2 npm run bench -- --only=9
//                                 BENCHMARKS.md "Weight on ordinary pages" on some corpus pages, fewer loads (while iterating)
//   LINKLENS_SHARED=/work/shared LINKLENS_BENCH_ARRIVAL=heise,news-c LINKLENS_BENCH_LOADS=1 npm run bench -- --only=18
//                                 "Light once the person arrives" on some pages (names containing these)
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../e2e/harness';
import { ensureBuilt } from '../../scripts/lib/build.mjs';
import { machineInfo } from './machine';
import { renderReport } from './report';
import { SECTION_NOTES } from './notes';
import { missing, readStore, withResults } from './store';
import type { Section } from './section';
import { installSuffixTable } from '../../src/shared/url/suffix-table';

/** Loaded on demand, so `--only` runs start fast. */
const MEASUREMENTS: Record<string, () => Promise<Section>> = {
  '1': async () =>
    (await import('./time-to-verdict')).measureTimeToVerdict({ scans: 36, lanes: 3, delayRange: [1500, 3000] }),
  '2': async () =>
    (await import('./network-economy')).measureNetworkEconomy({
      navigations: 200,
      pages: 60,
      hovers: 2000,
      links: 300,
      processingDelayMs: 2000,
      tabs: 6,
    }),
  '3': async () =>
    (await import('./content-cost')).measureContentCost({
      linkCounts: [500, 5000, 50_000],
      repeats: 5,
      repeatsLarge: 2,
    }),
  '4': async () => (await import('./hover-latency')).measureHoverLatency({ links: 40, passes: 2, coldStarts: 12 }),
  '5': async () => (await import('./cache-cost')).measureVerdictCache({ sizes: [10_000, 100_000], lookups: 200_000 }),
  '6': async () => (await import('./bundle-size')).measureBundles(),
  '7': async () => (await import('./lookalike-fp')).measureLookalikeFalsePositives(),
  '8': async () =>
    (await import('./net-rules-cost')).measureNetRules({
      entries: 5000,
      rebuilds: 5,
      adds: 30,
      verdicts: 10,
      restarts: 8,
    }),
  '9': async () =>
    (await import('./page-weight')).measurePageWeight({ loads: Number(process.env.LINKLENS_BENCH_LOADS ?? 6) }),
  '10': async () =>
    (await import('./polling-timed')).measurePollingTimed({
      scans: 36,
      lanes: 3,
      delayRange: [1500, 3000],
      learningScans: 6,
    }),
  '11': async () => (await import('./burst')).measureBurst({ sizes: [12, 50], processingMs: 2000, learningScans: 6 }),
  '12': async () => (await import('./unwrap-cost')).measureUnwrapCost({ links: 5000, passes: 30, hovers: 2000 }),
  '13': async () =>
    (await import('./ledger-cost')).measureLedgerCost({ rounds: 3, navigationsPerRound: 10, warmup: 2 }),
  '14': async () => (await import('./strict-cost')).measureStrictCost({ rounds: 3, pages: 6 }),
  '15': async () => (await import('./unwrap-agreement')).measureUnwrapAgreement(),
  '16': async () => (await import('./lookalike-recall')).measureLookalikeRecall(),
  '17': async () => (await import('./hold-cost')).measureHoldCost({ pages: 13, pending: 10 }),
  '18': async () =>
    (await import('./arrival/arrival-cost')).measureArrival({
      loads: Number(process.env.LINKLENS_BENCH_LOADS ?? 3),
      generated: ['one-link', 'portal', 'wiki', 'news-b', 'news-c'],
      only: process.env.LINKLENS_BENCH_ARRIVAL?.split(','),
    }),
  '19': async () => (await import('./background-memory')).measureBackgroundMemory({ verdicts: 5000, tabs: 50 }),
};

async function main(): Promise<void> {
  const only = process.argv
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const ids = only ?? Object.keys(MEASUREMENTS);
  const started = Date.now();
  const machine = machineInfo();
  // Reuses an up-to-date build (others may be building concurrently); builds when sources changed.
  ensureBuilt(REPO_ROOT, 'chromium', { log: (l) => console.log(l) });
  // The measurements that run our URL code in Node (7, 12) need the public suffix list, which the
  // extension reads from its package (src/background/suffix-list.ts): the same file here.
  installSuffixTable(await readFile(join(REPO_ROOT, 'public', 'psl.txt'), 'utf8'));

  const results: Record<string, Section> = {};
  for (const id of ids) {
    const measure = MEASUREMENTS[id];
    if (!measure) throw new Error(`Unknown measurement ${id} (1–${Object.keys(MEASUREMENTS).length})`);
    const t = Date.now();
    console.log(`▶ measurement ${id}…`);
    let section: Section;
    try {
      section = await measure();
    } catch (error) {
      // One broken measurement must not lose the others: its section says what went wrong.
      console.error(error);
      section = {
        title: `${id}. (failed)`,
        body: `Measurement ${id} failed in this run:\n\n\`\`\`\n${String((error as Error)?.stack ?? error).slice(0, 2000)}\n\`\`\``,
        summary: [{ figure: `${id}. (failed: see its section)`, value: '—', aim: '', met: false }],
        raw: { error: String(error) },
      };
    }
    console.log(`  done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    for (const row of section.summary)
      console.log(
        `  ${row.figure}: ${row.value}${row.aim && row.met !== null ? ` (aim ${row.aim}: ${row.met ? 'met' : 'MISSED'})` : ''}`,
      );
    results[id] = section;
  }
  const command = `npm run bench${only ? ` -- --only=${only.join(',')}` : ''}`;
  const storePath = join(REPO_ROOT, 'test/bench/last-run.json');
  const store = withResults(readStore(await readFile(storePath, 'utf8').catch(() => null)), results, machine, command);
  await writeFile(storePath, `${JSON.stringify(store, null, 1)}\n`);
  const all = Object.keys(MEASUREMENTS);
  const lacking = missing(store, all);
  const durationS = (Date.now() - started) / 1000;
  if (lacking.length) {
    console.log(
      `Stored ${ids.length} result(s) in ${durationS.toFixed(0)} s. BENCHMARKS.md is rendered once every measurement has a stored result; still missing: ${lacking.join(', ')}.`,
    );
    return;
  }
  const markdown = renderReport({
    sections: all.map((id) => ({ id, section: store.sections[id]! })),
    notes: SECTION_NOTES,
  });
  await writeFile(join(REPO_ROOT, 'BENCHMARKS.md'), markdown);
  console.log(`Wrote BENCHMARKS.md in ${durationS.toFixed(0)} s.`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
