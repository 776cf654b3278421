// The engine's use of the stream-slot and poll-timing rules (docs/decisions/014-scan-engine.md–4), with the real
// engine, client and local service: how many event streams it holds at once under a burst, who
// gets them, and when it polls.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '@/src/background/api';
import { createDurationLog } from '@/src/background/engine/scan-durations';
import { MAX_STREAMS, MAX_STREAMS_MULTIPLEXED, streamCap } from '@/src/background/engine/stream-slots';
import { ESTIMATE_MARGIN_MS } from '@/src/background/engine/poll-timing';
import { startWorker, waitFor, useLocalService, verdictOf } from '../harness/worker';

const svc = useLocalService({ processingDelayMs: 400, keepAliveMs: 100 });
beforeEach(() => {
  svc.setProcessingDelay(400);
});

const scanOf = (url: string) => svc.scans().find((s) => s.url === url);
const uuidOf = (id: string) => id.replace(/^scn_/, '');
const streamsAsked = (url: string) => {
  const scan = scanOf(url);
  return scan ? svc.log.filter((e) => e.path.endsWith('/events') && e.path.includes(uuidOf(scan.id))).length : 0;
};
const jobGets = (url: string) => {
  const scan = scanOf(url);
  return scan
    ? svc.log.filter((e) => e.method === 'GET' && !e.path.endsWith('/events') && e.path.includes(uuidOf(scan.id)))
        .length
    : 0;
};

/**
 * Wraps the client to count the event streams open at once: from the engine's call until the
 * stream ends or the engine aborts it (fetch's abort releases the connection at once).
 */
function streamCounter() {
  const c = { open: 0, peak: 0, opened: [] as string[] };
  const wrapApi = (api: ApiClient): ApiClient => ({
    ...api,
    streamEvents: (id, opts) =>
      (async function* () {
        let closed = false;
        const close = () => {
          if (!closed) c.open--;
          closed = true;
        };
        c.open++;
        c.peak = Math.max(c.peak, c.open);
        c.opened.push(id);
        opts?.signal?.addEventListener('abort', close);
        try {
          yield* api.streamEvents(id, opts);
        } finally {
          close();
        }
      })(),
  });
  return { c, wrapApi };
}

