// A burst's navigations leave as one batch POST (docs/decisions/014-scan-engine.md, src/background/engine/submit-gate.ts),
// with the real engine, client and local service: a lone navigation still goes alone and at once,
// every URL keeps its own job and its own outcome, the batch's key and the ledger lines are stored
// before it leaves, a worker dying after the batch re-sends the same batch, and a failing batch
// gives each URL its error, never a verdict.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '@/src/background/api';
import {
  batchGroups,
  createSubmitGate,
  MAX_GATHER_MS,
  MAX_SUBMITS_IN_FLIGHT,
  planJoin,
} from '@/src/background/engine/submit-gate';
import { JOIN_EXAMPLES } from '@/src/background/engine/submit-gate.examples';
import { jobClock } from '@/src/background/engine/job-clock';
import { CLOCK_EXAMPLES } from '@/src/background/engine/job-clock.examples';
import { createJobsStore, type PendingJob } from '@/src/background/engine/jobs-store';
import { readLedger } from '@/src/background/state/ledger';
import { startService } from '../../../service/server';
import { hang, startWorker, waitFor, type Worker, useLocalService, verdictOf } from '../harness/worker';

describe('planJoin (submit-gate.examples.ts)', () => {
  for (const ex of JOIN_EXAMPLES) it(ex.name, () => expect(planJoin(ex.input)).toBe(ex.expected));
});

describe('jobClock (job-clock.examples.ts)', () => {
  for (const ex of CLOCK_EXAMPLES) it(ex.name, () => expect(jobClock(ex.input)).toBe(ex.expected));
});

/** A job being submitted, as the jobs store holds it (its own key `own-<url>` unless given). */
const pendingJob = (
  url: string,
  batchKey: string | null | undefined,
  { scanId = null, idempotencyKey = `own-${url}` }: { scanId?: string | null; idempotencyKey?: string } = {},
): PendingJob => ({
  url,
  idempotencyKey,
  scanId,
  state: 'SUBMITTING',
  reasons: ['navigation'],
  createdAt: 0,
  deadline: 1,
  pollDelayMs: 1,
  tabIds: [],
  waitingFor: null,
  retryAt: 0,
  lastError: null,
  batchKey,
});

/** The service's answer for a scan just accepted (QUEUED, nothing known yet). */
const queuedScan = (url: string) => ({
  id: `scn_${url}`,
  url,
  state: 'QUEUED',
  createdAt: null,
  completedAt: null,
  result: null,
  failureReason: null,
  extra: {},
});

describe('batchGroups', () => {
  const job = (url: string, batchKey: string | null | undefined, scanId: string | null = null) =>
    pendingJob(url, batchKey, { scanId, idempotencyKey: `k-${url}` });
  it('groups unanswered jobs by batch key, URLs sorted; answered and alone jobs are left out', () => {
    const g = batchGroups([
      job('http://c.example/', 'B1'),
      job('http://a.example/', 'B1'),
      job('http://b.example/', 'B2'),
      job('http://d.example/', 'B1', 'scn_1'),
      job('http://e.example/', null),
      job('http://f.example/', undefined),
    ]);
    expect([...g.entries()]).toEqual([
      ['B1', ['http://a.example/', 'http://c.example/']],
      ['B2', ['http://b.example/']],
    ]);
  });
});

/** Timers the test fires by hand (the gather timer), with the delays asked for. */
function manualTimers() {
  const due = new Map<number, { fn: () => void; ms: number }>();
  let n = 0;
  return {
    setTimer: (fn: () => void, ms: number) => (due.set(++n, { fn, ms }), n),
    clearTimer: (h: unknown) => void due.delete(h as number),
    pending: () => [...due.values()].map((t) => t.ms),
    fire() {
      const all = [...due.values()];
      due.clear();
      for (const t of all) t.fn();
    },
  };
}

