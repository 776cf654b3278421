/**
 * Where the API key lives. storage.local is readable by content scripts by default (Chromium
 * can restrict it with setAccessLevel, Firefox cannot), so the key goes to the extension
 * origin's IndexedDB, which content scripts of either browser cannot open (issue 3, "Outputs").
 * When IndexedDB is unavailable (unit tests, some private modes) the key is held in memory
 * only for this worker's life and the person is asked to re-enter it; it is never written to
 * a content-script-readable area.
 */
export interface SecretStore {
  get(): Promise<string>;
  set(value: string): Promise<void>;
}

const DB = 'linklens-secrets';
const STORE = 'kv';
const KEY = 'apiKey';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB open failed'));
  });
}

function tx<T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
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
      }),
  );
}

export function createIdbSecretStore(): SecretStore {
  return {
    async get() {
      const v = await tx<unknown>('readonly', (s) => s.get(KEY));
      return typeof v === 'string' ? v : '';
    },
    async set(value) {
      await tx('readwrite', (s) => s.put(value, KEY));
    },
  };
}

export function createMemorySecretStore(initial = ''): SecretStore {
  let v = initial;
  return {
    get: async () => v,
    set: async (value) => {
      v = value;
    },
  };
}

/** IndexedDB when the context has it, else memory (see above). */
export function createSecretStore(): SecretStore {
  if (typeof indexedDB === 'undefined') return createMemorySecretStore();
  const idb = createIdbSecretStore();
  const mem = createMemorySecretStore();
  let broken = false;
  return {
    async get() {
      if (broken) return mem.get();
      try {
        return await idb.get();
      } catch {
        broken = true;
        return mem.get();
      }
    },
    async set(value) {
      await mem.set(value);
      if (broken) return;
      try {
        await idb.set(value);
      } catch {
        broken = true;
      }
    },
  };
}
