/**
 * After the service answered 402 (out of credits), the balance is asked again soon and then less
 * and less often, so the scans waiting for credits go out a few seconds after credits return
 * rather than at the next once-a-minute alarm. The timers live in this worker only (a speed-up):
 * the minute alarm stays the durable check a new worker life relies on.
 *
 * recheckDelayMs (attempt → delay): 0 → 2 s · 1 → 4 s · 2 → 8 s · 3 → 16 s · 4 → 32 s ·
 * 5 and later → 60 s (the minute, where the alarm already is).
 */
export const FIRST_RECHECK_MS = 2_000;
export const LAST_RECHECK_MS = 60_000;

export function recheckDelayMs(attempt: number): number {
  const n = Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0;
  return Math.min(LAST_RECHECK_MS, FIRST_RECHECK_MS * 2 ** Math.min(n, 30));
}

export interface CreditsRecheckDeps {
  /** Asks the service for the balance (and resumes the waiting scans when it is positive). */
  check: () => Promise<void>;
  setTimer: (cb: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

export function createCreditsRecheck(d: CreditsRecheckDeps) {
  let timer: unknown = null;
  let attempt = 0;
  let running = false;

  const next = () => {
    timer = d.setTimer(() => {
      timer = null;
      void d
        .check()
        .catch(() => undefined)
        .finally(() => {
          attempt += 1;
          if (running) next();
        });
    }, recheckDelayMs(attempt));
  };

  return {
    /** Out of credits: start asking (a second 402 while asking does not start over). */
    start(): void {
      if (running) return;
      running = true;
      attempt = 0;
      next();
    },
    /** Credits are back (or the problem is another): stop asking. */
    stop(): void {
      running = false;
      if (timer !== null) d.clearTimer(timer);
      timer = null;
    },
    get running(): boolean {
      return running;
    },
  };
}
