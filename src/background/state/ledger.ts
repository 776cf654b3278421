/**
 * The privacy ledger: every URL actually sent to the service, when and why (docs/decisions/014-scan-engine.md). Capped so
 * it never grows without bound; readable, exportable and clearable from options.
 *
 * Sends of URLs asked for from private windows (incognito-urls.ts) are recorded too, so the
 * ledger stays complete while the background runs, but in memory only: they are never written
 * to the private store and are gone when the background stops. The same holds for the history.
 */
import { z } from 'zod/mini';
import { BandSchema } from '@/src/shared/band-schema';
import { validItems } from '@/src/shared/zod-lean';
import type { LedgerEntry, ScanSummary } from '@/src/shared/messaging/protocol';
import { ScanReason } from '@/src/shared/messaging/protocol';
import { readKeyOrThrow, writeKey, createMutex, dbGeneration } from './kv';
import { incognitoUrls } from './incognito-urls';

export const LEDGER_CAP = 1000;
export const HISTORY_CAP = 200;

const EntrySchema = z.object({
  url: z.string(),
  at: z.number(),
  reason: ScanReason,
  sentTo: z.optional(z.literal('shortener')),
});
const LedgerSchema = validItems(EntrySchema);

/**
 * What the private store holds under one key, as this worker last read or wrote it. Every URL
 * sent waits for its ledger line to land (engine-submit.ts), and that used to be a read, a check
 * of up to LEDGER_CAP entries and a write; now it is the write alone. This worker is the store's
 * only writer (no page or content script reaches it), so the copy stays true; it is read again
 * when the store was replaced (dbGeneration) and after a failed write. A store that cannot be
 * read is an error, not an empty list: the entries stay queued, and nothing stored is written over.
 */
function createMirror<T>(key: string, schema: z.ZodMiniType<T[]>) {
  let mem: { gen: number; items: T[] } | null = null;
  return {
    /** A copy: callers build the next list from it. */
    async read(): Promise<T[]> {
      if (!mem || mem.gen !== dbGeneration()) {
        const gen = dbGeneration();
        mem = { gen, items: await readKeyOrThrow('db', key, schema, []) };
      }
      return [...mem.items];
    },
    async write(items: T[]): Promise<void> {
      const gen = dbGeneration();
      try {
        await writeKey('db', key, items);
        mem = { gen, items };
      } catch (e) {
        mem = null; // the write may have landed or not: read again next time
        throw e;
      }
    },
  };
}

/**
 * One queue per stored key (each write reads, changes and writes its key): a ledger line that
 * must land before its URL leaves does not wait behind a history write of an earlier scan.
 */
const ledgerMutex = createMutex();
const historyMutex = createMutex();
/** Entries waiting for the next ledger write (appendLedger). */
let queued: LedgerEntry[] = [];
/** History entries waiting for the next history write (recordHistory). */
let queuedHistory: ScanSummary[] = [];
/** Private-window sends of this background life (oldest first). */
let memLedger: LedgerEntry[] = [];
/** Private-window history of this background life (newest first). */
let memHistory: ScanSummary[] = [];

const ledgerStore = createMirror<LedgerEntry>('ledger', LedgerSchema);

export function appendLedger(entries: LedgerEntry[]): Promise<void> {
  if (!entries.length) return Promise.resolve();
  const kept = entries.filter((e) => !incognitoUrls.has(e.url));
  const inMemory = entries.filter((e) => incognitoUrls.has(e.url));
  if (inMemory.length) memLedger = [...memLedger, ...inMemory].slice(-LEDGER_CAP);
  if (!kept.length) return Promise.resolve();
  queued.push(...kept);
  // Group commit: each caller's run is queued after its entries, and the first run to start
  // writes everything queued so far, so a burst of sends (twelve tabs opening at once) costs one
  // read and one write instead of twelve in a row, each still recorded before its URL leaves.
  return ledgerMutex(async () => {
    if (!queued.length) return; // an earlier run wrote these
    const batch = queued;
    queued = [];
    try {
      const next = [...(await ledgerStore.read()), ...batch];
      await ledgerStore.write(next.slice(Math.max(0, next.length - LEDGER_CAP)));
    } catch (e) {
      queued = [...batch, ...queued]; // the next run tries again; nothing silently lost
      throw e;
    }
  });
}

/** Stored and in-memory entries, oldest first, capped. */
export async function readLedger(): Promise<LedgerEntry[]> {
  const stored = await ledgerStore.read().catch(() => []);
  if (!memLedger.length) return stored;
  const all = [...stored, ...memLedger].sort((a, b) => a.at - b.at);
  return all.slice(Math.max(0, all.length - LEDGER_CAP));
}

export const clearLedger = () =>
  ledgerMutex(async () => {
    memLedger = [];
    await ledgerStore.write([]);
  });

const SummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  state: z.string(),
  createdAt: z.nullable(z.string()),
  riskScore: z.nullable(z.number()),
  band: z.nullable(BandSchema),
  source: z.literal(['local', 'service']),
});
const HistorySchema = validItems(SummarySchema);
const historyStore = createMirror<ScanSummary>('history', HistorySchema);

/** Local scan history (newest first), merged with GET /v1/scans/ in the popup. */
export function recordHistory(item: ScanSummary): Promise<void> {
  if (incognitoUrls.has(item.url)) {
    memHistory = [item, ...memHistory.filter((x) => x.id !== item.id)].slice(0, HISTORY_CAP);
    return Promise.resolve();
  }
  queuedHistory.push(item);
  // Group commit, as for the ledger: the first run writes every entry queued so far, in order.
  return historyMutex(async () => {
    if (!queuedHistory.length) return;
    const batch = queuedHistory;
    queuedHistory = [];
    try {
      let next = await historyStore.read();
      for (const it of batch) next = [it, ...next.filter((x) => x.id !== it.id)];
      await historyStore.write(next.slice(0, HISTORY_CAP));
    } catch (e) {
      queuedHistory = [...batch, ...queuedHistory];
      throw e;
    }
  });
}

/** Stored history with this life's private-window entries first (they are the most recent). */
export async function readHistory(): Promise<ScanSummary[]> {
  const stored = await historyStore.read().catch(() => []);
  if (!memHistory.length) return stored;
  const ids = new Set(memHistory.map((x) => x.id));
  return [...memHistory, ...stored.filter((x) => !ids.has(x.id))].slice(0, HISTORY_CAP);
}

/** Tests: a new background life forgets what was kept in memory. */
export function forgetMemoryOnly(): void {
  memLedger = [];
  memHistory = [];
}

/** Clears this device's scan history, stored and in memory (the service keeps its own list). */
export const clearHistory = () =>
  historyMutex(async () => {
    memHistory = [];
    await historyStore.write([]);
  });
