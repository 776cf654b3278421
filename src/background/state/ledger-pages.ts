/**
 * The privacy ledger as stored: pages of up to PAGE lines under `ledger:<n>`, n counting up, and
 * a head `ledgerPages` = { first, last } naming the pages in use. Every URL sent waits for its
 * line to be stored (engine-submit.ts), and a ledger in use is full: one list of LEDGER_CAP
 * lines cost every navigation a read, a check and a write of all of them (BENCHMARKS.md
 * measurement 13). Now a line is one write of the newest page and the head, in one transaction.
 *
 * This worker is the store's only writer (no page or content script reaches it), so the copy in
 * memory stays true. It is read again when the store was replaced (dbGeneration) and after a
 * write that failed (it may have landed or not). A store that cannot be read is an error, not an
 * empty ledger: the lines stay queued (ledger.ts), and nothing stored is written over.
 *
 * Older builds kept one list under `ledger`: it is read as the ledger until the first write,
 * which pages it and removes it.
 */
import { z } from 'zod/mini';
import type { LedgerEntry } from '@/src/shared/messaging/protocol';
import { ScanReason } from '@/src/shared/messaging/protocol';
import { int } from '@/src/shared/zod-lean';
import { readKeyOrThrow, readKeysOrThrow, writeKeys, removeKeys, dbGeneration } from './kv';

export const PAGE = 100;
const HEAD_KEY = 'ledgerPages';
const LEGACY_KEY = 'ledger';
export const pageKey = (n: number) => `ledger:${n}`;

const EntrySchema = z.object({ url: z.string(), at: z.number(), reason: ScanReason, sentTo: z.optional(z.literal('shortener')) });
export const LinesSchema = z.pipe(z.array(z.unknown()), z.transform((xs) =>
  xs.flatMap((x) => {
    const r = EntrySchema.safeParse(x);
    return r.success ? [r.data] : [];
  })));

interface Head {
  first: number;
  last: number;
}

/** Pure: the pages to keep once `pages` (oldest first) hold the newest lines: enough for `cap`. */
export function pagesToKeep(sizes: readonly number[], cap: number): number {
  // The oldest page goes as soon as the pages after it hold `cap` lines on their own.
  let keep = sizes.length;
  let after = 0;
  for (let i = sizes.length - 1; i > 0; i--) {
    after += sizes[i]!;
    if (after >= cap) {
      keep = sizes.length - i;
      break;
    }
  }
  return keep;
}

/** Pure: `lines` appended to the newest page (a copy), spilling into new pages of at most PAGE. */
export function appendToPages(last: readonly LedgerEntry[], lines: readonly LedgerEntry[], size = PAGE): LedgerEntry[][] {
  const pages: LedgerEntry[][] = [[...last]];
  for (const line of lines) {
    if (pages.at(-1)!.length >= size) pages.push([]);
    pages.at(-1)!.push(line);
  }
  return pages;
}

export function createLedgerPages(cap: number) {
  const maxPages = Math.ceil(cap / PAGE) + 1;
  const HeadSchema = z.nullable(
    z.object({ first: int().check(z.gte(0)), last: int().check(z.gte(0)) }).check(z.refine((h) => h.first <= h.last && h.last - h.first < maxPages)),
  );
  let mem: { gen: number; head: Head | null; pages: LedgerEntry[][] } | null = null;

  async function load() {
    const gen = dbGeneration();
    if (mem && mem.gen === gen) return mem;
    const head = await readKeyOrThrow('db', HEAD_KEY, HeadSchema, null);
    let pages: LedgerEntry[][];
    if (!head) {
      const legacy = await readKeyOrThrow('db', LEGACY_KEY, LinesSchema, []);
      pages = [];
      for (let i = 0; i < legacy.length; i += PAGE) pages.push(legacy.slice(i, i + PAGE));
    } else {
      const keys = Array.from({ length: head.last - head.first + 1 }, (_, i) => pageKey(head.first + i));
      const got = await readKeysOrThrow('db', keys);
      pages = keys.map((k) => {
        const r = LinesSchema.safeParse(got[k]);
        return r.success ? r.data : [];
      });
    }
    mem = { gen, head, pages };
    return mem;
  }

  return {
    /** The newest `cap` lines, oldest first (a copy). */
    async lines(): Promise<LedgerEntry[]> {
      const all = (await load()).pages.flat();
      return all.slice(Math.max(0, all.length - cap));
    },
    async append(lines: LedgerEntry[]): Promise<void> {
      const m = await load();
      const gen = m.gen;
      // Older builds' list (no head yet): paged now, all of it written, and its key removed.
      const first = m.head?.first ?? 0;
      const lastIndex = Math.max(0, m.pages.length - 1);
      const changed = appendToPages(m.pages[lastIndex] ?? [], lines);
      const pages = [...m.pages.slice(0, lastIndex), ...changed];
      // Never more pages than the head may name (lines dropped as damaged leave pages short).
      const keep = Math.min(pagesToKeep(pages.map((p) => p.length), cap), maxPages);
      const dropped = pages.length - keep;
      const head: Head = { first: first + dropped, last: first + pages.length - 1 };
      const writes: Record<string, unknown> = { [HEAD_KEY]: head };
      const from = m.head ? lastIndex : 0;
      for (let i = Math.max(from, dropped); i < pages.length; i++) writes[pageKey(first + i)] = pages[i];
      const remove = Array.from({ length: dropped }, (_, i) => pageKey(first + i));
      if (!m.head) remove.push(LEGACY_KEY);
      try {
        await writeKeys('db', writes);
      } catch (e) {
        mem = null;
        throw e;
      }
      mem = { gen, head, pages: pages.slice(dropped) };
      // Pages no longer named by the head are never read again; a removal that fails leaves them unused.
      if (remove.length) await removeKeys('db', remove).catch(() => undefined);
    },
    async clear(): Promise<void> {
      const m = await load().catch(() => null);
      const gen = dbGeneration();
      const named = m?.head ? Array.from({ length: m.head.last - m.head.first + 1 }, (_, i) => pageKey(m.head!.first + i)) : [];
      try {
        await removeKeys('db', [HEAD_KEY, ...named, LEGACY_KEY]);
      } catch (e) {
        mem = null;
        throw e;
      }
      mem = { gen, head: null, pages: [] };
    },
  };
}
