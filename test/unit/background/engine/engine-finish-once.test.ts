// One finish per scan (engine-track.ts): the event stream and a poll can both see a job end. The
// verdict must be written, announced and sampled once, and a finish that failed must not stop a
// later one from delivering it ("nothing silently lost").
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ApiClient, ScanJob } from '@/src/background/api';
import { createVerdictCache, type VerdictCache } from '@/src/background/cache/verdict-cache';
import { createJobsStore, type PendingJob } from '@/src/background/engine/jobs-store';
import { createEngineCore } from '@/src/background/engine/engine-core';
import { createTracker } from '@/src/background/engine/engine-track';
import type { UrlStatus } from '@/src/shared/verdict';

const URL_ = 'https://phish.example/login';
const T0 = 1_800_000_000_000;

const job = (over: Partial<PendingJob> = {}): PendingJob => ({
  url: URL_,
  idempotencyKey: 'k-1',
  scanId: 'scn_1',
  state: 'PROCESSING',
  reasons: ['navigation'],
  createdAt: T0,
  deadline: T0 + 600_000,
  pollDelayMs: 1000,
  tabIds: [7],
  waitingFor: null,
  retryAt: 0,
  lastError: null,
  ...over,
});

const done = (id = 'scn_1'): ScanJob => ({
  id,
  url: URL_,
  state: 'COMPLETED',
  createdAt: new Date(T0).toISOString(),
  completedAt: new Date(T0 + 2000).toISOString(),
  result: { riskScore: 95, confidence: 0.9, categories: ['phishing'], reasoning: 'r', indicators: [] },
  failureReason: null,
  extra: {},
});

/** A gate a test opens by hand: the fake service's GET answers only then. */
function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
}

function setup(opts: { getScan?: () => Promise<ScanJob>; cacheSet?: (c: VerdictCache) => VerdictCache['set'] } = {}) {
  const jobs = createJobsStore({ memoryOnly: () => false });
  const real = createVerdictCache({ now: () => T0 + 3000, memoryOnly: () => false });
  const writes: string[] = [];
  const baseSet = opts.cacheSet ? opts.cacheSet(real) : real.set.bind(real);
  const cache: VerdictCache = {
    ...real,
    get: real.get.bind(real),
    set: async (v, ttl) => {
      writes.push(v.scanId);
      await baseSet(v, ttl);
    },
  };
  const samples: Array<number | null> = [];
  const api = {
    getScan: async () => ({ ok: true as const, value: await (opts.getScan ?? (async () => done()))() }),
  } as unknown as ApiClient;
  const core = createEngineCore({
    jobs,
    cache,
    api: async () => api,
    recheck: async () => null,
    onPending: () => undefined,
    ttlFor: async () => 60_000,
    now: () => T0 + 3000,
    // Timers are the test's: nothing fires by itself.
    setTimer: () => 0,
    clearTimer: () => undefined,
    durations: { load: async () => undefined, add: (ms) => void samples.push(ms), learned: () => null },
  });
  core.streamSupported = false;
  const announced: UrlStatus[] = [];
  core.listeners.add((_url, status) => status.kind === 'verdict' && announced.push(status));
  const tracker = createTracker(core);
  return { jobs, cache: real, core, tracker, writes, samples, announced };
}

/** A set-up whose cache writes its memory at once and its disk only when `write` opens. */
function heldCacheWrite() {
  const write = gate();
  const s = setup({
    cacheSet: (c) => async (v, ttl) => {
      const p = c.set(v, ttl);
      await write.p;
      await p;
    },
  });
  return { write, s };
}

async function started(s: ReturnType<typeof setup>, j = job()) {
  await s.jobs.put(j);
  s.core.mirror(j);
  s.tracker.track(j, T0);
  return j;
}

beforeEach(() => fakeBrowser.reset());

