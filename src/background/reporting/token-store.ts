/**
 * Where the reporting token (policy `reportingToken`, issue 13) is remembered between worker
 * lives: the extension origin's IndexedDB, out of every content script's reach, like the API key
 * (state/secret-store.ts). Its own database, so this record never collides with the API key's.
 * Never in storage.local: a Firefox content script can read that area.
 *
 * Why remember it at all: after a wake the settings use the policy cached in storage.local,
 * from which the token is left out (settings-store hook), until the live storage.managed read
 * arrives; queued events should not wait for that read (~3 s on a fresh profile).
 */
const DB = 'linklens-reporting';
const STORE = 'secrets';
const KEY = 'reportingToken';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB open failed'));
  });
}

async function run<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const req = op(t.objectStore(STORE));
    t.oncomplete = () => {
      db.close();
      resolve(req.result as T);
    };
    t.onerror = () => {
      db.close();
      reject(t.error ?? new Error('indexedDB transaction failed'));
    };
  });
}

export interface TokenStore {
  get(): Promise<string>;
  set(value: string): Promise<void>;
}

/** IndexedDB when the context has it; otherwise memory for this worker's life only. */
export function createTokenStore(): TokenStore {
  let mem = '';
  let idb = typeof indexedDB !== 'undefined';
  return {
    async get() {
      if (!idb) return mem;
      try {
        const v = await run<unknown>('readonly', (s) => s.get(KEY));
        return typeof v === 'string' ? v : '';
      } catch {
        idb = false;
        return mem;
      }
    },
    async set(value) {
      mem = value;
      if (!idb) return;
      try {
        await run('readwrite', (s) => (value ? s.put(value, KEY) : s.delete(KEY)));
      } catch {
        idb = false;
      }
    },
  };
}