describe('the gate alone (no engine)', () => {
  const fakeApi = () => {
    const calls: Array<{ kind: string; urls: string[]; key?: string }> = [];
    const api = {
      submitScan: async (url: string, o?: { idempotencyKey?: string }) => {
        calls.push({ kind: 'single', urls: [url], key: o?.idempotencyKey });
        return { ok: true as const, value: queuedScan(url) };
      },
      submitBatch: async (urls: string[], o?: { idempotencyKey?: string }) => {
        calls.push({ kind: 'batch', urls, key: o?.idempotencyKey });
        return urls.map((url) => ({ url, ok: true as const, job: queuedScan(url) }));
      },
    } as unknown as ApiClient;
    return { api, calls };
  };
  const pj = (url: string, batchKey: string | null) => pendingJob(url, batchKey);

  it('a member that drops out before it is ready does not hold its batch back', async () => {
    const { api, calls } = fakeApi();
    let n = 0;
    const gate = createSubmitGate(() => `B${++n}`);
    expect(gate.assign('http://a.example/')).toBeNull();
    const kb = gate.assign('http://b.example/');
    const kc = gate.assign('http://c.example/');
    expect(kb).toBe('B1');
    expect(kc).toBe('B1');
    const alone = gate.submit(pj('http://a.example/', null), api);
    const b = gate.submit(pj('http://b.example/', kb), api);
    expect(gate.owns('B1')).toBe(true);
    gate.leave('http://c.example/'); // e.g. its job write failed, or today's budget is spent
    expect((await alone)?.ok).toBe(true);
    expect((await b)?.ok).toBe(true);
    expect(calls).toEqual([
      { kind: 'single', urls: ['http://a.example/'], key: 'own-http://a.example/' },
      { kind: 'batch', urls: ['http://b.example/'], key: 'B1' },
    ]);
    await waitFor(() => !gate.owns('B1'));
    expect(gate.preparing('http://b.example/')).toBe(false);
  });

  it('a member sent with another key goes alone and does not hold its batch back', async () => {
    const { api, calls } = fakeApi();
    const gate = createSubmitGate(() => 'B1');
    gate.assign('http://a.example/');
    const kb = gate.assign('http://b.example/');
    const kc = gate.assign('http://c.example/');
    const a = gate.submit(pj('http://a.example/', null), api);
    const c = gate.submit(pj('http://c.example/', kc), api);
    const b = gate.submit(pj('http://b.example/', null), api); // e.g. re-sent with its own key
    expect(kb).toBe('B1');
    await Promise.all([a, b, c]);
    expect(calls).toEqual([
      { kind: 'single', urls: ['http://a.example/'], key: 'own-http://a.example/' },
      { kind: 'batch', urls: ['http://c.example/'], key: 'B1' },
      { kind: 'single', urls: ['http://b.example/'], key: 'own-http://b.example/' },
    ]);
  });

  it(`with ${MAX_SUBMITS_IN_FLIGHT} POSTs on their way, newcomers gather in one batch that leaves when one is answered`, async () => {
    const calls: Array<{ kind: string; urls: string[] }> = [];
    const answers: Array<() => void> = [];
    const api = {
      submitScan: (url: string) => {
        calls.push({ kind: 'single', urls: [url] });
        return new Promise((resolve) => answers.push(() => resolve({ ok: true, value: queuedScan(url) })));
      },
      submitBatch: async (urls: string[]) => {
        calls.push({ kind: 'batch', urls });
        return urls.map((url) => ({ url, ok: true as const, job: queuedScan(url) }));
      },
    } as unknown as ApiClient;
    let n = 0;
    const gather = manualTimers();
    const gate = createSubmitGate(() => `B${++n}`, gather);
    // One after another, each ready before the next: each goes alone, at once, while slots are left.
    const lone = Array.from({ length: MAX_SUBMITS_IN_FLIGHT }, (_, i) => `http://lone-${i}.example/`);
    const loneAnswers = lone.map((u) => {
      expect(gate.assign(u)).toBeNull();
      return gate.submit(pj(u, null), api);
    });
    expect(calls.map((c) => c.kind)).toEqual(lone.map(() => 'single'));
    // Every slot taken: the next ones gather, even one by one, and nothing leaves yet.
    const later = ['http://c.example/', 'http://a.example/', 'http://b.example/'];
    const laterAnswers = later.map((u) => {
      const key = gate.assign(u);
      expect(key).toBe('B1');
      return gate.submit(pj(u, key), api);
    });
    await Promise.resolve();
    expect(calls).toHaveLength(lone.length);
    expect(gate.preparing('http://a.example/')).toBe(true);
    expect(gather.pending()).toEqual([MAX_GATHER_MS]);
    // One answer frees a slot: the gathered ones leave together, in batch order.
    answers[0]!();
    expect((await loneAnswers[0])?.ok).toBe(true);
    await waitFor(() => calls.length === lone.length + 1);
    expect(calls.at(-1)).toEqual({
      kind: 'batch',
      urls: ['http://a.example/', 'http://b.example/', 'http://c.example/'],
    });
    for (const a of laterAnswers) expect((await a)?.ok).toBe(true);
    // Its gather timer is cleared: nothing fires later for a batch already gone.
    expect(gather.pending()).toEqual([]);
    for (const a of answers.slice(1)) a();
    await Promise.all(loneAnswers);
    // All answered: the next lone navigation goes alone again.
    expect(gate.assign('http://after.example/')).toBeNull();
  });

  it(`a gathered batch leaves after ${MAX_GATHER_MS} ms when no POST is answered by then`, async () => {
    const calls: string[][] = [];
    const api = {
      submitScan: () => new Promise(() => undefined),
      submitBatch: async (urls: string[]) => {
        calls.push(urls);
        return urls.map((url) => ({ url, ok: true as const, job: queuedScan(url) }));
      },
    } as unknown as ApiClient;
    const gather = manualTimers();
    const gate = createSubmitGate(() => 'B1', gather);
    for (let i = 0; i < MAX_SUBMITS_IN_FLIGHT; i++)
      void gate.submit(pj(`http://lone-${i}.example/`, gate.assign(`http://lone-${i}.example/`)), api);
    const b = gate.submit(pj('http://b.example/', gate.assign('http://b.example/')), api);
    const a = gate.submit(pj('http://a.example/', gate.assign('http://a.example/')), api);
    await Promise.resolve();
    expect(calls).toEqual([]);
    gather.fire();
    expect((await a)?.ok).toBe(true);
    expect((await b)?.ok).toBe(true);
    expect(calls).toEqual([['http://a.example/', 'http://b.example/']]);
  });

  it('a gathered batch whose members all drop out while it waits for a slot is never sent', async () => {
    const answers: Array<() => void> = [];
    const api = {
      submitScan: (url: string) =>
        new Promise((resolve) => answers.push(() => resolve({ ok: true, value: queuedScan(url) }))),
      submitBatch: async () => {
        throw new Error('no batch should leave');
      },
    } as unknown as ApiClient;
    const gather = manualTimers();
    const gate = createSubmitGate(() => 'B1', gather);
    const lone = Array.from({ length: MAX_SUBMITS_IN_FLIGHT }, (_, i) => `http://lone-${i}.example/`).map(
      (u) => (gate.assign(u), gate.submit(pj(u, null), api)),
    );
    expect(gate.assign('http://x.example/')).toBe('B1');
    gate.leave('http://x.example/');
    expect(gate.owns('B1')).toBe(false);
    gather.fire();
    for (const a of answers) a();
    await Promise.all(lone);
  });

  it('a batch whose members all drop out is never sent, and the next job goes alone', async () => {
    const { api, calls } = fakeApi();
    const gate = createSubmitGate(() => 'B1');
    gate.assign('http://a.example/');
    gate.assign('http://b.example/');
    gate.leave('http://a.example/');
    gate.leave('http://b.example/');
    expect(gate.owns('B1')).toBe(false);
    expect(gate.assign('http://c.example/')).toBeNull();
    await gate.submit(pj('http://c.example/', null), api);
    expect(calls.map((c) => c.kind)).toEqual(['single']);
  });
});

