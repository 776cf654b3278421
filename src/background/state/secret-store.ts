/**
 * Where the API key lives, with the origin it was entered for (key-binding.ts: the key goes to
 * that origin only). storage.local is readable by content scripts in Firefox, so the key goes to
 * the extension origin's IndexedDB, which content scripts of either browser cannot open.
 * When IndexedDB is unavailable (unit tests, some private modes) the key is held in memory
 * only for this worker's life and the person is asked to re-enter it; it is never written to
 * a content-script-readable area. A policy's key is never stored here (nor anywhere else): it
 * is read from storage.managed each time the policy is read.
 */
import type { StoredKey } from '@/src/shared/policy/key-binding';
import { idbStore } from './idb-store';

export type { StoredKey };

export interface SecretStore {
  get(): Promise<StoredKey>;
  set(value: StoredKey): Promise<void>;
}

const DB = 'linklens-secrets';
const STORE = 'kv';
const KEY = 'apiKey';
const EMPTY: StoredKey = { key: '', origin: null };

/** What IndexedDB holds: `{key, origin}`, or a bare string from builds before the binding. */
export function readStored(v: unknown): StoredKey {
  if (typeof v === 'string') return { key: v, origin: null };
  if (typeof v === 'object' && v !== null) {
    const { key, origin } = v as Record<string, unknown>;
    if (typeof key === 'string') return { key, origin: typeof origin === 'string' && origin ? origin : null };
  }
  return { ...EMPTY };
}

const tx = idbStore(DB, STORE);

export function createIdbSecretStore(): SecretStore {
  return {
    async get() {
      return readStored(await tx<unknown>('readonly', (s) => s.get(KEY)));
    },
    async set(value) {
      await tx('readwrite', (s) => s.put({ key: value.key, origin: value.origin }, KEY));
    },
  };
}

export function createMemorySecretStore(initial: StoredKey | string = EMPTY): SecretStore {
  let v = readStored(initial);
  return {
    get: async () => ({ ...v }),
    set: async (value) => {
      v = { ...value };
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
