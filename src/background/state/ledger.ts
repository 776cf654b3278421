/**
 * The privacy ledger: every URL actually sent to the service, when and why (issue 3). Capped so
 * it never grows without bound; readable, exportable and clearable from options.
 */
import { z } from 'zod';
import type { LedgerEntry, ScanSummary } from '@/src/shared/messaging/protocol';
import { ScanReason } from '@/src/shared/messaging/protocol';
import { readKey, writeKey, createMutex } from './kv';

export const LEDGER_CAP = 1000;
export const HISTORY_CAP = 200;

const EntrySchema = z.object({ url: z.string(), at: z.number(), reason: ScanReason });
const LedgerSchema = z.array(z.unknown()).transform((xs) =>
  xs.flatMap((x) => {
    const r = EntrySchema.safeParse(x);
    return r.success ? [r.data] : [];
  }),
);

const mutex = createMutex();

export function appendLedger(entries: LedgerEntry[]): Promise<void> {
  if (!entries.length) return Promise.resolve();
  return mutex(async () => {
    const cur = await readKey('local', 'ledger', LedgerSchema, []);
    const next = [...cur, ...entries];
    await writeKey('local', 'ledger', next.slice(Math.max(0, next.length - LEDGER_CAP)));
  });
}

export const readLedger = () => readKey('local', 'ledger', LedgerSchema, []);
export const clearLedger = () => mutex(() => writeKey('local', 'ledger', []));

const SummarySchema = z.object({
  id: z.string(),
  url: z.string(),
  state: z.string(),
  createdAt: z.string().nullable(),
  riskScore: z.number().nullable(),
  band: z.enum(['safe', 'suspicious', 'high', 'malicious']).nullable(),
  source: z.enum(['local', 'service']),
});
const HistorySchema = z.array(z.unknown()).transform((xs) =>
  xs.flatMap((x) => {
    const r = SummarySchema.safeParse(x);
    return r.success ? [r.data] : [];
  }),
);

/** Local scan history (newest first), merged with GET /v1/scans/ in the popup. */
export function recordHistory(item: ScanSummary): Promise<void> {
  return mutex(async () => {
    const cur = await readKey('local', 'history', HistorySchema, []);
    const next = [item, ...cur.filter((x) => x.id !== item.id)].slice(0, HISTORY_CAP);
    await writeKey('local', 'history', next);
  });
}
export const readHistory = () => readKey('local', 'history', HistorySchema, []);
/** Clears this device's scan history (the service's own list is the service's). */
export const clearHistory = () => mutex(() => writeKey('local', 'history', []));
