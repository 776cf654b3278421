/**
 * A job waiting to retry its POST is sent once when its retry time comes, even when the jobs
 * alarm (engine-resume.ts, every half minute while jobs are pending) wakes resume() at the same
 * moment as the job's own retry timer (engine-submit.ts retryNow). Real service; the first POST
 * fails on the way (a network error), so the job waits for its retry.
 */
import { describe, expect, it } from 'vitest';
import { startWorker, useLocalService, waitFor } from '../harness/worker';
import { apiError, fail } from '@/src/background/api/errors';
import { submittedUrls } from '../../../shared/service-log';
import { whenIdle } from '@/src/background/idle';

const svc = useLocalService({ processingDelayMs: 50, keepAliveMs: 100 });

describe('a retry meets the jobs alarm', () => {
  it.each([
    ['the alarm just after the retry timer', 0],
    ['the alarm just before the retry timer', -1],
  ])('%s: one POST reaches the service', async (_n, shift) => {
    const url = `http://retry-meets-alarm${shift}.example/`;
    let failures = 1;
    let retryMs = Number.NaN;
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi: (api) => ({
        ...api,
        submitScan: async (u, o) =>
          failures-- > 0 ? fail(apiError('network', 'lost on the way')) : api.submitScan(u, o),
      }),
      onTimer: (ms) => {
        // The first timer of this life at or above the retry base is the retry's.
        if (Number.isNaN(retryMs) && ms >= 1000) retryMs = ms;
      },
    });
    await w.engine.request(url, 'navigation');
    await waitFor(() => !Number.isNaN(retryMs));
    await new Promise((r) => setTimeout(r, retryMs + shift));
    await w.engine.resume();
    await waitFor(() => w.updates.find((x) => x.url === url && x.status.kind === 'verdict'));
    await whenIdle();
    expect(submittedUrls(svc.log).filter((u) => u === url)).toHaveLength(1);
    expect(svc.log.filter((e) => e.method === 'POST' && JSON.stringify(e.body ?? '').includes(url))).toHaveLength(1);
  });
});
