// Long tasks on a page, measured the way the page itself would: a PerformanceObserver for
// 'longtask' entries (Long Tasks API: every task of the page's main thread that ran 50 ms or
// more), registered before the page's first script by an init script, with `buffered: true`.
//
// Attribution in Chromium is coarse: a content script runs in an isolated world on the SAME
// main thread, so its long tasks are reported like the page's own (attribution[0] names the
// frame, 'self', not the script). To say which long tasks the extension added, a test measures
// the same page twice: in a Chromium with the extension and in one without it (a baseline), and
// compares the long tasks phase by phase (load, idle after load, scrolling). See `excessOver`.
// Two sharper cuts are possible without attribution. The init script notes when the person
// arrives (the first trusted pointer, key, wheel, touch or focus event: the content script's app
// starts then, src/content/visit.ts, and before it the content script is a few listeners, which
// observe nothing): only long tasks that end after that moment are compared, in both runs alike,
// so the page's own parse and first layout, whose tasks cross 50 ms at random on a shared machine
// with or without an extension, do not decide the comparison (a traced run says whether any of
// them held content-script time: extension-trace.ts). It also notes when the content script's
// overlay host enters the page (it is built the first time a warning is shown), and a long task
// that ended before that moment cannot be the overlay's. Such tasks are not counted; on a page
// where nothing is flagged the host never appears.
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_SWITCHES, HOST_MAP_SWITCH } from './chromium';
import { findBrowser } from '../../../scripts/lib/browsers.mjs';
import { VISIT_EVENTS } from '../../../src/content/visit';

export const LONG_TASK_MS = 50;

export interface LongTask {
  startTime: number;
  duration: number;
  name: string;
  attribution: { containerType?: string; containerSrc?: string; containerName?: string; name?: string }[];
}

export type Phase = 'load' | 'idle' | 'scroll';
export const PHASES: Phase[] = ['load', 'idle', 'scroll'];

export interface LongTaskRun {
  label: string;
  tasks: LongTask[];
  /** performance.now() values where each phase ends (load: loadEventEnd; idle: scroll start). */
  bounds: { loadEnd: number; scrollStart: number; end: number };
  /** How many wheel steps it took to reach the bottom. */
  scrollSteps: number;
  /** performance.now() when the content script's overlay host appeared; null without the extension or without a warning. */
  contentScriptAt: number | null;
  /** performance.now() of the person's first trusted event (the content script's app starts on it); null if none came. */
  arrivedAt: number | null;
}

/**
 * The init script (page.addInitScript({content})): runs in the page's main world before any of
 * its scripts. It collects long tasks into `__llLongTasks`, notes in `__llArrivedAt` when the first
 * trusted event of the kinds the content script starts on arrived, and in `__llOverlayAt` when an
 * element named `overlayTag` is added to <html> (only <html>'s own children are watched: watching
 * the whole tree would slow the page's parse). Plain JS source, so no transpiler helper (such as
 * esbuild's `__name`) can leak into the page.
 */
export function longTaskInitScript(overlayTag: string): string {
  return `(() => {
  if (window.__llLongTasks) return;
  const out = [];
  window.__llLongTasks = out;
  const tag = ${JSON.stringify(overlayTag)};
  const visits = ${JSON.stringify(VISIT_EVENTS)};
  function arrived(e) {
    if (!e.isTrusted || window.__llArrivedAt !== undefined) return;
    window.__llArrivedAt = e.timeStamp;
    for (const type of visits) removeEventListener(type, arrived, true);
  }
  for (const type of visits) addEventListener(type, arrived, { capture: true, passive: true });
  function watchHtml(html) {
    new MutationObserver(function (records, observer) {
      for (const r of records) for (const n of r.addedNodes) {
        if (n.localName !== tag) continue;
        window.__llOverlayAt = performance.now();
        observer.disconnect();
        return;
      }
    }).observe(html, { childList: true });
  }
  if (document.documentElement) watchHtml(document.documentElement);
  else new MutationObserver(function (records, observer) {
    if (!document.documentElement) return;
    observer.disconnect();
    watchHtml(document.documentElement);
  }).observe(document, { childList: true });
  try {
    new PerformanceObserver(function (list) {
      for (const e of list.getEntries()) out.push({
        startTime: e.startTime,
        duration: e.duration,
        name: e.name,
        attribution: (e.attribution || []).map(function (a) {
          return { containerType: a.containerType, containerSrc: a.containerSrc, containerName: a.containerName, name: a.name };
        }),
      });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {
    // No Long Tasks API: __llLongTasks stays empty.
  }
})();`;
}

/** A plain headless Chromium (same binary, same host mapping) WITHOUT the extension. */
export async function launchBaselineChromium(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH || findBrowser('chromium');
  if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_SWITCHES, HOST_MAP_SWITCH],
  });
}

export interface MeasureOptions {
  /** Time after the load event before the pointer comes onto the page and scrolling starts (nobody has arrived yet). */
  idleMs?: number;
  /** Pixels per wheel step. */
  stepPx?: number;
  /** Pause between wheel steps. */
  stepPauseMs?: number;
  /** Awaited after scrolling, before the entries are collected (e.g. "until every link was looked up"). */
  settle?: () => Promise<void>;
}

