/**
 * Audit-only mode's list (docs/decisions/017-surfaces.md, docs/decisions/016-organizations.md): what Linklens would have blocked or warned about
 * had it not been in audit-only mode. Bounded (AUDIT_CAP newest; the oldest go first) and kept in
 * the private store (kv 'db', out of a content script's reach in both browsers), readable and
 * clearable from options.
 *
 * One entry per URL: the same URL decided again within REPEAT_MS (a page reloading itself, a
 * link hovered again) is not a new entry, nor reported again, so a page cannot flood the list or
 * the organization's receiver. Later than that it moves to the top with its new time.
 * What a private window asked about stays in memory only (incognito-urls.ts), like the ledger.
 */
import { z } from 'zod/mini';
import { str, validItems } from '@/src/shared/zod-lean';
import { BandSchema } from '@/src/shared/band-schema';
import { StoredRule } from '@/src/shared/policy/decision-rule';
import type { AuditEntry } from '@/src/shared/messaging/protocol';
import { readKey, writeKey, createMutex } from './kv';
import { incognitoUrls } from './incognito-urls';

export const AUDIT_CAP = 200;
export const REPEAT_MS = 60_000;

const EntrySchema = z.object({
  url: str(8192),
  host: str(300),
  wouldBe: z.literal(['block', 'warn']),
  via: z.literal(['navigation', 'hover']),
  verdict: z.nullable(
    z.object({
      scanId: z.nullable(str(200)),
      riskScore: z.nullable(z.number()),
      band: z.nullable(BandSchema),
      categories: z.array(str(60)).check(z.maxLength(20)),
    }),
  ),
  reason: str(100),
  rule: z.optional(StoredRule),
  at: z.number(),
});
/** Entries that do not parse are dropped one by one; the rest stay (never the whole list lost). */
const ListSchema = validItems(EntrySchema);

const KEY = 'auditLog';
const mutex = createMutex();
/** Private-window entries of this background life (newest first). */
let memory: AuditEntry[] = [];

/** Pure: the list (newest first) with `e` added; null when it repeats a recent entry. */
export function withEntry(list: readonly AuditEntry[], e: AuditEntry, cap = AUDIT_CAP): AuditEntry[] | null {
  const same = list.find((x) => x.url === e.url);
  if (same && same.wouldBe === e.wouldBe && e.at - same.at < REPEAT_MS && e.at >= same.at) return null;
  return [e, ...list.filter((x) => x.url !== e.url)].slice(0, cap);
}

/** Records `e`; true when it is a new entry (then the caller reports it). */
export function recordAudit(e: AuditEntry): Promise<boolean> {
  if (incognitoUrls.has(e.url)) {
    const next = withEntry(memory, e);
    if (next) memory = next;
    return Promise.resolve(next !== null);
  }
  return mutex(async () => {
    const next = withEntry(await readKey('db', KEY, ListSchema, []), e);
    if (next) await writeKey('db', KEY, next);
    return next !== null;
  });
}

/** Stored and in-memory entries, newest first, capped. */
export async function readAudit(): Promise<AuditEntry[]> {
  const stored = await readKey('db', KEY, ListSchema, []);
  return [...stored, ...memory].sort((a, b) => b.at - a.at).slice(0, AUDIT_CAP);
}

export const clearAudit = () =>
  mutex(async () => {
    memory = [];
    await writeKey('db', KEY, []);
  });
