// A store that cannot be read (one IndexedDB `get` that rejects: an aborted transaction, a
// full disk) is an error, never "empty": each of these keeps a copy that it writes back whole, and
// reading "empty" would erase what is stored. Rows: the pending scan jobs, the organization's
// report queue, the daily credit count, the person's settings (and the browser's rules made from
// them). Nothing is lost, and nothing opens up meanwhile.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMemoryBackend, type DbBackend } from '@/src/background/state/db-backend';
import { setDbBackend } from '@/src/background/state/kv';
import { createJobsStore } from '@/src/background/engine/jobs-store';
import { pendingJob } from '../harness/pending-job';
import { createDailyBudget } from '@/src/background/reporting/credit-budget';
import { createReportQueue, type QueueState } from '@/src/background/reporting/queue';
import { makeEvent } from '@/src/shared/reporting/events';
import { createSettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';

/** A memory store that fails its next `fail.get` reads. */
function flakyStore() {
  const inner = createMemoryBackend(true);
  const fail = { get: 0 };
  const store: DbBackend = {
    ...inner,
    async get(keys) {
      if (fail.get > 0 && fail.get--) throw new Error('read failed');
      return inner.get(keys);
    },
  };
  return { store, inner, fail };
}

let c: ReturnType<typeof flakyStore>;
beforeEach(() => {
  fakeBrowser.reset();
  c = flakyStore();
  setDbBackend(c.store);
});

const job = (n: number) => pendingJob(`https://j${n}.example/`, n);

describe('a store that cannot be read is not written over', () => {
  it('pending scan jobs: a new worker life whose first read fails keeps every job; the new one lands with the next try', async () => {
    await createJobsStore().put(job(1));
    const next = createJobsStore(); // the next worker life
    c.fail.get = 1;
    await expect(next.put(job(2))).rejects.toThrow('read failed');
    expect(Object.keys((await c.inner.get(['jobs'])).jobs as object)).toEqual(['https://j1.example/']);
    await next.put(job(2));
    expect(Object.keys(await next.all()).sort()).toEqual(['https://j1.example/', 'https://j2.example/']);
  });

  it("the organization's report queue: an event added while the queue cannot be read does not erase the queued ones", async () => {
    const m = { stored: undefined as unknown, failNext: false };
    const ev = (n: number) =>
      makeEvent(
        { type: 'protection.resumed', payload: {} },
        { id: `id-${n}`, now: 1, extensionVersion: '0.1.0', deviceTag: '', userTag: '' },
      )!;
    const life = () =>
      createReportQueue({
        load: async () => {
          if (m.failNext) {
            m.failNext = false;
            throw new Error('read failed');
          }
          return structuredClone(m.stored);
        },
        save: async (s: QueueState) => void (m.stored = structuredClone(s)),
        send: async () => ({ ok: false, status: 503, error: 'http_503', retryAfterMs: null }),
        wake: () => undefined,
        droppedEvent: () => null,
        now: () => 1,
        random: () => 0.5,
      });
    const q = life();
    await q.add(ev(1));
    await q.add(ev(2));
    m.failNext = true;
    await expect(life().add(ev(3))).rejects.toThrow('read failed');
    expect((m.stored as QueueState).events.map((e) => e.id)).toEqual(['id-1', 'id-2']);
  });

  it('the daily credit count (policy maxCreditsPerDay): a count that cannot be read sends nothing rather than start again at 0', async () => {
    const m = { stored: { day: '', used: 0 } as unknown, fail: false };
    const budget = createDailyBudget({
      limit: async () => 1,
      load: async () => {
        if (m.fail) throw new Error('read failed');
        return m.stored;
      },
      save: async (s) => void (m.stored = s),
    });
    expect(await budget.tryConsume()).toBe(true);
    m.fail = true;
    await expect(budget.tryConsume()).rejects.toThrow('read failed');
    m.fail = false;
    expect(await budget.tryConsume()).toBe(false); // the one scan of the day was counted
  });

  it("the person's settings: while unreadable they are marked so, a change is refused (the stored lists stay), and the next read has them", async () => {
    await createSettingsStore(createMemorySecretStore()).set({ blocklist: ['mine.example'], strictMode: true });
    const store = createSettingsStore(createMemorySecretStore()); // the next worker life
    c.fail.get = 1;
    const first = await store.get();
    expect(first.unreadable).toBe(true);
    expect(first.settings.blocklist).toEqual([]);
    // (While unreadable, the request-blocking rules are left as the last settings made them:
    // net-rules.test.ts "settings that cannot be read".)
    c.fail.get = 1;
    await expect(store.set({ allowlist: ['x.example'] })).rejects.toThrow('nothing was changed');
    expect((await c.inner.get(['settings'])).settings).toMatchObject({
      blocklist: ['mine.example'],
      strictMode: true,
      allowlist: [],
    });
    const again = await store.get();
    expect(again.unreadable).toBeUndefined();
    expect(again.settings).toMatchObject({ blocklist: ['mine.example'], strictMode: true });
  });
});
