import { describe, it, expect } from 'vitest';
import { startWorker, waitFor, hang, type Worker, useLocalService, verdictOf } from '../harness/worker';
import { readLedger } from '@/src/background/state/ledger';
import { JOB_DEADLINE_MS } from '@/src/background/engine/timing';
import { whenIdle } from '@/src/background/idle';
import { createJobsStore } from '@/src/background/engine/jobs-store';

const svc = useLocalService({ processingDelayMs: 150, keepAliveMs: 100 });

const PHISH = 'http://phish-bank.example/login';
const posts = (url: string) =>
  svc.log.filter((e) => e.method === 'POST' && e.path.startsWith('/v1/scans') && JSON.stringify(e.body).includes(url));
const scansOf = (url: string) => svc.scans().filter((s) => s.url === url);

/** A worker whose cache writes its memory at once and its disk only once `release` is called. */
async function workerWithHeldCacheWrites() {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const w = await startWorker(svc.baseUrl, svc.demoKey, {
    wrapCache: (c) => ({
      ...c,
      get: c.get.bind(c),
      set: async (v, ttl) => {
        const p = c.set(v, ttl);
        await held;
        await p;
      },
    }),
  });
  return { w, release };
}

describe('scan engine', () => {
  it('delivers a verdict for a navigation and caches it', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const first = await w.engine.request(PHISH, 'navigation', 7);
    expect(first.kind).toBe('checking');
    const v = await waitFor(() => verdictOf(w, PHISH));
    expect(v.kind === 'verdict' && v.verdict.riskScore).toBe(88);
    expect(w.cache.get(PHISH)?.categories).toContain('phishing');
  });

  it('with the event stream, the terminal frame is the answer: no extra GET of the job', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const url = 'http://malware-stream.example/';
    await w.engine.request(url, 'navigation');
    await waitFor(() => verdictOf(w, url));
    const gets = svc.log.filter((e) => e.method === 'GET' && /^\/v1\/scans\/[^/]+\/?$/.test(e.path));
    expect(svc.log.some((e) => e.path.endsWith('/events'))).toBe(true);
    expect(gets).toEqual([]);
  });

  it("caches a verdict with what asked for it: a hover's as a page's, a navigation's as the person's (its block rule ranks above)", async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const hovered = 'http://phish-hovered.example/login';
    await w.engine.request(hovered, 'hover', 7);
    await w.engine.request(PHISH, 'navigation', 7);
    await waitFor(() => verdictOf(w, hovered) && verdictOf(w, PHISH));
    const source = (url: string) => w.cache.entries().find((e) => e.verdict.url === url)?.source;
    expect(source(hovered)).toBe('page');
    expect(source(PHISH)).toBe('person');
    // The hovered link opened now (answered from the cache): ranked as a page opened from then on.
    expect((await w.engine.request(hovered, 'navigation', 7)).kind).toBe('verdict');
    await waitFor(() => source(hovered) === 'person' || null);
  });

  it('answers a cached URL at once without a second POST', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    await w.engine.request(PHISH, 'navigation');
    await waitFor(() => verdictOf(w, PHISH));
    const again = await w.engine.request(PHISH, 'navigation');
    expect(again.kind).toBe('verdict');
    expect(posts(PHISH)).toHaveLength(1);
  });

  it('dedupes the same URL in flight into one request', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const url = 'http://phish-dedupe.example/';
    await Promise.all([
      w.engine.request(url, 'navigation', 1),
      w.engine.request(url, 'hover', 2),
      w.engine.request(url, 'menu'),
    ]);
    await waitFor(() => verdictOf(w, url));
    expect(scansOf(url)).toHaveLength(1);
  });

  it('batches hovered links into one batch request', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const urls = [
      'http://a.example/',
      'http://malware.example/x',
      'http://scam.example/',
      'http://suspicious.example/',
    ];
    for (const u of urls) await w.engine.request(u, 'hover', 3);
    await waitFor(() => urls.every((u) => verdictOf(w, u)));
    const batchPosts = svc.log.filter((e) => e.method === 'POST' && e.path.startsWith('/v1/scans/batch'));
    const singlePosts = svc.log.filter((e) => e.method === 'POST' && /^\/v1\/scans\/?$/.test(e.path));
    expect(batchPosts).toHaveLength(1);
    expect(singlePosts).toHaveLength(0);
  });

  it('reports FAILED scans as failed, never as a verdict', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const url = 'http://fail.example/';
    await w.engine.request(url, 'navigation');
    const st = await waitFor(() => w.updates.find((u) => u.url === url && u.status.kind !== 'checking')?.status);
    expect(st.kind).toBe('failed');
    expect(w.cache.get(url)).toBeNull();
  });

  it('keeps tracking through unknown intermediate states and polls when the stream is disabled', async () => {
    svc.setFaults({ intermediateStates: ['PROCESSING'], streamMode: 'disabled' });
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    await w.engine.request('http://malware.example/a', 'navigation');
    const v = await waitFor(() => verdictOf(w, 'http://malware.example/a'));
    expect(v.kind).toBe('verdict');
  });

  it('out of credits: keeps the URL, reports the problem once, resumes after credits return', async () => {
    svc.setCredits(0);
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const problems: string[] = [];
    w.engine.onProblem((p) => p && problems.push(p.code));
    await w.engine.request('http://scam.example/x', 'navigation');
    await waitFor(() => problems.length > 0);
    await w.engine.request('http://scam.example/y', 'navigation');
    expect(problems).toEqual(['insufficient_credits']);
    expect(w.engine.pendingCount()).toBe(2);
    // The ledger records what left the browser, even when the service refused it.
    expect((await readLedger()).map((e) => e.url)).toContain('http://scam.example/x');
    svc.setCredits(10);
    await w.engine.creditsRestored();
    await waitFor(() => verdictOf(w, 'http://scam.example/x') && verdictOf(w, 'http://scam.example/y'));
    expect(w.engine.problem()).toBeNull();
  });

  it('a job waiting for credits past the job deadline is not dropped, and is sent again when credits return', async () => {
    svc.setCredits(0);
    let clock = Date.now();
    const w = await startWorker(svc.baseUrl, svc.demoKey, { now: () => clock });
    const url = 'http://phish-credits-wait.example/';
    await w.engine.request(url, 'navigation', 9);
    await waitFor(() => w.engine.problem()?.code === 'insufficient_credits');
    expect(posts(url)).toHaveLength(1);
    expect(w.engine.peek(url)).toMatchObject({
      kind: 'checking',
      waiting: 'credits',
      lastError: 'insufficient_credits',
    });

    // Ten minutes pass (the deadline is three); the resume alarm fires meanwhile.
    clock += 10 * 60_000;
    expect(clock).toBeGreaterThan(Date.now() + JOB_DEADLINE_MS);
    await w.engine.resume();
    expect(w.engine.pendingCount()).toBe(1);
    expect(w.engine.peek(url).kind).toBe('checking');
    expect(w.updates.filter((u) => u.url === url && u.status.kind !== 'checking')).toEqual([]);
    expect(posts(url)).toHaveLength(1); // still waiting: not re-sent only to hear 402 again

    svc.setCredits(10);
    await w.engine.creditsRestored();
    const v = await waitFor(() => verdictOf(w, url));
    expect(v.kind === 'verdict' && v.verdict.riskScore).toBe(88);
    expect(posts(url)).toHaveLength(2);
  });

  it('a new worker life long after the deadline keeps the job waiting for credits, sends nothing, and sends it when credits return', async () => {
    svc.setCredits(0);
    let clock = Date.now();
    const url = 'http://malware-credits-restart.example/';
    const w1 = await startWorker(svc.baseUrl, svc.demoKey, { now: () => clock });
    await w1.engine.request(url, 'navigation', 4);
    await waitFor(() => w1.engine.problem()?.code === 'insufficient_credits');
    w1.kill();

    clock += 60 * 60_000; // an hour later the worker wakes
    const w2 = await startWorker(svc.baseUrl, svc.demoKey, { now: () => clock });
    const problems: Array<{ code: string; restored?: boolean }> = [];
    w2.engine.onProblem((p) => p && problems.push({ code: p.code, restored: p.restored }));
    await w2.engine.resume();
    // Known again from the stored job (not newly happened: outputs.ts does not notify it again).
    expect(problems).toEqual([{ code: 'insufficient_credits', restored: true }]);
    expect(w2.engine.peek(url)).toMatchObject({ kind: 'checking', waiting: 'credits' });
    expect(posts(url)).toHaveLength(1);

    svc.setCredits(5);
    await w2.engine.creditsRestored();
    await waitFor(() => verdictOf(w2, url));
    // The tab it was for is still named with the verdict (navigation.ts redirects that tab).
    expect(w2.cache.get(url)?.riskScore).toBe(95);
  });

  it('a job picked up by a new worker life long after it was sent is asked about at once, not after a share of its age', async () => {
    svc.setProcessingDelay(200);
    // Polling only: nothing of the dead worker's life (an open stream) can finish the job for it.
    svc.setFaults({ streamMode: 'disabled' });
    let clock = Date.now();
    const url = 'http://phish-resumed-late.example/login';
    const w1 = await startWorker(svc.baseUrl, svc.demoKey, { now: () => clock });
    await w1.engine.request(url, 'navigation', 3);
    // The service's answer is stored (the job has its scan id), then the worker dies.
    await waitFor(() => {
      const st = w1.engine.peek(url);
      return st.kind === 'checking' && st.scanId ? st : null;
    });
    w1.kill();
    await waitFor(() => svc.scans().find((x) => x.url === url && x.state === 'COMPLETED') ?? null);

    clock += 30_000; // the worker wakes 30 s later (the resume alarm)
    const timers: number[] = [];
    const w2 = await startWorker(svc.baseUrl, svc.demoKey, { now: () => clock, onTimer: (ms) => timers.push(ms) });
    await w2.engine.resume();
    // Its first poll is due now: the poll rule alone would wait a share of its age (7.5 s here),
    // and a woken worker may be stopped again before that (Firefox suspends an idle event page).
    expect(timers[0]).toBe(0);
    await waitFor(() => verdictOf(w2, url));
    svc.setProcessingDelay(150);
  });

  it('a rejected key is reported with the fix "options" and nothing is retried', async () => {
    const w = await startWorker(svc.baseUrl, 'not-a-key');
    const problems: Array<string | undefined> = [];
    w.engine.onProblem((p) => problems.push(p?.fix));
    const url = 'http://a.example/';
    await w.engine.request(url, 'navigation');
    const st = await waitFor(() => w.updates.find((u) => u.url === url && u.status.kind === 'error')?.status);
    expect(st.kind === 'error' && st.code).toBe('unauthorized');
    expect(problems).toEqual(['options']);
  });

  it('a resume while the verdict’s writes are on their way does not take the job up again', async () => {
    // The jobs alarm may wake resume() at any moment; the job whose verdict is out is retiring.
    const { w, release } = await workerWithHeldCacheWrites();
    const url = 'http://phish-retire-resume.example/';
    await w.engine.request(url, 'navigation', 3);
    await waitFor(() => verdictOf(w, url));
    const requestsBefore = svc.log.length;
    await w.engine.resume();
    expect(w.engine.pendingCount()).toBe(0);
    release();
    // The writes land and the job is dropped; then nothing the engine started is still running.
    await waitFor(async () => (await createJobsStore().get(url)) === null);
    await whenIdle();
    // Nothing asked of the service again, and the verdict was announced once.
    expect(svc.log.slice(requestsBefore)).toEqual([]);
    expect(w.updates.filter((u) => u.url === url && u.status.kind === 'verdict')).toHaveLength(1);
  });

  it('a second ask for a URL whose job ends meanwhile is answered with the verdict, not an error', async () => {
    // A hover of a link whose navigation scan is in flight updates the stored job; the job's
    // verdict comes out while that update waits. The answer is what is known then.
    let hold: Promise<void> | null = null;
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapJobs: (j) => ({
        ...j,
        update: async (url, fn) => {
          if (hold) await hold;
          return j.update(url, fn);
        },
      }),
    });
    const url = 'http://phish-late-hover.example/';
    await w.engine.request(url, 'navigation', 3);
    // Accepted by the service (its scan id stored): from here its event stream brings the end.
    await waitFor(() => w.updates.some((u) => u.url === url && u.status.kind === 'checking' && u.status.scanId));
    let release!: () => void;
    hold = new Promise<void>((r) => (release = r));
    const second = w.engine.request(url, 'hover', 4);
    await waitFor(() => verdictOf(w, url));
    hold = null;
    release();
    expect((await second).kind).toBe('verdict');
  });

  it('the verdict is out before its writes land, and a re-scan asked for right then is a new scan, kept', async () => {
    // The cache's disk write is held: the verdict is announced meanwhile (a redirect does not
    // wait for the disk), and a dispute's re-scan in that window must neither adopt the old job
    // nor lose its own job to the old one's removal.
    const { w, release } = await workerWithHeldCacheWrites();
    const url = 'http://phish-retire.example/';
    await w.engine.request(url, 'navigation', 3);
    await waitFor(() => verdictOf(w, url));
    // As verdict.dispute does: forget the outcome and the cached verdict, then ask again.
    w.engine.forget(url);
    await w.cache.delete(url);
    await w.engine.warm(url);
    expect(w.engine.peek(url).kind).toBe('unchecked');
    const again = await w.engine.request(url, 'menu');
    expect(again.kind).toBe('checking');
    release();
    await waitFor(() => scansOf(url).length === 2 || null);
    await waitFor(() => w.updates.filter((u) => u.url === url && u.status.kind === 'verdict').length === 2 || null);
    expect(w.cache.get(url)?.scanId).toBe(scansOf(url)[1]!.id);
  });
});

