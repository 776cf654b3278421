// How a job's poll and its event stream share the work (engine-stream.ts, engine-track.ts), with
// the real engine, client and local service: a stream that opens for a job already waiting on a
// poll moves that poll to the streaming pace (the terminal frame is the answer: no extra GET),
// yet polling still backs every stream: one that lies is caught by a poll within the streaming
// pace, and one that ends without the job's end gives the poll its normal pace back.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '@/src/background/api';
import { createDurationLog } from '@/src/background/engine/scan-durations';
import { POLL_WHILE_STREAMING_MS } from '@/src/background/engine/timing';
import { startWorker, waitFor, useLocalService, verdictOf } from '../harness/worker';

const svc = useLocalService({ processingDelayMs: 1000, keepAliveMs: 100 });
beforeEach(() => svc.setProcessingDelay(1000));

const scanOf = (url: string) => svc.scans().find((s) => s.url === url);
const uuidOf = (id: string) => id.replace(/^scn_/, '');
const asked = (url: string, events: boolean) => {
  const scan = scanOf(url);
  if (!scan) return [];
  return svc.log.filter(
    (e) => e.method === 'GET' && e.path.includes(uuidOf(scan.id)) && e.path.endsWith('/events') === events,
  );
};

/** Learned: scans take 1000–1100 ms (the service's fixed processing time here). */
function learned1000() {
  const durations = createDurationLog({ persist: false });
  for (let i = 0; i < 5; i++) durations.add(1000);
  return durations;
}

/** No stream slot until `open()`: the job is tracked by its poll first, then a slot frees. */
function lateSlot() {
  let cap = 0;
  let changed = () => {};
  return {
    streams: { cap: () => cap, onChange: (fn: () => void) => void (changed = fn) },
    open: () => {
      cap = 1;
      changed();
    },
  };
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** The stream, each frame handed over `ms` late (a loaded browser reads it late). */
const lateFrames =
  (ms: number) =>
  (api: ApiClient): ApiClient => ({
    ...api,
    streamEvents: (id, opts) =>
      (async function* () {
        for await (const ev of api.streamEvents(id, opts)) {
          await sleep(ms);
          yield ev;
        }
      })(),
  });

describe('a stream opened for a job that already waits on a poll', () => {
  it('the planned poll moves to the streaming pace: the terminal frame is the answer, no GET', async () => {
    const slot = lateSlot();
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      durations: learned1000(),
      streams: slot.streams,
      // Read 150 ms late: the poll planned for the expected end (+25 ms) would go out first.
      wrapApi: lateFrames(150),
    });
    const url = 'http://phish-late-slot.example/';
    await w.engine.request(url, 'navigation');
    await waitFor(() => scanOf(url));
    // Young enough to be given a stream (not near its end): the slot frees now.
    slot.open();
    await waitFor(() => verdictOf(w, url), 5000);
    expect(asked(url, true)).toHaveLength(1);
    expect(asked(url, false)).toHaveLength(0);
  });

  it('a stream that lies (open, never a terminal frame) is still caught by a poll within the streaming pace', async () => {
    const slot = lateSlot();
    let openedAt = 0;
    const lying = (api: ApiClient): ApiClient => ({
      ...api,
      streamEvents: (id, opts) =>
        (async function* () {
          openedAt = Date.now();
          for await (const ev of api.streamEvents(id, opts)) {
            // The first frame only (QUEUED), then silence that never ends by itself.
            yield ev;
            await new Promise<void>((ok) => opts?.signal?.addEventListener('abort', () => ok()));
            return;
          }
        })(),
    });
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      durations: learned1000(),
      streams: slot.streams,
      wrapApi: lying,
    });
    const url = 'http://phish-lying-stream.example/';
    await w.engine.request(url, 'navigation');
    await waitFor(() => scanOf(url));
    slot.open();
    await waitFor(() => verdictOf(w, url), POLL_WHILE_STREAMING_MS + 3000);
    const gets = asked(url, false);
    expect(asked(url, true)).toHaveLength(1);
    expect(gets).toHaveLength(1);
    expect(gets[0]!.at - openedAt).toBeLessThanOrEqual(POLL_WHILE_STREAMING_MS + 500);
  }, 20_000);

  it('a stream that ends without a word gives the poll its normal pace back', async () => {
    const slot = lateSlot();
    const mute = (api: ApiClient): ApiClient => ({
      ...api,
      streamEvents: () =>
        (async function* () {
          // Ends after 50 ms without a frame or an end event (no client of ours says less).
          await sleep(50);
          yield* [];
        })(),
    });
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      durations: learned1000(),
      streams: slot.streams,
      wrapApi: mute,
    });
    const url = 'http://phish-broken-stream.example/';
    await w.engine.request(url, 'navigation');
    await waitFor(() => scanOf(url));
    slot.open();
    // By the poll timed for the expected end (~1 s), not by one at the streaming pace (10 s).
    await waitFor(() => verdictOf(w, url), 3000);
    expect(asked(url, false)).toHaveLength(1);
  });
});

describe('a more urgent job whose end the poll rule times', () => {
  it('a navigation waits for a free slot instead of taking a hover’s: one request per job', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey, { durations: learned1000() });
    const hovers = ['http://scam-kept-1.example/', 'http://scam-kept-2.example/', 'http://scam-kept-3.example/'];
    for (const u of hovers) await w.engine.request(u, 'hover', 1);
    await waitFor(() => hovers.every((u) => asked(u, true).length === 1));
    const nav = 'http://phish-nav-waits.example/';
    await w.engine.request(nav, 'navigation', 2);
    await waitFor(() => [...hovers, nav].every((u) => verdictOf(w, u)), 5000);
    // Each hover heard its end on its own stream; the navigation cost one request (a GET timed
    // for its expected end, or a stream if a slot freed while it was young).
    expect(hovers.map((u) => [asked(u, true).length, asked(u, false).length])).toEqual(hovers.map(() => [1, 0]));
    expect(asked(nav, true).length + asked(nav, false).length).toBe(1);
  });
});
