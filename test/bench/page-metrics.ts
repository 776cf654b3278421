// CDP Performance metrics of one page's renderer, and "wait until its main thread is quiet": shared
// by the measurements that weigh a page with and without the extension (page-weight.ts,
// arrival/arrival-cost.ts).
import type { CDPSession } from 'playwright-core';
import { sleep } from './stats';

export type Metrics = { name: string; value: number }[];

export const QUIET_MS = 1000;
export const POLL_MS = 250;
/** Deferred work (idle-time discovery, lookups) must fall inside the window: watch this long at least. */
export const MIN_AFTER_LOAD_MS = 3000;

export const metric = (m: Metrics, name: string) => m.find((x) => x.name === name)?.value ?? Number.NaN;

export const readMetrics = async (cdp: CDPSession) =>
  ((await cdp.send('Performance.getMetrics')) as { metrics: Metrics }).metrics;

/**
 * The metrics once the main thread has been quiet for QUIET_MS (no script at all, under 2 ms of
 * other work per POLL_MS poll), and at least MIN_AFTER_LOAD_MS after `since`; 30 s at most.
 */
export async function settle(cdp: CDPSession, since: number): Promise<Metrics> {
  let metrics = await readMetrics(cdp);
  let quietFor = 0;
  while ((quietFor < QUIET_MS || Date.now() - since < MIN_AFTER_LOAD_MS) && Date.now() - since < 30_000) {
    await sleep(POLL_MS);
    const next = await readMetrics(cdp);
    const script = (metric(next, 'ScriptDuration') - metric(metrics, 'ScriptDuration')) * 1000;
    const task = (metric(next, 'TaskDuration') - metric(metrics, 'TaskDuration')) * 1000;
    quietFor = script < 0.05 && task < 2 ? quietFor + POLL_MS : 0;
    metrics = next;
  }
  return metrics;
}

/** The renderer's V8 heap (all worlds) after a forced collection, in kB. */
export async function keptKb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return metric(await readMetrics(cdp), 'JSHeapUsedSize') / 1024;
}
