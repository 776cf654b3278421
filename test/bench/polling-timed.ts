// Measurement 10: polling only (the event stream disabled), polls timed by poll-timing.ts:
// time to verdict ÷ the service's processing time, p95, and GETs per scan (docs/decisions/014-scan-engine.md: aim
// p95 ≤ 1.08 with ≤ 5 GETs per scan on average). The same scans as BENCHMARKS.md "Time to verdict"'s polling mode
// (time-to-verdict.ts runMode: 3 tabs, a fresh `*.test` phishing host per scan, processing
// spread evenly over the range), after a few unmeasured scans from which the engine learns what
// this service's scans take (scan-durations.ts; kept across worker lives in the extension's
// private store, so a browser in use has them). The local service sends what the spec shows
// (id, url, state, createdAt, and completedAt when done): no Retry-After and no estimate.
import { startPageServer } from '../e2e/harness';
import { startService } from '../service/server';
import * as pt from '@/src/background/engine/poll-timing';
import { MIN_SAMPLES } from '@/src/background/engine/scan-durations';
import { launchWithExtension } from './bench-browser';
import type { Section } from './section';
import { blockedAt, requestsPerScan, runMode, samplesOf, visit, type Mode } from './time-to-verdict';
import { fmt, int, max, median, min, p95, table } from './stats';

export interface PollingTimedOptions {
  scans: number;
  lanes: number;
  delayRange: [number, number];
  /** Unmeasured scans first, one after another, spread over the same range. */
  learningScans: number;
}

const AIM_P95 = 1.08;
const AIM_GETS = 5;

export async function measurePollingTimed(o: PollingTimedOptions): Promise<Section> {
  const pages = await startPageServer();
  const svc = await startService({ processingDelayMs: o.delayRange[0], keepAliveMs: 2000, initialCredits: 100_000 });
  const be = await launchWithExtension(svc);
  try {
    const blockedPrefix = be.ext.pageUrl('blocked.html');
    const run = Date.now().toString(36);
    const urlFor = (_mode: Mode, i: number) => pages.url(`phish-timed-${run}-${i < 0 ? 'warm' : i}.test`, '/login');
    const newTab = () => be.ext.context.newPage();

    svc.setFaults({ streamMode: 'disabled' });
    const [lo, hi] = o.delayRange;
    for (let i = 0; i < o.learningScans; i++) {
      svc.setProcessingDelay(lo + Math.round(((hi - lo) * i) / Math.max(1, o.learningScans - 1)));
      const tab = await newTab();
      await visit(tab, pages.url(`phish-learn-${run}-${i}.test`, '/login'));
      await blockedAt(tab, blockedPrefix);
      await tab.close();
    }
    const r = await runMode('polling', o, svc, blockedPrefix, newTab, urlFor);
    const samples = samplesOf(r.rawUrls, r.blocked, svc);
    const perScan = requestsPerScan(svc, r.logFrom, r.logTo, r.rawUrls.length);
    const ratio = samples.map((s) => s.redirectMs / s.processingMs);
    const processing = samples.map((s) => s.processingMs);
    const toGet = samples.map((s) => s.finalGetMs - s.processingMs).filter(Number.isFinite);

    const body = [
      `Polling only (the service answers 404 to \`/events\`), the scans of BENCHMARKS.md "Time to verdict"'s polling mode: ${o.lanes} tabs navigate at once, ${o.scans} scans, a fresh \`*.test\` phishing host each, processing spread evenly over ${lo}–${hi} ms and shuffled; time to verdict = the job's \`createdAt\` → the redirect to the blocked page; ratio = time to verdict ÷ (\`completedAt − createdAt\`). Before them, ${o.learningScans} unmeasured scans one after another over the same range: the engine learns what this service's scans take (src/background/engine/scan-durations.ts: the service's own \`completedAt − createdAt\` when it sends both, kept across worker lives in the private store; ${MIN_SAMPLES} are needed). The local service sends only what the spec shows (no Retry-After, no estimate), so the schedule comes from what was learned: first poll at the 10th percentile of recent durations (+${pt.ESTIMATE_MARGIN_MS} ms), then each when the job's age has grown ×${pt.TIGHT_AGE_FACTOR} (≥ ${pt.TIGHT_MIN_GAP_MS} ms apart) up to 1.1 × the 90th percentile, ×1.25 past it (src/background/engine/poll-timing.ts).`,
      '',
      table(
        [
          'scans',
          'processing ms (min–median–max)',
          'ratio median',
          'ratio p95',
          'ratio max',
          'aim (p95)',
          'GETs per scan (mean)',
          'aim (GETs)',
          'completed → final GET arrives, ms median / p95',
          'requests per scan (POST / GET job / GET events)',
        ],
        [
          [
            samples.length,
            `${int(min(processing))}–${int(median(processing))}–${int(max(processing))}`,
            fmt(median(ratio), 3),
            fmt(p95(ratio), 3),
            fmt(max(ratio), 3),
            `≤ ${AIM_P95}`,
            fmt(perScan.gets, 2),
            `≤ ${AIM_GETS}`,
            `${int(median(toGet))} / ${int(p95(toGet))}`,
            `${fmt(perScan.posts, 2)} / ${fmt(perScan.gets, 2)} / ${fmt(perScan.streams, 2)}`,
          ],
        ],
      ),
    ];
    return {
      title: '10. Polling only, polls timed from what the service and recent scans say',
      body: body.join('\n'),
      summary: [
        {
          figure: '10. Polling only (timed polls): time to verdict ÷ processing, p95',
          value: fmt(p95(ratio), 3),
          aim: `≤ ${AIM_P95}`,
          met: p95(ratio) <= AIM_P95,
        },
        {
          figure: '10. Polling only (timed polls): GETs per scan',
          value: fmt(perScan.gets, 2),
          aim: `≤ ${AIM_GETS}`,
          met: perScan.gets <= AIM_GETS,
        },
      ],
      raw: { options: o, samples, perScan },
    };
  } finally {
    await be.close();
    await svc.stop();
    await pages.stop();
  }
}