const svc = useLocalService({ processingDelayMs: 300, keepAliveMs: 100 });

const singles = () => svc.log.filter((e) => e.method === 'POST' && /^\/v1\/scans\/?$/.test(e.path));
const batches = () => svc.log.filter((e) => e.method === 'POST' && e.path.startsWith('/v1/scans/batch'));
const urlsOf = (e: { body: unknown }) => {
  const b = e.body as { url?: string; urls?: string[] };
  return b.urls ?? (b.url ? [b.url] : []);
};
const burstUrls = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `http://phish-${tag}-${i}.example/login`);
const navigateAll = (w: Worker, urls: string[]) =>
  Promise.all(urls.map((u, i) => w.engine.request(u, 'navigation', i + 1)));
type Batch = ReturnType<typeof batches>[number];
/** A fresh worker navigates `n` tabs at once; once the service's batch answers read as `seen`, the URLs those batches carried. */
async function burstUntil(tag: string, n: number, seen: (sent: Batch[]) => boolean) {
  const w = await startWorker(svc.baseUrl, svc.demoKey);
  const urls = burstUrls(tag, n);
  await navigateAll(w, urls);
  await waitFor(() => batches().length >= 1 && seen(batches()));
  return { w, urls, inBatch: batches().flatMap(urlsOf) };
}

