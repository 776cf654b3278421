// The ledger is stored in pages with a copy in memory (ledger-pages.ts), the history as one list
// with a copy (ledger.ts createMirror): a URL's ledger line is one small write before its POST
// leaves, not a read, a check and a write of the whole ledger. These rows say the copy and the
// pages never cost a line: not when the store cannot be read, not when a write fails, not when
// the store is replaced or damaged.
import { describe, expect, it } from 'vitest';
import { createMemoryBackend, type DbBackend } from '@/src/background/state/db-backend';
import { setDbBackend } from '@/src/background/state/kv';
import { appendLedger, readLedger, recordHistory, readHistory, clearLedger, LEDGER_CAP } from '@/src/background/state/ledger';
import { PAGE, pagesToKeep, appendToPages } from '@/src/background/state/ledger-pages';
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
const summary = (id: string): ScanSummary => ({ id, url: `https://${id}.example/`, state: 'QUEUED', createdAt: null, riskScore: null, band: null, source: 'local' });

describe('ledger pages', () => {
  /** What a new worker life reads (the copy in memory forgotten). */
  const afresh = (c: ReturnType<typeof countingStore>) => {
    setDbBackend(c.store);
    return readLedger();
  };

  it('reads the store once per worker life: later lines are one write each', async () => {
    const c = countingStore();
    await use(c);
    await appendLedger([line(1)]);
    const reads = c.calls.get;
    await appendLedger([line(2)]);
    await appendLedger([line(3)]);
    expect(c.calls).toEqual({ get: reads, set: 3 }); // no read after the first
    expect(await afresh(c)).toEqual([line(1), line(2), line(3)]);
  });

  it('a line writes the newest page and the head only, however full the ledger is', async () => {
    const c = countingStore();
    await use(c);
    for (let i = 0; i < LEDGER_CAP + 250; i += 50) await appendLedger(Array.from({ length: 50 }, (_, j) => line(i + j)));
    const written: string[][] = [];
    const set = c.store.set;
    c.store.set = async (values) => {
      written.push(Object.keys(values).sort());
      return set(values);
    };
    await appendLedger([line(5000)]);
    expect(written).toHaveLength(1);
    expect(written[0]!.length).toBeLessThanOrEqual(2);
    expect(written[0]).toContain('ledgerPages');
    const ledger = await afresh(c);
    expect(ledger).toHaveLength(LEDGER_CAP);
    expect(ledger.at(-1)).toEqual(line(5000));
    expect(ledger[0]).toEqual(line(251));
    // Pages no longer needed are gone: at most the cap's pages and the newest one are stored.
    const pages = Object.keys(await c.inner.getAll()).filter((k) => k.startsWith('ledger:'));
    expect(pages.length).toBeLessThanOrEqual(LEDGER_CAP / PAGE + 1);
  });

  it("older builds' one list is read as the ledger, and paged at the first new line", async () => {
    const c = countingStore({ ledger: [line(0), line(1)] });
    await use(c);
    expect(await readLedger()).toEqual([line(0), line(1)]);
    await appendLedger([line(2)]);
    const stored = await c.inner.getAll();
    expect('ledger' in stored).toBe(false);
    expect(await afresh(c)).toEqual([line(0), line(1), line(2)]);
  });

  it('a store that cannot be read is not written over: the line waits and lands with the next one', async () => {
    const c = countingStore({ ledger: [line(0)] });
    await use(c);
    c.fail.get = 1;
    await expect(appendLedger([line(1)])).rejects.toThrow('read failed');
    expect((await c.inner.get(['ledger'])).ledger).toEqual([line(0)]);
    await appendLedger([line(2)]);
    expect(await afresh(c)).toEqual([line(0), line(1), line(2)]);
  });

  it('after a failed write the store is read again, and nothing is lost', async () => {
    const c = countingStore();
    await use(c);
    await appendLedger([line(1)]);
    c.fail.set = 1;
    await expect(appendLedger([line(2)])).rejects.toThrow('write failed');
    const reads = c.calls.get;
    await appendLedger([line(3)]);
    expect(c.calls.get).toBeGreaterThan(reads);
    expect(await afresh(c)).toEqual([line(1), line(2), line(3)]);
  });

  it('a damaged head or page is a safe default, never a crash: bad lines are dropped, the rest kept', async () => {
    const c = countingStore({ ledgerPages: { first: 0, last: 1 }, 'ledger:0': [line(0), { url: 5 }, 'junk'], 'ledger:1': 'not a page' });
    await use(c);
    expect(await readLedger()).toEqual([line(0)]);
    await appendLedger([line(1)]);
    expect(await afresh(c)).toEqual([line(0), line(1)]);
    const huge = countingStore({ ledgerPages: { first: 0, last: 1e9 }, ledger: [line(7)] });
    await use(huge);
    expect(await readLedger()).toEqual([line(7)]); // a head naming a billion pages is not believed
  });

  it('a replaced store is read, not the copy of the old one', async () => {
    await appendLedger([line(1)]);
    const other = countingStore({ ledger: [line(7)] });
    await use(other);
    await appendLedger([line(8)]);
    expect(await readLedger()).toEqual([line(7), line(8)]);
  });

  it('what a reader gets is a copy; clearing empties the store', async () => {
    const c = countingStore();
    await use(c);
    await appendLedger([line(1)]);
    const l = await readLedger();
    l.push(line(99));
    expect(await readLedger()).toEqual([line(1)]);
    await clearLedger();
    expect(await readLedger()).toEqual([]);
    expect(await afresh(c)).toEqual([]);
    expect(Object.keys(await c.inner.getAll()).filter((k) => k.startsWith('ledger'))).toEqual([]);
  });
});

describe('ledger page rules', () => {
  it.each([
    // sizes of the pages (oldest first), cap → pages kept (the newest ones)
    [[100, 100, 1], 200, 3],
    [[100, 100, 100], 200, 2],
    [[100, 100, 100, 1], 200, 3],
    [[50], 200, 1],
    [[], 200, 0],
    [[100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100], 1000, 10],
    [[100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 3], 1000, 11],
  ])('pages %j, cap %i: keeps the newest %i', (sizes, cap, keep) => {
    expect(pagesToKeep(sizes, cap)).toBe(keep);
  });

  it('appends into the newest page and spills into new ones of at most a page', () => {
    const last = [line(0), line(1)];
    const pages = appendToPages(last, [line(2), line(3), line(4)], 3);
    expect(pages).toEqual([[line(0), line(1), line(2)], [line(3), line(4)]]);
    expect(last).toEqual([line(0), line(1)]); // a copy
    expect(appendToPages([], [line(0)], 3)).toEqual([[line(0)]]);
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
