/**
 * Whether the background has work in flight: for tests that show "nothing happened" (no request
 * sent, no rule added), which can only say so once the background has finished what the event
 * started. Counted here: every event handler's work (navigations, redirects, messages, alarms,
 * tab and storage events, started from main.ts; commits, from outputs.ts), what an answer's
 * arrival starts in the navigation path (a strict-mode hold settled), a hover batch waiting for
 * its window to close, a request-blocking rule update queued or running, the start-up work of a
 * new worker life, and every request to the service while it is in flight (api/transport.ts). A
 * job that waits for its next poll or listens on its event stream is not work in flight: it waits
 * on the service, and a test waits on the service's request log for it.
 *
 * Counting costs a number per event, so it runs in every build; only test builds answer the
 * `test.idle` message that reads it (handlers/pages.ts, our own pages only).
 */

let inFlight = 0;
let waiters: (() => void)[] = [];

/** The release of one piece of work; calling it again does nothing. */
export function beginWork(): () => void {
  inFlight++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight--;
    if (inFlight === 0) wakeWaiters();
  };
}

/** Counts `work` as in flight until it settles; returns it unchanged. */
export function whileWorking<T>(work: Promise<T>): Promise<T> {
  const end = beginWork();
  work.then(end, end);
  return work;
}

/** A timer whose callback's work counts as in flight from now until that work settles, or until cleared. */
export function workTimer(run: () => Promise<unknown> | void, ms: number): { clear(): void } {
  const end = beginWork();
  const handle = setTimeout(() => runCounted(run, end), ms);
  return {
    clear() {
      clearTimeout(handle);
      end();
    },
  };
}

/**
 * A timer for work put off on purpose (the start-up's cache load): the wait is not work in
 * flight, like a job's wait for its next poll; its callback's work is, from when it runs.
 */
export function laterWork(run: () => Promise<unknown> | void, ms: number): { clear(): void } {
  const handle = setTimeout(() => runCounted(run, beginWork()), ms);
  return { clear: () => clearTimeout(handle) };
}

/** Runs `run` and calls `end` once its work settled, also when it throws or returns nothing. */
function runCounted(run: () => Promise<unknown> | void, end: () => void): void {
  try {
    const out = run();
    if (out instanceof Promise) out.then(end, end);
    else end();
  } catch {
    end();
  }
}

export const hasWorkInFlight = (): boolean => inFlight > 0;

function wakeWaiters(): void {
  // Work that ends often starts the next piece in the same turn (a handler that schedules a rule
  // update): the waiters look again one macrotask later, and wait on if work began meanwhile.
  setTimeout(() => {
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  }, 0);
}

/** Resolves once no work is in flight, and none began in the macrotask after the last ended. */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    waiters.push(resolve);
    if (inFlight === 0) wakeWaiters();
  });
}

/** The message that reads the idle state (test builds only): it waits for the rest, so it is not work itself. */
export const IDLE_PROBE = 'test.idle';
export const isIdleProbe = (message: unknown): boolean =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === IDLE_PROBE;
