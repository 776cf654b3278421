/**
 * The extension's private key-value store: one IndexedDB object store of the extension origin.
 *
 * Why not storage.local: in Firefox content scripts can read and write storage.local (there is
 * no setAccessLevel for it: docs/decisions/007-private-store.md), and a content script runs inside the attacker's
 * page. The extension origin's IndexedDB is reachable only from the background and Linklens'
 * own pages, in Chromium and Firefox alike, so the same store serves both browsers.
 *
 * Values are structured-cloned by IndexedDB (as storage.local would copy them). One connection
 * is kept per worker life: opening costs a few ms, and the first verdict after a wake reads
 * through it (BENCHMARKS.md "first verdict after the worker stopped").
 */
import { openIdb } from './idb-store';

export interface DbBackend {
  /**
   * False for the in-memory stand-in used when IndexedDB cannot be opened: what is written then
   * lives only until the worker stops, so nothing may be moved INTO it and deleted elsewhere.
   */
  readonly persistent: boolean;
  get(keys: readonly string[]): Promise<Record<string, unknown>>;
  getAll(): Promise<Record<string, unknown>>;
  set(values: Record<string, unknown>): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
}

const DB_NAME = 'linklens';
const STORE = 'kv';

const openDb = () => openIdb(DB_NAME, STORE);

export function createIdbBackend(): DbBackend {
  let conn: Promise<IDBDatabase> | null = null;
  const db = () => {
    conn ??= openDb().then((d) => {
      // Another context upgrading, or the browser closing it: open again on the next use.
      d.onversionchange = () => {
        d.close();
        conn = null;
      };
      d.onclose = () => void (conn = null);
      return d;
    });
    conn.catch(() => void (conn = null));
    return conn;
  };

  async function run<T>(mode: IDBTransactionMode, body: (s: IDBObjectStore) => () => T): Promise<T> {
    const d = await db();
    return new Promise<T>((resolve, reject) => {
      const t = d.transaction(STORE, mode);
      const result = body(t.objectStore(STORE));
      t.oncomplete = () => resolve(result());
      t.onerror = () => reject(t.error ?? new Error('indexedDB transaction failed'));
      t.onabort = () => reject(t.error ?? new Error('indexedDB transaction aborted'));
    });
  }

  return {
    persistent: true,
    get(keys) {
      return run('readonly', (s) => {
        const reqs = keys.map((k) => [k, s.get(k)] as const);
        return () => {
          const out: Record<string, unknown> = {};
          for (const [k, r] of reqs) if (r.result !== undefined) out[k] = r.result;
          return out;
        };
      });
    },
    getAll() {
      return run('readonly', (s) => {
        const keys = s.getAllKeys();
        const values = s.getAll();
        return () => {
          const out: Record<string, unknown> = {};
          keys.result.forEach((k, i) => {
            if (typeof k === 'string') out[k] = values.result[i];
          });
          return out;
        };
      });
    },
    set(values) {
      return run('readwrite', (s) => {
        for (const [k, v] of Object.entries(values)) {
          // storage.set semantics: undefined is not a value.
          if (v === undefined) s.delete(k);
          else s.put(v, k);
        }
        return () => undefined;
      });
    },
    remove(keys) {
      return run('readwrite', (s) => {
        for (const k of keys) s.delete(k);
        return () => undefined;
      });
    },
  };
}

/**
 * A Map with storage semantics (values copied in and out). `persistent` only says how callers
 * must treat it: unit tests use a persistent-acting one (a "restart" in a test keeps it), the
 * IndexedDB-failure fallback a non-persistent one.
 */
export function createMemoryBackend(persistent: boolean): DbBackend {
  const m = new Map<string, unknown>();
  return {
    persistent,
    async get(keys) {
      const out: Record<string, unknown> = {};
      for (const k of keys) if (m.has(k)) out[k] = structuredClone(m.get(k));
      return out;
    },
    async getAll() {
      return Object.fromEntries([...m].map(([k, v]) => [k, structuredClone(v)]));
    },
    async set(values) {
      for (const [k, v] of Object.entries(values)) {
        if (v === undefined) m.delete(k);
        else m.set(k, structuredClone(v));
      }
    },
    async remove(keys) {
      for (const k of keys) m.delete(k);
    },
  };
}

/**
 * IndexedDB, or (no IndexedDB in this context, or it cannot be opened: e.g. a Firefox profile
 * in permanent private browsing mode on some versions) memory for this worker's life. Never
 * storage.local: a content script could read it in Firefox.
 */
export async function openDefaultBackend(): Promise<DbBackend> {
  if (typeof indexedDB === 'undefined') return createMemoryBackend(false);
  const idb = createIdbBackend();
  try {
    await idb.get(['meta:probe']);
    return idb;
  } catch {
    return createMemoryBackend(false);
  }
}