describe('one finish per scan', () => {
  it('the stream and a poll finishing the same scan at once: one cache write, one announcement, one duration sample', async () => {
    const s = setup();
    const j = await started(s);
    await Promise.all([s.tracker.finish(j, done()), s.tracker.finish(j, done())]);
    expect(s.writes).toEqual(['scn_1']);
    expect(s.announced).toHaveLength(1);
    expect(s.samples).toHaveLength(1);
    expect(s.cache.get(URL_)?.riskScore).toBe(95);
    expect(await s.jobs.get(URL_)).toBeNull();
    // Delivered at last: no record and nothing retiring is left of the job.
    expect(s.core.records.size).toBe(0);
    expect(s.core.retiring.size).toBe(0);
  });

  it('a poll whose GET was out when the stream finished the job does nothing more', async () => {
    const g = gate();
    const s = setup({ getScan: async () => (await g.p, done()) });
    const j = await started(s);
    const late = s.tracker.poll(URL_);
    // The stream's terminal frame finishes the job while the GET is on its way.
    await s.tracker.finish(j, done());
    g.open();
    await late;
    expect(s.writes).toEqual(['scn_1']);
    expect(s.announced).toHaveLength(1);
    expect(s.samples).toHaveLength(1);
  });

  it('a finish whose cache write failed is forgotten: the job is polled again and the next finish writes the verdict', async () => {
    let fail = true;
    const s = setup({
      cacheSet: (c) => async (v, ttl) => {
        if (fail) throw new Error('quota');
        await c.set(v, ttl);
      },
    });
    const j = await started(s);
    await expect(s.tracker.finish(j, done())).rejects.toThrow('quota');
    // The job is still stored, tracked and checking, with a poll planned: the verdict was not
    // lost with the failed write (it was announced: a redirect does not wait for the disk).
    expect(await s.jobs.get(URL_)).not.toBeNull();
    expect(s.core.records.get(URL_)?.tracking).toBe(true);
    expect(s.core.records.get(URL_)?.pollTimer).not.toBeUndefined();
    expect(s.core.retiring.has(URL_)).toBe(false);
    expect(s.announced).toHaveLength(1);
    fail = false;
    await s.tracker.poll(URL_);
    expect(s.cache.get(URL_)?.riskScore).toBe(95);
    expect(await s.jobs.get(URL_)).toBeNull();
  });

  it('the verdict is announced before its writes land, and the cache already answers for it then', async () => {
    const { write, s } = heldCacheWrite();
    const seenAtAnnouncement: Array<number | undefined> = [];
    s.core.listeners.add((url) => seenAtAnnouncement.push(s.cache.get(url)?.riskScore));
    const j = await started(s);
    const finished = s.tracker.finish(j, done());
    await vi.waitFor(() => expect(s.announced).toHaveLength(1));
    expect(seenAtAnnouncement).toEqual([95]);
    // The job is not forgotten on disk before the cache write lands.
    expect(await s.jobs.get(URL_)).not.toBeNull();
    expect(s.core.retiring.get(URL_)).toBe('k-1');
    write.open();
    await finished;
    expect(await s.jobs.get(URL_)).toBeNull();
    expect(s.core.retiring.has(URL_)).toBe(false);
  });

  it('a new job for the URL stored while the old one retires is not removed with it (adoption: engine.test.ts)', async () => {
    const { write, s } = heldCacheWrite();
    const j = await started(s);
    const finished = s.tracker.finish(j, done());
    // Announced, its cache write held: the job is retiring.
    await vi.waitFor(() => expect(s.announced).toHaveLength(1));
    // A re-scan asked for right after the verdict (a dispute) stores its own job.
    await s.jobs.put(job({ idempotencyKey: 'k-2', scanId: null, state: 'SUBMITTING' }));
    write.open();
    await finished;
    expect((await s.jobs.get(URL_))?.idempotencyKey).toBe('k-2');
  });

  it('a later job for the same URL with the same scan id (a service that reuses scans) still finishes', async () => {
    const s = setup();
    const first = await started(s);
    await s.tracker.finish(first, done());
    const again = await started(s, job({ idempotencyKey: 'k-2' }));
    await s.tracker.finish(again, done());
    expect(s.writes).toEqual(['scn_1', 'scn_1']);
    expect(s.announced).toHaveLength(2);
  });
});
