/**
 * Node has no IndexedDB: each unit test gets a fresh in-memory private store that acts
 * persistent (a "worker restart" inside one test keeps it, like IndexedDB would), and the
 * background's memory-only records (incognito sends) start empty.
 */
import { beforeEach } from 'vitest';
import { createMemoryBackend } from '@/src/background/state/db-backend';
import { setDbBackend } from '@/src/background/state/kv';
import { incognitoUrls } from '@/src/background/state/incognito-urls';
import { forgetMemoryOnly } from '@/src/background/state/ledger';

beforeEach(() => {
  setDbBackend(createMemoryBackend(true));
  incognitoUrls.clear();
  forgetMemoryOnly();
});
