// Which long tasks held content-script time: the page traced through CDP while something runs
// (Tracing, devtools.timeline categories), its main thread's tasks of 50 ms or more, and in each
// the time spent in script whose URL is the extension's (test/bench/trace-breakdown.ts). The
// Long Tasks API cannot say this: it attributes a content script's task to the page's frame.
import type { CDPSession } from 'playwright-core';
import { mainThreadOf, TRACE_CATEGORIES, type TraceEvent, type TraceResult } from '../../bench/trace-breakdown';

export type { TraceResult };

/** Runs `during` with the page's renderer traced; the main thread of `url`'s document, analysed. */
export async function traceDuring<T>(
  cdp: CDPSession,
  url: string,
  during: () => Promise<T>,
): Promise<{ result: T; trace: TraceResult }> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  let result: T;
  try {
    result = await during();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
  }
  return { result, trace: mainThreadOf(events, url) };
}