describe('worker death between every step of a scan', () => {
  async function afterDeath(url: string, w1: Worker) {
    await waitFor(() => w1.dead());
    const w2 = await startWorker(svc.baseUrl, svc.demoKey);
    await w2.engine.resume();
    const v = await waitFor(() => verdictOf(w2, url) ?? (w2.cache.get(url) ? { kind: 'verdict' } : null));
    expect(v.kind).toBe('verdict');
    expect(w2.cache.get(url)?.riskScore).toBe(88);
    // No URL scanned twice: one job at the service, every POST with the same Idempotency-Key.
    expect(scansOf(url)).toHaveLength(1);
    expect(new Set(posts(url).map((p) => p.idempotencyKey)).size).toBe(1);
    w2.kill();
  }

  it('after POST (the answer never processed)', async () => {
    const url = 'http://phish-a.example/';
    const w1 = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi: (api, life) => ({
        ...api,
        submitScan: async (...a) => {
          await api.submitScan(...a);
          life.kill();
          return hang();
        },
      }),
    });
    await w1.engine.request(url, 'navigation');
    await afterDeath(url, w1);
  });

  it('mid-poll', async () => {
    svc.setFaults({ streamMode: 'disabled' });
    const url = 'http://phish-b.example/';
    const w1 = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi: (api, life) => ({
        ...api,
        submitScan: api.submitScan,
        streamEvents: api.streamEvents,
        getScan: async () => {
          life.kill();
          return hang();
        },
      }),
    });
    await w1.engine.request(url, 'navigation');
    await afterDeath(url, w1);
  });

  it('mid-stream', async () => {
    svc.setFaults({ intermediateStates: ['PROCESSING'] });
    svc.setProcessingDelay(600);
    const url = 'http://phish-c.example/';
    const w1 = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi: (api, life) => ({
        ...api,
        submitScan: api.submitScan,
        streamEvents: async function* (id, o) {
          for await (const ev of api.streamEvents(id, o)) {
            yield ev;
            life.kill();
            await hang();
          }
        },
      }),
    });
    await w1.engine.request(url, 'navigation');
    await afterDeath(url, w1);
    svc.setProcessingDelay(150);
  });

  it('after a hover batch POST (the answer never processed): the same batch, the same key', async () => {
    const url = 'http://phish-hover-death.example/';
    const other = 'http://b-hover-death.example/';
    const w1 = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi: (api, life) => ({
        ...api,
        submitBatch: async (...a) => {
          await api.submitBatch(...a);
          life.kill();
          return hang();
        },
      }),
    });
    await w1.engine.request(url, 'hover', 3);
    await w1.engine.request(other, 'hover', 3);
    await afterDeath(url, w1);
    expect(scansOf(other)).toHaveLength(1);
    const batches = svc.log.filter((e) => e.method === 'POST' && e.path.startsWith('/v1/scans/batch'));
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches[0]!.idempotencyKey).toBeTruthy();
  });

  it('after COMPLETED, before the cache write', async () => {
    const url = 'http://phish-d.example/';
    const w1 = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapCache: (c, life) => ({
        ...c,
        set: async () => {
          life.kill();
          return hang();
        },
      }),
    });
    await w1.engine.request(url, 'navigation');
    await afterDeath(url, w1);
  });
});

describe('the jobs alarm in a live worker', () => {
  it('a wake while a POST is on its way does not send it again', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi: (api) => ({
        ...api,
        submitScan: async (...a: Parameters<typeof api.submitScan>) => {
          await held;
          return api.submitScan(...a);
        },
      }),
    });
    const url = 'http://phish-alarm-midpost.example/';
    await w.engine.request(url, 'navigation', 4);
    // The alarm (jobs-alarm.ts: every half minute while jobs are pending) wakes resume() now.
    await w.engine.resume();
    release();
    const v = await waitFor(() => verdictOf(w, url));
    expect(v.kind).toBe('verdict');
    expect(posts(url)).toHaveLength(1);
  });
});