describe('event streams under a burst', () => {
  it(`twelve navigations at once: at most ${MAX_STREAMS} streams open, the rest polled, every verdict delivered`, async () => {
    // Longer than the first poll (1 s, nothing learned yet): the jobs waiting for a slot poll.
    svc.setProcessingDelay(1500);
    const { c, wrapApi } = streamCounter();
    const w = await startWorker(svc.baseUrl, svc.demoKey, { wrapApi });
    const urls = Array.from({ length: 12 }, (_, i) => `http://phish-burst-${i}.example/login`);
    await Promise.all(urls.map((u, i) => w.engine.request(u, 'navigation', i + 1)));
    await waitFor(() => urls.every((u) => verdictOf(w, u)));
    expect(c.peak).toBe(MAX_STREAMS);
    // The service saw the same: each scan asked for its stream at most once, and the jobs that
    // waited for a slot were polled meanwhile.
    expect(urls.every((u) => streamsAsked(u) <= 1)).toBe(true);
    expect(urls.filter((u) => jobGets(u) > 0).length).toBeGreaterThanOrEqual(urls.length - MAX_STREAMS);
    await waitFor(() => c.open === 0);
  });

  it(`over HTTP/2 or 3 (one shared connection): twelve navigations at once all stream, up to ${MAX_STREAMS_MULTIPLEXED}, and none is polled`, async () => {
    svc.setProcessingDelay(1500);
    const { c, wrapApi } = streamCounter();
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi,
      streams: { cap: () => streamCap(true), onChange: () => {} },
    });
    const urls = Array.from({ length: 12 }, (_, i) => `http://phish-h2-${i}.example/login`);
    await Promise.all(urls.map((u, i) => w.engine.request(u, 'navigation', i + 1)));
    await waitFor(() => urls.every((u) => verdictOf(w, u)));
    expect(c.peak).toBe(12);
    // What the service saw: one stream per scan, and no GET (each verdict came in its stream).
    expect(urls.map(streamsAsked)).toEqual(urls.map(() => 1));
    expect(urls.map(jobGets)).toEqual(urls.map(() => 0));
  });

  it('the protocol learned while jobs are running: the waiting jobs take the new slots at once', async () => {
    svc.setProcessingDelay(1500);
    const { c, wrapApi } = streamCounter();
    let multiplexed = false;
    let changed = () => {};
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi,
      streams: { cap: () => streamCap(multiplexed), onChange: (fn) => void (changed = fn) },
    });
    const urls = Array.from({ length: 6 }, (_, i) => `http://phish-learned-${i}.example/`);
    await Promise.all(urls.map((u, i) => w.engine.request(u, 'navigation', i + 1)));
    await waitFor(() => urls.filter((u) => streamsAsked(u) > 0).length === MAX_STREAMS);
    expect(c.open).toBe(MAX_STREAMS);
    multiplexed = true;
    changed();
    // At once: well before the first poll (1 s, nothing learned), which would re-plan too.
    await waitFor(() => urls.every((u) => streamsAsked(u) === 1), 400);
    expect(c.peak).toBe(urls.length);
    await waitFor(() => urls.every((u) => verdictOf(w, u)));
  });

  it('the oldest streams first: the first three navigations hold the slots', async () => {
    const { c, wrapApi } = streamCounter();
    const w = await startWorker(svc.baseUrl, svc.demoKey, { wrapApi });
    const urls = Array.from({ length: 6 }, (_, i) => `http://phish-order-${i}.example/`);
    for (const u of urls) await w.engine.request(u, 'navigation');
    await waitFor(() => urls.every((u) => verdictOf(w, u)));
    const ids = urls.map((u) => scanOf(u)!.id);
    expect(c.opened.slice(0, MAX_STREAMS).sort()).toEqual(ids.slice(0, MAX_STREAMS).sort());
  });

  it('jobs whose POST answers come back after they should have ended get no stream: each is polled at once', async () => {
    // Learned: scans take 400–440 ms. The service's answers come back 1.5 s late (an overloaded
    // browser in a burst), so every job is already done when the engine starts tracking it.
    const durations = createDurationLog({ persist: false });
    for (let i = 0; i < 5; i++) durations.add(400);
    const late = (api: ApiClient): ApiClient => {
      const wrapped = streamCounter().wrapApi(api);
      const slow = async <T>(p: Promise<T>) => {
        const r = await p;
        await new Promise((ok) => setTimeout(ok, 1500));
        return r;
      };
      return {
        ...wrapped,
        submitScan: (url, opts) => slow(api.submitScan(url, opts)),
        submitBatch: (urls, opts) => slow(api.submitBatch(urls, opts)),
      };
    };
    const timers: number[] = [];
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      durations,
      wrapApi: late,
      onTimer: (ms) => timers.push(ms),
    });
    const urls = Array.from({ length: 6 }, (_, i) => `http://phish-late-${i}.example/`);
    await Promise.all(urls.map((u, i) => w.engine.request(u, 'navigation', i + 1)));
    await waitFor(() => urls.every((u) => verdictOf(w, u)), 8000);
    expect(urls.map(streamsAsked)).toEqual(urls.map(() => 0));
    expect(urls.map(jobGets)).toEqual(urls.map(() => 1));
    // Asked at once (the age rule alone would wait a quarter of the job's age, ~375 ms here).
    expect(timers).toEqual(urls.map(() => 0));
  });

  it('a job seen still running past its usual end gets a stream', async () => {
    // Learned: 400–440 ms; this scan takes 2.5 s: its polls find it running past its window.
    const durations = createDurationLog({ persist: false });
    for (let i = 0; i < 5; i++) durations.add(400);
    svc.setProcessingDelay(2500);
    const w = await startWorker(svc.baseUrl, svc.demoKey, { durations });
    const url = 'http://phish-overdue.example/';
    await w.engine.request(url, 'navigation');
    await waitFor(() => verdictOf(w, url), 8000);
    expect(streamsAsked(url)).toBe(1);
  });

  it('a navigation takes a stream slot from a hovered link, and both get their verdicts', async () => {
    svc.setProcessingDelay(1500);
    const { c, wrapApi } = streamCounter();
    const w = await startWorker(svc.baseUrl, svc.demoKey, { wrapApi });
    const hovers = ['http://scam-h1.example/', 'http://scam-h2.example/', 'http://scam-h3.example/'];
    for (const u of hovers) await w.engine.request(u, 'hover', 1);
    await waitFor(() => c.open === MAX_STREAMS);
    const nav = 'http://phish-nav-first.example/';
    await w.engine.request(nav, 'navigation', 2);
    await waitFor(() => streamsAsked(nav) > 0);
    expect(c.peak).toBe(MAX_STREAMS);
    await waitFor(() => [...hovers, nav].every((u) => verdictOf(w, u)));
    // The hover that lost its stream was polled to its verdict.
    expect(hovers.some((u) => jobGets(u) > 0)).toBe(true);
  });

  it('a hovered link that is then navigated to moves up to a stream', async () => {
    svc.setProcessingDelay(1500);
    const { c, wrapApi } = streamCounter();
    const w = await startWorker(svc.baseUrl, svc.demoKey, { wrapApi });
    const hovers = [
      'http://scam-u1.example/',
      'http://scam-u2.example/',
      'http://scam-u3.example/',
      'http://scam-u4.example/',
    ];
    for (const u of hovers) await w.engine.request(u, 'hover', 1);
    await waitFor(() => c.open === MAX_STREAMS && hovers.every((u) => scanOf(u)));
    const polled = hovers.find((u) => streamsAsked(u) === 0)!;
    expect(polled).toBeDefined();
    await w.engine.request(polled, 'navigation', 1);
    await waitFor(() => streamsAsked(polled) > 0);
    expect(c.peak).toBe(MAX_STREAMS);
    await waitFor(() => hovers.every((u) => verdictOf(w, u)));
  });
});