/**
 * Loads `url` in `page` (which must have `longTaskInitScript` as an init script), waits, scrolls to
 * the bottom with the mouse wheel, waits again, and returns every long task with phase bounds.
 * The pointer rests at the right edge, away from the link texts: scrolling must not hover links.
 */
export async function measurePage(
  page: Page,
  url: string,
  label: string,
  o: MeasureOptions = {},
): Promise<LongTaskRun> {
  // A background tab gets throttled frames (the extension opens its options tab on install).
  await page.bringToFront();
  await page.goto(url, { waitUntil: 'load' });
  const loadEnd = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return nav?.loadEventEnd || performance.now();
  });
  await page.waitForTimeout(o.idleMs ?? 4000);
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.move(viewport.width - 8, Math.floor(viewport.height / 2));
  const scrollStart = await page.evaluate(() => performance.now());
  let scrollSteps = 0;
  for (; scrollSteps < 500; scrollSteps++) {
    const atBottom = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atBottom) break;
    await page.mouse.wheel(0, o.stepPx ?? 2500);
    await page.waitForTimeout(o.stepPauseMs ?? 60);
  }
  await page.waitForTimeout(1500);
  await o.settle?.();
  const result = await page.evaluate(() => {
    const g = globalThis as unknown as { __llLongTasks?: unknown[]; __llOverlayAt?: number; __llArrivedAt?: number };
    return {
      end: performance.now(),
      tasks: (g.__llLongTasks ?? null) as unknown,
      overlayAt: g.__llOverlayAt ?? null,
      arrivedAt: g.__llArrivedAt ?? null,
    };
  });
  if (!Array.isArray(result.tasks))
    throw new Error(`${label}: the long-task observer was not installed (init script missing?)`);
  return {
    label,
    tasks: result.tasks as LongTask[],
    bounds: { loadEnd, scrollStart, end: result.end },
    scrollSteps,
    contentScriptAt: result.overlayAt,
    arrivedAt: result.arrivedAt,
  };
}

export function phaseOf(run: LongTaskRun, task: LongTask): Phase {
  if (task.startTime < run.bounds.loadEnd) return 'load';
  if (task.startTime < run.bounds.scrollStart) return 'idle';
  return 'scroll';
}

/**
 * Whether a long task counts: ≥ 50 ms, not over before the person arrived (in every run, with the
 * extension or without: the same window on both sides; all tasks when no arrival was noted), and
 * (with the extension) not over before its overlay appeared.
 */
export function counts(run: LongTaskRun, t: LongTask): boolean {
  if (t.duration < LONG_TASK_MS) return false;
  const end = t.startTime + t.duration;
  if (run.arrivedAt !== null && end <= run.arrivedAt) return false;
  return run.contentScriptAt === null || end > run.contentScriptAt;
}

/** Counted long tasks per phase. */
export function countByPhase(run: LongTaskRun): Record<Phase, number> {
  const out: Record<Phase, number> = { load: 0, idle: 0, scroll: 0 };
  for (const t of run.tasks) if (counts(run, t)) out[phaseOf(run, t)]++;
  return out;
}

/** Per phase, the smallest count over several runs of the same setup (noise on a shared machine only adds tasks). */
export function minCounts(runs: LongTaskRun[]): Record<Phase, number> {
  const out: Record<Phase, number> = { load: Infinity, idle: Infinity, scroll: Infinity };
  for (const r of runs) {
    const c = countByPhase(r);
    for (const p of PHASES) out[p] = Math.min(out[p], c[p]);
  }
  return out;
}

/** Phases where the extension runs had more long tasks than the baseline runs, with the numbers. */
export function excessOver(
  extension: LongTaskRun[],
  baseline: LongTaskRun[],
): { phase: Phase; extension: number; baseline: number }[] {
  const e = minCounts(extension);
  const b = minCounts(baseline);
  return PHASES.filter((p) => e[p] > b[p]).map((phase) => ({ phase, extension: e[phase], baseline: b[phase] }));
}

/** One line per run for failure messages and the log. */
export function describeRun(run: LongTaskRun): string {
  const tasks = run.tasks
    .filter((t) => t.duration >= LONG_TASK_MS)
    .map(
      (t) =>
        `${phaseOf(run, t)}@${Math.round(t.startTime)}ms:${Math.round(t.duration)}ms(${t.attribution.map((a) => `${a.name ?? ''}/${a.containerType ?? ''}`).join(',')})${counts(run, t) ? '' : '[not compared: before the person arrived or the overlay appeared]'}`,
    );
  const b = run.bounds;
  const cs = run.contentScriptAt === null ? 'none' : String(Math.round(run.contentScriptAt));
  const arrived = run.arrivedAt === null ? 'never' : String(Math.round(run.arrivedAt));
  return `${run.label}: arrived=${arrived} overlay=${cs} loadEnd=${Math.round(b.loadEnd)} scrollStart=${Math.round(b.scrollStart)} end=${Math.round(b.end)} steps=${run.scrollSteps} long tasks=[${tasks.join(' ')}]`;
}
