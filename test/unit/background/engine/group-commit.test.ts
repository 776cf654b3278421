// Bursts of writes before POSTs (docs/decisions/014-scan-engine.md): the jobs store and the privacy ledger group
// concurrent changes into few writes. Nothing may be lost on the way: every change is in the
// private store once its call has resolved.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createJobsStore, type PendingJob } from '@/src/background/engine/jobs-store';
import { pendingJob } from '../harness/pending-job';
import { appendLedger, readLedger } from '@/src/background/state/ledger';
import { readAll } from '@/src/background/state/kv';

beforeEach(() => fakeBrowser.reset());

const job = (url: string) => pendingJob(url);

describe('group commit', () => {
  it('twelve jobs put at once: each is stored when its put resolves, and a new worker reads all twelve', async () => {
    const store = createJobsStore({ memoryOnly: () => false });
    const urls = Array.from({ length: 12 }, (_, i) => `https://burst-${i}.example/`);
    await Promise.all(
      urls.map(async (u) => {
        await store.put(job(u));
        // Durable when put resolves: the stored map holds it (the idempotency key precedes the POST).
        const stored = (await readAll('db')).jobs as Record<string, PendingJob>;
        expect(stored[u]?.idempotencyKey).toBe(`k-${u}`);
      }),
    );
    await Promise.all([store.update(urls[0]!, (j) => ({ ...j, scanId: 'scn_0' })), store.remove(urls[1]!)]);
    const again = await createJobsStore({ memoryOnly: () => false }).all();
    expect(Object.keys(again).sort()).toEqual(urls.filter((u) => u !== urls[1]).sort());
    expect(again[urls[0]!]?.scanId).toBe('scn_0');
  });

  it('twelve ledger appends at once: every entry is there, in order', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({
      url: `https://l-${i}.example/`,
      at: i,
      reason: 'navigation' as const,
    }));
    await Promise.all(entries.map((e) => appendLedger([e])));
    expect(await readLedger()).toEqual(entries);
  });
});

describe('history group commit', () => {
  it('entries recorded at once keep their order: a later entry of the same scan wins', async () => {
    const { recordHistory, readHistory } = await import('@/src/background/state/ledger');
    const base = { url: 'https://h.example/', createdAt: null, riskScore: null, band: null, source: 'local' as const };
    await Promise.all([
      recordHistory({ ...base, id: 'a', state: 'QUEUED' }),
      recordHistory({ ...base, id: 'b', state: 'QUEUED' }),
      recordHistory({ ...base, id: 'a', state: 'COMPLETED', riskScore: 90, band: 'malicious' }),
    ]);
    const h = await readHistory();
    expect(h.map((x) => `${x.id}:${x.state}`)).toEqual(['a:COMPLETED', 'b:QUEUED']);
  });
});