describe('poll timing in the engine', () => {
  it('finished scans teach the duration log the service’s own times (createdAt → completedAt)', async () => {
    svc.setFaults({ streamMode: 'disabled' });
    const durations = createDurationLog({ persist: false });
    const w = await startWorker(svc.baseUrl, svc.demoKey, { durations });
    const urls = Array.from({ length: 5 }, (_, i) => `http://phish-learn-${i}.example/`);
    for (const u of urls) {
      await w.engine.request(u, 'navigation');
      await waitFor(() => verdictOf(w, u));
    }
    const took = urls.map((u) => scanOf(u)!).map((s) => Date.parse(s.completedAt!) - Date.parse(s.createdAt));
    expect(durations.learned()).toEqual({
      earliestMs: Math.min(...took),
      latestMs: Math.round(Math.max(...took) * 1.1),
    });
  });

  it('with durations learned, the first poll is set for the earliest typical duration', async () => {
    svc.setFaults({ streamMode: 'disabled' });
    const durations = createDurationLog({ persist: false });
    for (let i = 0; i < 5; i++) durations.add(700);
    const clock = Date.now();
    const timers: number[] = [];
    // A still clock: the job's age stays 0, so the delay is exactly the rule's.
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      durations,
      now: () => clock,
      onTimer: (ms) => timers.push(ms),
    });
    await w.engine.request('http://phish-first-poll.example/', 'navigation');
    await waitFor(() => timers.includes(700 + ESTIMATE_MARGIN_MS));
    await waitFor(() => verdictOf(w, 'http://phish-first-poll.example/'));
  });

  it('an estimate in the service’s answer times the next poll', async () => {
    svc.setFaults({ streamMode: 'disabled' });
    const clock = Date.now();
    const timers: number[] = [];
    const withEstimate = (api: ApiClient): ApiClient => ({
      ...api,
      getScan: async (id) => {
        const r = await api.getScan(id);
        if (r.ok && r.value.state === 'QUEUED')
          r.value.hints = { retryAfterMs: null, expectedTotalMs: 4321, remainingMs: null, progress: null };
        return r;
      },
    });
    svc.setProcessingDelay(1500);
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi: withEstimate,
      now: () => clock,
      onTimer: (ms) => timers.push(ms),
    });
    await w.engine.request('http://phish-estimate.example/', 'navigation');
    await waitFor(() => timers.includes(4321 + ESTIMATE_MARGIN_MS), 5000);
  });
});
