/**
 * One record per job (job-record.ts), removed when the job ends, however it ends: a batch of jobs
 * ends by every path (a verdict by poll and by stream, a failed scan, the service refusing the URL
 * or forgetting the job, the settings keeping it back, a deadline, a rejected key), and then the
 * engine holds none of them in memory (ScanEngine.heldJobs: records and retiring verdicts). Real
 * engine and local service (harness/worker.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { startWorker, useLocalService, waitFor, type Worker } from '../harness/worker';
import type { ApiClient, ApiError } from '@/src/background/api';
import { apiError, fail } from '@/src/background/api/errors';
import { JOB_DEADLINE_MS } from '@/src/background/engine/timing';
import type { UrlStatus } from '@/src/shared/verdict';

const svc = useLocalService({ processingDelayMs: 150, keepAliveMs: 100 });

const noStreams = { cap: () => 0, onChange: () => undefined };
const oneStream = { cap: () => 1, onChange: () => undefined };

/** The client, except that `refuse(url)` answers a URL's submission with that error. */
function refusing(api: ApiClient, refuse: (url: string) => ApiError | null): ApiClient {
  return {
    ...api,
    submitScan: async (url, opts) => {
      const e = refuse(url);
      return e ? fail(e) : api.submitScan(url, opts);
    },
    submitBatch: async (urls, opts) =>
      (await api.submitBatch(urls, opts)).map((o) => {
        const e = refuse(o.url);
        return e ? { url: o.url, ok: false as const, error: e } : o;
      }),
  };
}

/** The status each URL ended with (its first update that is not "checking"). */
async function ends(w: Worker, urls: readonly string[]): Promise<Record<string, UrlStatus['kind']>> {
  const out: Record<string, UrlStatus['kind']> = {};
  for (const url of urls) {
    const st = await waitFor(() => w.updates.find((u) => u.url === url && u.status.kind !== 'checking')?.status);
    out[url] = st.kind;
  }
  return out;
}

/**
 * Nothing of the ended jobs is held: their records and their retiring verdicts are gone (a
 * verdict's removal from the store may still be landing when its announcement is heard).
 */
const noneHeld = (w: Worker) => vi.waitFor(() => expect(w.engine.heldJobs()).toBe(0), { timeout: 5000 });

describe('every job leaves no record once it ends', () => {
  it('polling only: verdicts, a failed scan, refused and forgotten jobs, a URL the settings keep back, a retried POST', async () => {
    const refused = 'http://refused-url.example/';
    const gone = 'http://gone-job.example/';
    const keptBack = 'http://kept-back.example/';
    const retried = 'http://phish-retried.example/';
    let retriedFailures = 1;
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      streams: noStreams,
      recheck: async (url) => (url === keptBack ? { kind: 'skipped', reason: 'allowlisted' } : null),
      wrapApi: (api) => {
        const r = refusing(api, (url) => {
          if (url === refused) return apiError('invalid_request', 'not a URL we scan', 400);
          if (url === retried && retriedFailures-- > 0) return apiError('server', 'try again', 503, 0);
          return null;
        });
        return {
          ...r,
          // The service forgets this one job: its poll hears 404.
          getScan: async (id) => {
            const res = await api.getScan(id);
            return res.ok && res.value.url === gone ? fail(apiError('not_found', 'no such scan', 404)) : res;
          },
        };
      },
    });
    const navigations = ['http://phish-bank.example/login', 'http://fail.example/', refused, gone, keptBack, retried];
    const hovers = ['http://malware.example/x', 'http://scam.example/', 'http://a.example/'];
    await Promise.all([
      ...navigations.map((u, i) => w.engine.request(u, 'navigation', i + 1)),
      ...hovers.map((u) => w.engine.request(u, 'hover', 9)),
    ]);
    expect(w.engine.heldJobs()).toBeGreaterThan(0);
    expect(await ends(w, [...navigations, ...hovers])).toEqual({
      'http://phish-bank.example/login': 'verdict',
      'http://fail.example/': 'failed',
      [refused]: 'error',
      [gone]: 'error',
      [keptBack]: 'skipped',
      [retried]: 'verdict',
      'http://malware.example/x': 'verdict',
      'http://scam.example/': 'verdict',
      'http://a.example/': 'verdict',
    });
    await noneHeld(w);
    expect(w.engine.pendingCount()).toBe(0);
  });

  it('with one stream slot: jobs that streamed, lost their slot to a navigation, or polled all end without a trace', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey, { streams: oneStream });
    const hovers = ['http://malware-s1.example/', 'http://scam-s2.example/', 'http://suspicious-s3.example/'];
    for (const u of hovers) await w.engine.request(u, 'hover', 2);
    // Hovers are tracked first; the navigations after them take the slot (stream-slots.ts).
    await waitFor(() =>
      hovers.every((u) => {
        const st = w.engine.peek(u);
        return st.kind !== 'checking' || st.scanId !== undefined;
      }),
    );
    const navigations = ['http://phish-s4.example/login', 'http://a-s5.example/', 'http://fail-s6.example/'];
    await Promise.all(navigations.map((u, i) => w.engine.request(u, 'navigation', i + 1)));
    const kinds = await ends(w, [...hovers, ...navigations]);
    expect(Object.values(kinds).filter((k) => k === 'verdict')).toHaveLength(5);
    expect(kinds['http://fail-s6.example/']).toBe('failed');
    expect(svc.log.some((e) => e.path.endsWith('/events'))).toBe(true);
    await noneHeld(w);
  });

  it('timed out: a POST retried past its deadline, and a job whose deadline passed while it was polled', async () => {
    let clock = Date.now();
    const late = 'http://late-post.example/';
    const slow = 'http://slow-poll.example/';
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      now: () => clock,
      streams: noStreams,
      wrapApi: (api) => ({
        // The POST fails once its deadline is near: its retry would come after it.
        ...refusing(api, (url) => {
          if (url !== late) return null;
          clock += JOB_DEADLINE_MS;
          return apiError('network', 'lost on the way');
        }),
        // The slow job's poll fails after its deadline passed; the poll asked for at once finds it expired.
        getScan: async () => {
          clock += JOB_DEADLINE_MS + 1;
          return fail(apiError('server', 'busy', 503, 0));
        },
      }),
    });
    await w.engine.request(late, 'navigation', 1);
    expect(await ends(w, [late])).toEqual({ [late]: 'timed_out' });
    await w.engine.request(slow, 'navigation', 2);
    expect(await ends(w, [slow])).toEqual({ [slow]: 'timed_out' });
    await noneHeld(w);
  });

  it('a rejected key: the job is dropped with its error and leaves nothing', async () => {
    const w = await startWorker(svc.baseUrl, 'not-a-key', { streams: noStreams });
    const url = 'http://rejected-key.example/';
    await w.engine.request(url, 'navigation', 1);
    expect(await ends(w, [url])).toEqual({ [url]: 'error' });
    await noneHeld(w);
  });
});