describe('submissions of a burst (engine + local service)', () => {
  it('a lone navigation goes at once as its own POST with its own Idempotency-Key', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const url = 'http://phish-alone.example/login';
    await w.engine.request(url, 'navigation', 1);
    await waitFor(() => verdictOf(w, url));
    expect(batches()).toHaveLength(0);
    expect(singles()).toHaveLength(1);
    const stored = (await readLedger()).filter((e) => e.url === url);
    expect(stored).toHaveLength(1);
    expect(singles()[0]!.idempotencyKey).toMatch(/.+/);
  });

  it('twelve navigations at once: fewer POSTs, one job per URL at the service, every verdict delivered', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const urls = burstUrls('twelve', 12);
    await navigateAll(w, urls);
    await waitFor(() => urls.every((u) => verdictOf(w, u)));
    const posts = [...singles(), ...batches()];
    expect(batches().length).toBeGreaterThanOrEqual(1);
    expect(posts.length).toBeLessThan(urls.length);
    // Each URL left exactly once, and the service holds exactly one job for each.
    expect(posts.flatMap(urlsOf).sort()).toEqual([...urls].sort());
    for (const u of urls) expect(svc.scans().filter((s) => s.url === u)).toHaveLength(1);
    // Each batch went with an Idempotency-Key of its own, not any job's single key.
    const keys = posts.map((p) => p.idempotencyKey);
    expect(keys.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it(`navigations while ${MAX_SUBMITS_IN_FLIGHT} POSTs are unanswered gather into one batch POST; those before went alone, at once`, async () => {
    // Every answer of the service comes late, as under a burst's load.
    svc.setFaults({ slowMs: 400, paths: ['/v1/scans'] });
    const w = await startWorker(svc.baseUrl, svc.demoKey);
    const lone = burstUrls('inflight-lone', MAX_SUBMITS_IN_FLIGHT);
    for (const [i, u] of lone.entries()) {
      await w.engine.request(u, 'navigation', i + 1);
      // Its POST left before the next navigation came (nobody else being prepared, a slot free).
      await waitFor(() => singles().some((p) => urlsOf(p).includes(u)));
    }
    const later = burstUrls('inflight-later', 5);
    await Promise.all(later.map((u, i) => w.engine.request(u, 'navigation', 10 + i)));
    await waitFor(() => [...lone, ...later].every((u) => verdictOf(w, u)));
    // None of the later ones went alone: they left in batches, fewer POSTs than URLs (one, unless
    // this machine took longer than the gather limit to prepare them).
    expect(singles().flatMap(urlsOf).sort()).toEqual([...lone].sort());
    expect(batches().flatMap(urlsOf).sort()).toEqual([...later].sort());
    expect(batches().length).toBeLessThan(later.length);
    for (const u of [...lone, ...later]) expect(svc.scans().filter((s) => s.url === u)).toHaveLength(1);
    w.kill();
  });

  it('before a batch leaves, each of its URLs is in the ledger and stored with the batch key it is sent with', async () => {
    const seen: Array<{
      urls: string[];
      key?: string;
      ledger: string[];
      keys: Record<string, string | null | undefined>;
    }> = [];
    const wrapApi = (api: ApiClient): ApiClient => ({
      ...api,
      submitBatch: async (urls, o) => {
        // A fresh store reads what storage holds, not this worker's memory.
        const jobs = await createJobsStore().all();
        seen.push({
          urls,
          key: o?.idempotencyKey,
          ledger: (await readLedger()).map((e) => e.url),
          keys: Object.fromEntries(urls.map((u) => [u, jobs[u]?.batchKey])),
        });
        return api.submitBatch(urls, o);
      },
    });
    const w = await startWorker(svc.baseUrl, svc.demoKey, { wrapApi });
    const urls = burstUrls('ledger', 5);
    await navigateAll(w, urls);
    await waitFor(() => urls.every((u) => verdictOf(w, u)));
    expect(seen.length).toBeGreaterThanOrEqual(1);
    for (const s of seen) {
      expect(s.key).toMatch(/.+/);
      for (const u of s.urls) {
        expect(s.ledger).toContain(u);
        expect(s.keys[u]).toBe(s.key);
      }
    }
  });

  it('a worker dying after the batch POST: the next life re-sends the same batch and key, and the service scans nothing twice', async () => {
    const sent: Array<{ kind: string; body: string; key?: string }> = [];
    const dying = (api: ApiClient, life: { kill(): void }): ApiClient => ({
      ...api,
      submitScan: async (url, o) => {
        await api.submitScan(url, o);
        life.kill();
        return hang();
      },
      submitBatch: async (urls, o) => {
        sent.push({ kind: 'batch', body: JSON.stringify(urls), key: o?.idempotencyKey });
        await api.submitBatch(urls, o);
        life.kill();
        return hang();
      },
    });
    const first = await startWorker(svc.baseUrl, svc.demoKey, { wrapApi: dying });
    const urls = burstUrls('death', 4);
    await navigateAll(first, urls);
    await waitFor(() => first.dead() && batches().length >= 1);
    const scansBefore = svc.scans().filter((s) => urls.includes(s.url)).length;
    expect(scansBefore).toBe(urls.length);

    const next = await startWorker(svc.baseUrl, svc.demoKey);
    await next.engine.resume();
    await waitFor(() => urls.every((u) => verdictOf(next, u)));
    // The batch went again, same URLs in the same order, same key: the service answered with the
    // jobs it had made (no new scan, no new credit).
    const again = batches().slice(-1)[0]!;
    expect(batches().length).toBe(2);
    expect(JSON.stringify(urlsOf(again))).toBe(sent[0]!.body);
    expect(again.idempotencyKey).toBe(sent[0]!.key);
    for (const u of urls) expect(svc.scans().filter((s) => s.url === u)).toHaveLength(1);
  });

  // A failing batch: each URL hears the failure and waits as it says, and no verdict is made up.
  // `until`: what each URL's state shows once it heard; `state`: what it then is; `recovery`: the
  // service recovers, and what follows for the URLs.
  type Failed = { w: Worker; urls: string[]; inBatch: string[] };
  const FAILED_BATCHES: Array<{
    name: string;
    tag: string;
    n: number;
    fault: () => void;
    seen: (sent: Batch[]) => boolean;
    until: Record<string, unknown>;
    state: Record<string, unknown>;
    recovery?: (f: Failed) => Promise<void>;
  }> = [
    {
      name: 'a batch the service fails (500): each URL gets the error and waits for a retry; no verdict is made up; the retries leave alone',
      tag: 'err500',
      n: 4,
      fault: () => svc.setFaults({ rate500: 1, paths: ['/v1/scans/batch'] }),
      seen: (sent) => sent.every((b) => b.status === 500),
      until: { kind: 'checking', lastError: 'server' },
      state: { kind: 'checking', waiting: 'retry', lastError: 'server' },
      // The retries (2 s later) leave alone with each job's own key, and end in verdicts.
      recovery: async ({ w, urls, inBatch }) => {
        svc.resetFaults();
        await waitFor(() => urls.every((u) => verdictOf(w, u)));
        for (const u of inBatch) expect(singles().filter((p) => urlsOf(p).includes(u))).toHaveLength(1);
        const stored = await createJobsStore().all();
        expect(Object.keys(stored)).toEqual([]);
      },
    },
    {
      name: 'a batch refused for credits (402): each URL waits for credits, kept, and leaves when they return',
      tag: 'credits',
      n: 4,
      fault: () => svc.setCredits(1), // the lone first navigation takes the last credit
      seen: (sent) => sent.some((b) => b.status === 402),
      until: { waiting: 'credits' },
      state: { waiting: 'credits' },
      recovery: async ({ w, urls }) => {
        svc.setCredits(100);
        await w.engine.creditsRestored();
        await waitFor(() => urls.every((u) => verdictOf(w, u)));
      },
    },
    {
      name: 'an unreadable batch answer: each URL hears bad_response and is retried, never given a verdict from it',
      tag: 'malformed',
      n: 3,
      fault: () => svc.setFaults({ rateMalformed: 1, paths: ['/v1/scans/batch'] }),
      seen: (sent) => sent[0]!.status === 201,
      until: { lastError: 'bad_response' },
      state: { lastError: 'bad_response' },
    },
  ];
  for (const { name, tag, n, fault, seen, until, state, recovery } of FAILED_BATCHES)
    it(name, async () => {
      fault();
      const failed = await burstUntil(tag, n, seen);
      const { w, inBatch } = failed;
      expect(inBatch.length).toBeGreaterThanOrEqual(1);
      const shows = (u: string, fields: Record<string, unknown>) => {
        const now = w.engine.peek(u) as unknown as Record<string, unknown>;
        return Object.entries(fields).every(([k, v]) => now[k] === v);
      };
      await waitFor(() => inBatch.every((u) => shows(u, until)));
      for (const u of inBatch) {
        expect(w.engine.peek(u)).toMatchObject(state);
        expect(verdictOf(w, u)).toBeUndefined();
      }
      await recovery?.(failed);
    });

  it('a service that takes fewer URLs per batch (413): the batch is split, every URL still gets its job', async () => {
    const small = await startService({ processingDelayMs: 100, keepAliveMs: 100, maxBatch: 2 });
    try {
      const w = await startWorker(small.baseUrl, small.demoKey);
      const urls = burstUrls('split', 7);
      await navigateAll(w, urls);
      await waitFor(() => urls.every((u) => verdictOf(w, u)));
      const batchPosts = small.log.filter((e) => e.method === 'POST' && e.path.startsWith('/v1/scans/batch'));
      expect(batchPosts.some((b) => b.status === 413)).toBe(true);
      for (const u of urls) expect(small.scans().filter((s) => s.url === u)).toHaveLength(1);
      w.kill();
    } finally {
      await small.stop();
    }
  });
});
