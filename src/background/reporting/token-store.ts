/**
 * Where the reporting token (policy `reportingToken`, docs/decisions/016-organizations.md) is remembered between worker
 * lives: the extension origin's IndexedDB, out of every content script's reach, like the API key
 * (state/secret-store.ts). Its own database, so this record never collides with the API key's.
 * Never in storage.local: a Firefox content script can read that area.
 *
 * Why remember it at all: after a wake the settings use the policy cached in storage.local,
 * from which the token is left out (settings-store hook), until the live storage.managed read
 * arrives; queued events should not wait for that read (~3 s on a fresh profile).
 */
import { idbStore } from '../state/idb-store';

const DB = 'linklens-reporting';
const STORE = 'secrets';
const KEY = 'reportingToken';

const run = idbStore(DB, STORE);

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
