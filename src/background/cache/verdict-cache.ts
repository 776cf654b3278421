/**
 * Verdict cache: an in-memory LRU over the private store (kv 'db'), so verdicts survive the
 * worker's death (assume the worker dies). Verdicts of URLs asked for from private windows stay in memory
 * only (incognito-urls.ts). One storage key per entry (`v:<normalized url>`): writing one verdict never
 * rewrites the others. Expired entries are swept when the cache loads; the entry count is capped
 * well under any storage quota (MAX_ENTRIES × ~0.5–2 KB). When it is full, verdicts of links a
 * page showed go before those of pages the person opened (rule-rank.ts): a page that hovers
 * thousands of links must not push out the verdict, and so the block rule, of a page opened.
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { intIn } from '@/src/shared/zod-lean';
import type { Verdict } from '@/src/shared/verdict';
import { BandSchema } from '@/src/shared/band-schema';
import { readAll, removeKeys, writeKeys } from '../state/kv';
import { incognitoUrls } from '../state/incognito-urls';
import { higherSource, type VerdictSource } from '@/src/shared/policy/rule-rank';

export const MAX_ENTRIES = 5000;
const PREFIX = 'v:';
/** Distinct band and category words kept shared (a service naming thousands is not helped further). */
const MAX_WORDS = 256;
/** One empty list for every verdict without categories or indicators (never written to). */
const NO_WORDS = Object.freeze([]) as unknown as string[];
/** Entries checked between two yields while the whole cache loads. */
const LOAD_CHUNK = 500;

const VerdictSchema = z.object({
  url: z.string(),
  scanId: z.string(),
  riskScore: intIn(0, 100),
  band: BandSchema,
  confidence: z.number(),
  categories: z.array(z.string()),
  reasoning: z.string(),
  indicators: z.array(z.string()),
  checkedAt: z.number(),
});
/** `pg`: asked for by a page's links only (rule-rank.ts 'page'); absent: by a navigation or the person. */
const EntrySchema = z.object({ v: VerdictSchema, exp: z.number(), pg: z.optional(z.literal(true)) });
type Entry = z.infer<typeof EntrySchema>;

export interface VerdictCache {
  init(): Promise<void>;
  /**
   * Before init() has loaded everything, reads just this URL's entry, so the first verdict after
   * the worker woke does not wait for the whole cache (BENCHMARKS.md "first verdict after the worker stopped"). No-op after init.
   */
  prime(url: string): Promise<void>;
  get(url: string): Verdict | null;
  /** `source`: what asked for it (rule-rank.ts; default 'person'). A live entry the person's stays so. */
  set(verdict: Verdict, ttlMs: number, source?: VerdictSource): Promise<void>;
  clear(): Promise<void>;
  delete(url: string): Promise<void>;
  /** A page's verdict asked for now by a navigation or the person: ranked as the person's from now on. */
  promote(url: string): Promise<void>;
  count(): number;
  /** Any verdict with this scan id (report page, blocked page). */
  byScanId(scanId: string): Verdict | null;
  /**
   * Every live entry with its expiry (the request-blocking rules are built from it). `memoryOnly`:
   * learned from a private (or unknown) window, so its rule must not be written to disk (a session rule).
   */
  entries(): Array<{ verdict: Verdict; expiresAt: number; memoryOnly: boolean; source: VerdictSource }>;
  /** Told after each set, delete, clear, eviction and load (net-rules.ts keeps the browser's rules in step). */
  onChange(fn: () => void): void;
}

