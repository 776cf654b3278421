/**
 * Shared setup of the contract tests: the REAL local service (test/service/server.ts) over HTTP,
 * a client wired to it, and a guard that fails a test on any unhandled promise rejection.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createApiClient, isTerminal, type ApiClient, type ApiConfig, type ScanJob } from '@/src/background/api';
import { startService, type ScanningService, type ServiceOptions } from '../service/server';

export interface Harness {
  svc: ScanningService;
  /** Waits the client asked for (ms), in order; the real wait is shortened to keep tests quick. */
  sleeps: number[];
  client(over?: Partial<ApiConfig>): ApiClient;
}

/** Starts one service per test file; resets faults, id mode, credits and the log before each test. */
export function useService(opts: ServiceOptions = {}): Harness {
  const h = { sleeps: [] as number[] } as Harness;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    h.svc = await startService({ processingDelayMs: 60, keepAliveMs: 40, seed: 7, ...opts });
  });
  afterAll(async () => {
    await h.svc?.stop();
    process.off('unhandledRejection', onRejection);
  });
  beforeEach(() => {
    h.svc.resetFaults();
    h.svc.setIdMode('both');
    h.svc.setCredits(1000);
    h.svc.setProcessingDelay(60);
    h.svc.clearLog();
    h.sleeps.length = 0;
  });
  afterEach(async () => {
    // Let pending microtasks and socket errors surface before judging.
    await new Promise((r) => setTimeout(r, 20));
    expect(rejections, 'no unhandled promise rejections').toEqual([]);
  });

  h.client = (over = {}) =>
    createApiClient({
      baseUrl: h.svc.baseUrl,
      apiKey: h.svc.demoKey,
      timeoutMs: 3000,
      sleep: (ms, signal) => {
        h.sleeps.push(ms);
        return new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(ms, 20));
          signal?.addEventListener('abort', () => {
            clearTimeout(t);
            resolve();
          });
        });
      },
      ...over,
    });
  return h;
}

/** Polls getScan until the job is terminal (the service's processing delay is short). */
export async function waitTerminal(client: ApiClient, id: string, timeoutMs = 5000): Promise<ScanJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await client.getScan(id);
    if (!r.ok) throw new Error(`getScan failed: ${r.error.code} ${r.error.message}`);
    if (isTerminal(r.value.state)) return r.value;
    if (Date.now() > until) throw new Error(`scan ${id} still ${r.value.state}`);
    await new Promise((res) => setTimeout(res, 25));
  }
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function collect<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}
