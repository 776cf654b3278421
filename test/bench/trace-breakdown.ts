// Where a page's main-thread time goes: one page load traced through CDP (Tracing domain), the
// complete ('X') events of the page's renderer main thread turned into self time per event name.
// Used by BENCHMARKS.md "Content-script cost" to say why the content script costs what it costs,
// and by the browser tests to say whether a long task held content-script time
// (test/e2e/harness/extension-trace.ts).
import type { BrowserContext } from 'playwright-core';
import { sleep } from './stats';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; beginData?: { url?: string }; data?: { url?: string; functionName?: string } };
}

/** A task of ≥ 50 ms on the traced thread, with what ran in it. */
export interface TracedLongTask {
  ms: number;
  /** Largest self times inside it (event name, ms). */
  top: [string, number][];
  /** Time in script calls/evaluations whose script URL is an extension's (chrome-extension://). */
  extensionScriptMs: number;
}

export interface TraceResult {
  self: Map<string, number>;
  longTasks: TracedLongTask[];
  /** Extension script time over the whole trace (a check that the attribution finds our script). */
  extensionScriptMs: number;
}

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const SCRIPT = new Set(['FunctionCall', 'EvaluateScript', 'v8.callFunction', 'v8.run']);

/** Time in outermost script events whose script URL is an extension's. */
function extensionScriptMs(events: TraceEvent[]): number {
  const scripts = events.filter(
    (e) =>
      SCRIPT.has(e.name) && typeof e.dur === 'number' && (e.args?.data?.url ?? '').startsWith('chrome-extension://'),
  );
  const outer = scripts.filter(
    (e) => !scripts.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!),
  );
  return outer.reduce((a, e) => a + e.dur!, 0) / 1000;
}

function longTasksOf(thread: TraceEvent[]): TracedLongTask[] {
  const xs = thread.filter((e) => e.ph === 'X' && typeof e.dur === 'number');
  const tasks = xs.filter((e) => TASKS.has(e.name) && e.dur! >= 50_000);
  // Nested RunTask events describe the same task: keep the outermost.
  const outer = tasks.filter(
    (t) => !tasks.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur! >= t.ts + t.dur! && o.dur! > t.dur!),
  );
  return outer.map((t) => {
    const inside = xs.filter((e) => e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur!);
    const top = [...selfTimes(inside).entries()]
      .filter(([n]) => !TASKS.has(n))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3);
    return { ms: t.dur! / 1000, top, extensionScriptMs: extensionScriptMs(inside) };
  });
}

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink',
].join(',');

/** Self time (ms) per event name on one thread: an event's duration minus its children's. */
export function selfTimes(events: TraceEvent[]): Map<string, number> {
  const xs = events
    .filter((e) => e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; end: number; children: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const top = stack.pop()!;
      self.set(top.e.name, (self.get(top.e.name) ?? 0) + Math.max(0, top.e.dur! - top.children) / 1000);
    }
  };
  for (const e of xs) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.children += e.dur!;
    stack.push({ e, end: e.ts + e.dur!, children: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return self;
}

/** Loads `url` in a fresh tab while tracing, waits `afterLoadMs`; self times and long tasks of its main thread. */
export async function traceLoad(context: BrowserContext, url: string, afterLoadMs: number): Promise<TraceResult> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  try {
    await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // The person arrives at once (the content script starts on the first pointer move:
    // src/content/visit.ts), so its whole setup falls inside the traced load, as before.
    await page.mouse.move(5, 5);
    await sleep(afterLoadMs);
    await cdp.send('Tracing.end');
    await complete;
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
  return mainThreadOf(events, url);
}

/** Self times and long tasks of the main thread that parsed `url`'s HTML, from a trace's events. */
export function mainThreadOf(events: TraceEvent[], url: string): TraceResult {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(url.split('?')[0]!),
  );
  if (!parse) throw new Error(`No ParseHTML event for ${url} in the trace`);
  const thread = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
  return { self: selfTimes(thread), longTasks: longTasksOf(thread), extensionScriptMs: extensionScriptMs(thread) };
}
