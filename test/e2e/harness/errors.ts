// Collects console errors and uncaught errors from every page and service worker of a Chromium
// context, so a test can assert `expect(collectErrors(context)).toEqual([])` (docs/decisions/018-tests.md: "no
// unhandled rejection in any context (collect console and worker errors and assert none)").
import type { BrowserContext, ConsoleMessage, Page, Worker } from 'playwright-core';

export interface CollectedError {
  /** Where it happened: a page, a service worker, or (Firefox) a page driven by puppeteer. */
  source: 'page' | 'worker';
  /** 'console' for console.error, 'uncaught' for a thrown error or unhandled rejection. */
  kind: 'console' | 'uncaught';
  url: string;
  text: string;
}

const logs = new WeakMap<BrowserContext, CollectedError[]>();

function onConsole(log: CollectedError[], source: CollectedError['source'], url: () => string) {
  return (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    log.push({ source, kind: 'console', url: url(), text: msg.text() });
  };
}

/** Errors thrown inside a worker reach us as console errors (see watchWorker). */
const UNCAUGHT_PREFIX = '[linklens-harness uncaught] ';

function watchPage(log: CollectedError[], page: Page): void {
  page.on(
    'console',
    onConsole(log, 'page', () => page.url()),
  );
  page.on('pageerror', (error) => {
    log.push({ source: 'page', kind: 'uncaught', url: page.url(), text: String(error.stack ?? error) });
  });
}

function watchWorker(log: CollectedError[], worker: Worker): void {
  worker.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const uncaught = text.startsWith(UNCAUGHT_PREFIX);
    log.push({
      source: 'worker',
      kind: uncaught ? 'uncaught' : 'console',
      url: worker.url(),
      text: uncaught ? text.slice(UNCAUGHT_PREFIX.length) : text,
    });
  });
  // Playwright reports a page's uncaught errors ('pageerror') but not a service worker's, so we
  // forward the worker's own error/unhandledrejection events to console.error. Best effort: a
  // worker that is already gone has nothing left to report.
  worker
    .evaluate((prefix) => {
      const g = globalThis as unknown as { __linklensHarnessErrors?: boolean } & typeof globalThis;
      if (g.__linklensHarnessErrors) return;
      g.__linklensHarnessErrors = true;
      const describe = (value: unknown) => (value instanceof Error ? (value.stack ?? String(value)) : String(value));
      g.addEventListener('error', (event) =>
        console.error(prefix + describe((event as ErrorEvent).error ?? (event as ErrorEvent).message)),
      );
      g.addEventListener('unhandledrejection', (event) =>
        console.error(prefix + 'Unhandled rejection: ' + describe((event as PromiseRejectionEvent).reason)),
      );
    }, UNCAUGHT_PREFIX)
    .catch(() => undefined);
}

/**
 * Starts collecting errors for the context (idempotent) and returns everything collected so far.
 * launchChromium calls it at launch, so errors from the first moment are included.
 */
export function collectErrors(context: BrowserContext): CollectedError[] {
  let log = logs.get(context);
  if (!log) {
    const fresh: CollectedError[] = [];
    logs.set(context, fresh);
    for (const page of context.pages()) watchPage(fresh, page);
    for (const worker of context.serviceWorkers()) watchWorker(fresh, worker);
    context.on('page', (page) => watchPage(fresh, page));
    // A stopped service worker comes back as a new Worker object: watch each one.
    context.on('serviceworker', (worker) => watchWorker(fresh, worker));
    log = fresh;
  }
  return [...log];
}

/** Forgets what was collected so far (e.g. after a step that provokes errors on purpose). */
export function clearErrors(context: BrowserContext): void {
  logs.get(context)?.splice(0);
}

/**
 * The errors of a launched Chromium (launchChromium's `errors()`) since the previous call, then
 * forgotten: each test asserts its own.
 */
export function takeErrors(ext: { context: BrowserContext; errors(): CollectedError[] }): CollectedError[] {
  const errors = ext.errors();
  clearErrors(ext.context);
  return errors;
}
