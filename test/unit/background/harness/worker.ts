/**
 * A "worker life" for engine tests: the real engine, real API client and real local service,
 * over fakeBrowser storage. `kill()` models the MV3 worker dying: its timers stop firing and
 * its pending awaits never resume, while storage (the only thing that survives) stays. Every
 * life still running when a test ends is killed then (afterEach): a test kills one itself only
 * to model the worker dying mid-test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import { createApiClient, type ApiClient } from '@/src/background/api';
import { createVerdictCache, type VerdictCache } from '@/src/background/cache/verdict-cache';
import { createJobsStore, type JobsStore } from '@/src/background/engine/jobs-store';
import { createScanEngine, type ScanEngine } from '@/src/background/engine/engine';
import type { UrlStatus } from '@/src/shared/verdict';
import type { DurationLog } from '@/src/background/engine/scan-durations';

export interface Worker {
  engine: ScanEngine;
  cache: VerdictCache;
  updates: Array<{ url: string; status: UrlStatus }>;
  kill(): void;
  dead: () => boolean;
}

const never = <T>() => new Promise<T>(() => undefined);
/** An event stream that never yields and never ends (a dead worker reads nothing more). */
async function* frozenStream(): AsyncGenerator<never> {
  await never();
  yield* [];
}

export interface Hooks {
  /** Wrap the real client, e.g. to hang a call (the worker dies during it). */
  wrapApi?: (api: ApiClient, w: { kill(): void; dead(): boolean }) => ApiClient;
  wrapCache?: (c: VerdictCache, w: { kill(): void; dead(): boolean }) => VerdictCache;
  /** The engine's clock (a test moves it to jump past deadlines without waiting). */
  now?: () => number;
  /** Policy maxCreditsPerDay's counter (reporting/credit-budget.ts), as main.ts hands it over. */
  dailyBudget?: { tryConsume(): Promise<boolean> };
  /** What recent scans took (poll timing); default: the engine's own persisted log. */
  durations?: DurationLog;
  /** The checker's recheck (default: every URL still sent as stored). */
  recheck?: (url: string) => Promise<UrlStatus | null>;
  /** Wrap the real jobs store, e.g. to watch or fail its writes. */
  wrapJobs?: (j: JobsStore) => JobsStore;
  /** Told each timer the engine sets (e.g. the delay it chose for the next poll). */
  onTimer?: (ms: number) => void;
  /** The stream cap and its change signal; default: the protocol Node's fetch reports (HTTP/1.1 here). */
  streams?: { cap(): number; onChange(fn: () => void): void };
}

/** Every worker life a test started: all stopped after each test, so a failed assertion leaks none. */
const lives = new Set<{ kill(): void }>();
afterEach(() => {
  for (const l of lives) l.kill();
  lives.clear();
});

export async function startWorker(baseUrl: string, apiKey: string, hooks: Hooks = {}): Promise<Worker> {
  let dead = false;
  const life = { kill: () => void (dead = true), dead: () => dead };
  lives.add(life);
  const real = createApiClient({ baseUrl, apiKey, timeoutMs: 5000 });
  // After death nothing of this life runs again: every API call and timer is frozen.
  const frozen: ApiClient = new Proxy(real, {
    get(target, prop, recv) {
      const v = Reflect.get(target, prop, recv);
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        if (dead) return prop === 'streamEvents' ? frozenStream() : never();
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const api = hooks.wrapApi ? hooks.wrapApi(frozen, life) : frozen;
  const baseCache = createVerdictCache();
  const cache = hooks.wrapCache ? hooks.wrapCache(baseCache, life) : baseCache;
  await baseCache.init();
  const updates: Worker['updates'] = [];
  const engine = createScanEngine({
    jobs: hooks.wrapJobs ? hooks.wrapJobs(createJobsStore()) : createJobsStore(),
    cache,
    api: async () => api,
    ttlFor: async () => 60_000,
    now: hooks.now,
    dailyBudget: hooks.dailyBudget,
    setTimer: (fn, ms) => {
      hooks.onTimer?.(ms);
      return setTimeout(() => !dead && fn(), ms);
    },
    durations: hooks.durations,
    streams: hooks.streams,
    // What the checker answers when the settings still send the URL as stored; the resume
    // alarm is the browser's, out of these tests.
    recheck: hooks.recheck ?? (async () => null),
    onPending: () => undefined,
  });
  engine.onUpdate((url, status) => !dead && updates.push({ url, status }));
  return { engine, cache, updates, kill: life.kill, dead: life.dead };
}

/** The engine's first verdict update for `url` in this worker life, if any. */
export const verdictUpdate = (w: Worker, url: string) =>
  w.updates.find((u) => u.url === url && u.status.kind === 'verdict');
/** The status of that update: the verdict the engine announced for `url`. */
export const verdictOf = (w: Worker, url: string) => verdictUpdate(w, url)?.status;

/** Polls `fn` (sync or async) until it returns something truthy. */
export function waitFor<T>(
  fn: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 15_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (!v) throw new Error('waitFor timed out');
      return v;
    },
    { timeout: ms, interval: 20 },
  );
}

export const hang = never;

/**
 * The real local service for one test file: started once, and before each test the browser fake
 * and the service are reset (no faults, an empty log, 1,000 credits). Returns the service (a
 * stand-in that forwards to it once started, so it can be a file-level constant).
 */
export function useLocalService(opts: Parameters<typeof startService>[0]): ScanningService {
  let svc: ScanningService | undefined;
  beforeAll(async () => {
    svc = await startService(opts);
  });
  afterAll(() => svc?.stop());
  beforeEach(() => {
    fakeBrowser.reset();
    svc!.resetFaults();
    svc!.clearLog();
    svc!.setCredits(1000);
  });
  return new Proxy({} as ScanningService, {
    get(_, prop) {
      if (!svc) throw new Error('useLocalService: the service starts in beforeAll');
      const v = Reflect.get(svc, prop, svc) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(svc) : v;
    },
  });
}
