// The ledger and the history keep a copy of what is stored (ledger.ts createMirror): a URL's
// ledger line is one write before its POST leaves, not a read, a check and a write. These rows
// say the copy never costs an entry: not when the store cannot be read, not when a write fails,
// not when the store is replaced.
import { describe, expect, it } from 'vitest';
import { createMemoryBackend, type DbBackend } from '@/src/background/state/db-backend';
import { setDbBackend } from '@/src/background/state/kv';
import { appendLedger, readLedger, recordHistory, readHistory, clearLedger } from '@/src/background/state/ledger';
import type { ScanSummary } from '@/src/shared/messaging/protocol';

/** A memory store that counts its reads and can be told to fail its next read or write. */
function countingStore(initial: Record<string, unknown> = {}) {
  const inner = createMemoryBackend(true);
  const calls = { get: 0, set: 0 };
  const fail = { get: 0, set: 0 };
  const store: DbBackend = {
    ...inner,
    async get(keys) {
      calls.get++;
      if (fail.get > 0 && fail.get--) throw new Error('read failed');
      return inner.get(keys);
    },
    async set(values) {
      calls.set++;
      if (fail.set > 0 && fail.set--) throw new Error('write failed');
      return inner.set(values);
    },
  };
  return { store, inner, calls, fail, ready: inner.set(initial) };
}

/**
 * Uses `c` as the private store. The first use moves what older builds left (reads and writes
 * of its own) and reads the history, not the ledger; the counts start after it.
 */
async function use(c: ReturnType<typeof countingStore>) {
  await c.ready;
  setDbBackend(c.store);
  await readHistory();
  c.calls.get = 0;
  c.calls.set = 0;
}

const line = (n: number) => ({ url: `https://e${n}.example/`, at: n, reason: 'navigation' as const });
const summary = (id: string): ScanSummary => ({
  id,
  url: `https://${id}.example/`,
  state: 'QUEUED',
  createdAt: null,
  riskScore: null,
  band: null,
  source: 'local',
});

describe('ledger mirror', () => {
  it('reads the store once per worker life: later lines are one write each', async () => {
    const c = countingStore({ ledger: [line(0)] });
    await use(c);
    await appendLedger([line(1)]);
    expect(c.calls).toEqual({ get: 1, set: 1 });
    await appendLedger([line(2)]);
    await appendLedger([line(3)]);
    expect(c.calls).toEqual({ get: 1, set: 3 }); // no read after the first
    expect((await c.inner.get(['ledger'])).ledger).toEqual([line(0), line(1), line(2), line(3)]);
  });

  it('a store that cannot be read is not written over: the line waits and lands with the next one', async () => {
    const c = countingStore({ ledger: [line(0)] });
    await use(c);
    c.fail.get = 1;
    await expect(appendLedger([line(1)])).rejects.toThrow('read failed');
    expect((await c.inner.get(['ledger'])).ledger).toEqual([line(0)]);
    await appendLedger([line(2)]);
    expect(await readLedger()).toEqual([line(0), line(1), line(2)]);
  });

  it('after a failed write the store is read again, and nothing is lost', async () => {
    const c = countingStore({ ledger: [line(0)] });
    await use(c);
    await appendLedger([line(1)]);
    c.fail.set = 1;
    await expect(appendLedger([line(2)])).rejects.toThrow('write failed');
    const reads = c.calls.get;
    await appendLedger([line(3)]);
    expect(c.calls.get).toBe(reads + 1);
    expect((await c.inner.get(['ledger'])).ledger).toEqual([line(0), line(1), line(2), line(3)]);
  });

  it('a replaced store is read, not the copy of the old one', async () => {
    await appendLedger([line(1)]);
    const other = countingStore({ ledger: [line(7)] });
    await other.ready;
    setDbBackend(other.store);
    await appendLedger([line(8)]);
    expect(await readLedger()).toEqual([line(7), line(8)]);
  });

  it('what a reader gets is a copy: changing it changes nothing stored', async () => {
    await appendLedger([line(1)]);
    const l = await readLedger();
    l.push(line(99));
    expect(await readLedger()).toEqual([line(1)]);
    await clearLedger();
    expect(await readLedger()).toEqual([]);
  });
});

describe('history mirror', () => {
  it('records newest first with one read per worker life, and survives a failed write', async () => {
    const c = countingStore({ history: [summary('a')] });
    await use(c); // the history read once
    await recordHistory(summary('b'));
    await recordHistory(summary('c'));
    expect(c.calls).toEqual({ get: 0, set: 2 });
    c.fail.set = 1;
    await expect(recordHistory(summary('d'))).rejects.toThrow('write failed');
    await recordHistory(summary('e'));
    expect(c.calls.get).toBe(1); // read again after the failed write
    expect((await readHistory()).map((x) => x.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
  });
});