export function createVerdictCache(
  opts: { now?: () => number; maxEntries?: number; memoryOnly?: (url: string) => boolean } = {},
): VerdictCache {
  const now = opts.now ?? Date.now;
  /** Verdicts of URLs asked for from private windows (kept off disk; their rules are session rules). */
  const memoryOnly = opts.memoryOnly ?? ((url: string) => incognitoUrls.has(url));
  const max = opts.maxEntries ?? MAX_ENTRIES;
  // Map iteration order is insertion order: re-inserting on access makes it an LRU.
  const mem = new Map<string, Entry>();
  let ready: Promise<void> | null = null;
  let loaded = false;
  /** Removed while the load was under way: the load's snapshot must not bring them back. */
  const removedDuringLoad = new Set<string>();
  let clearedDuringLoad = false;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const fn of listeners) {
      try {
        fn();
      } catch {
        // one listener's failure never stops the others
      }
    }
  };

  /**
   * Each stored entry is read as its own copy of every string: the band and the categories, a few
   * words repeated thousands of times, are kept once each (and an empty list once) instead.
   */
  const words = new Map<string, string>();
  const word = (w: string) => {
    const known = words.get(w);
    if (known !== undefined) return known;
    if (words.size < MAX_WORDS) words.set(w, w);
    return w;
  };
  function shareWords(v: Verdict) {
    v.band = word(v.band) as Verdict['band'];
    v.categories = v.categories.length ? v.categories.map(word) : NO_WORDS;
    if (!v.indicators.length) v.indicators = NO_WORDS;
  }

  async function load() {
    const all = await readAll('db');
    const expired: string[] = [];
    const live: Array<[string, Entry]> = [];
    const entries = Object.entries(all);
    for (let i = 0; i < entries.length; i++) {
      // Checking thousands of entries is tens of ms: let messages in between (a lookup meanwhile
      // reads its own key through prime()).
      if (i > 0 && i % LOAD_CHUNK === 0) await new Promise((r) => setTimeout(r, 0));
      const [k, raw] = entries[i]!;
      if (!k.startsWith(PREFIX)) continue;
      const e = EntrySchema.safeParse(raw);
      if (e.success) shareWords(e.data.v);
      if (!e.success || e.data.exp <= now()) expired.push(k);
      // The verdict's own URL string as the key when it is the same: a key sliced off the stored
      // name keeps that whole name alive beside it (two strings per entry instead of one).
      else {
        const url = k.slice(PREFIX.length);
        live.push([e.data.v.url === url ? e.data.v.url : url, e.data]);
      }
    }
    live.sort((a, b) => a[1].v.checkedAt - b[1].v.checkedAt);
    // What prime() or set() put in meanwhile is newer: it keeps its value and its recent place.
    const recent = [...mem];
    mem.clear();
    if (!clearedDuringLoad) for (const [url, e] of live) if (!removedDuringLoad.has(url)) mem.set(url, e);
    removedDuringLoad.clear();
    for (const [url, e] of recent) {
      mem.delete(url);
      mem.set(url, e);
    }
    const over = evictOver();
    const drop = [...expired, ...over.map((u) => PREFIX + u)];
    loaded = true;
    changed();
    if (drop.length) await removeKeys('db', drop).catch(ignore);
  }

  /** The least recently used page-caused entries first, then the least recently used of all. */
  function evictOver(): string[] {
    const out: string[] = [];
    if (mem.size <= max) return out;
    for (const [url, e] of mem) {
      if (mem.size <= max) break;
      if (e.pg) {
        mem.delete(url);
        out.push(url);
      }
    }
    while (mem.size > max) {
      const oldest = mem.keys().next().value as string;
      mem.delete(oldest);
      out.push(oldest);
    }
    return out;
  }

  return {
    init() {
      ready ??= load().catch(() => void (loaded = true));
      return ready;
    },
    async prime(url) {
      if (loaded || mem.has(url)) return;
      const e = EntrySchema.safeParse((await readAll('db', PREFIX + url))[PREFIX + url]);
      if (e.success && e.data.exp > now() && !mem.has(url)) mem.set(url, (shareWords(e.data.v), e.data));
    },
    get(url) {
      const e = mem.get(url);
      if (!e) return null;
      if (e.exp <= now()) {
        mem.delete(url);
        void removeKeys('db', PREFIX + url).catch(ignore);
        return null;
      }
      mem.delete(url);
      mem.set(url, e);
      return e.v;
    },
    async set(verdict, ttlMs, source = 'person') {
      const before = mem.get(verdict.url);
      const kept = before && before.exp > now() ? higherSource(source, before.pg ? 'page' : 'person') : source;
      const e: Entry = { v: verdict, exp: now() + ttlMs, ...(kept === 'page' ? { pg: true as const } : {}) };
      mem.delete(verdict.url);
      mem.set(verdict.url, e);
      const over = evictOver();
      changed();
      if (!memoryOnly(verdict.url)) await writeKeys('db', { [PREFIX + verdict.url]: e });
      if (over.length)
        await removeKeys(
          'db',
          over.map((u) => PREFIX + u),
        ).catch(ignore);
    },
    async clear() {
      const keys = [...mem.keys()].map((u) => PREFIX + u);
      mem.clear();
      if (!loaded) clearedDuringLoad = true;
      changed();
      const all = await readAll('db');
      for (const k of Object.keys(all)) if (k.startsWith(PREFIX)) keys.push(k);
      if (keys.length) await removeKeys('db', [...new Set(keys)]);
    },
    async promote(url) {
      const e = mem.get(url);
      if (!e?.pg || e.exp <= now()) return;
      const kept: Entry = { v: e.v, exp: e.exp };
      mem.set(url, kept);
      changed();
      if (!memoryOnly(url)) await writeKeys('db', { [PREFIX + url]: kept }).catch(ignore);
    },
    async delete(url) {
      mem.delete(url);
      if (!loaded) removedDuringLoad.add(url);
      changed();
      await removeKeys('db', PREFIX + url).catch(ignore);
    },
    count: () => mem.size,
    byScanId(scanId) {
      for (const e of mem.values()) if (e.v.scanId === scanId) return e.v;
      return null;
    },
    entries() {
      const t = now();
      return [...mem.values()]
        .filter((e) => e.exp > t)
        .map((e) => ({
          verdict: e.v,
          expiresAt: e.exp,
          memoryOnly: memoryOnly(e.v.url),
          source: e.pg ? ('page' as const) : ('person' as const),
        }));
    },
    onChange(fn) {
      listeners.add(fn);
    },
  };
}
