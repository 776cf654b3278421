/**
 * "Proceed anyway" exceptions and passes answered from this worker life's copy
 * (src/background/overrides/exceptions.ts): a block's redirect waits on no storage round trip, and the
 * copy never says more than the store does.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMemoryBackend } from '@/src/background/state/db-backend';
import { setDbBackend } from '@/src/background/state/kv';
import {
  addException,
  endProceeding,
  exceptionsList,
  grantPass,
  hasException,
  hasPass,
  revokeExceptions,
} from '@/src/background/overrides/exceptions';

const db = createMemoryBackend(true);
/** A new worker life over the same stores (setup-db.ts starts each test with a fresh one). */
const newLife = () => setDbBackend(db);

beforeEach(() => {
  fakeBrowser.reset();
  newLife();
});

describe('the copy of exceptions and passes', () => {
  it('is read once per worker life: questions after the first make no storage read', async () => {
    await fakeBrowser.storage.session.set({
      exceptions: { 'a.test': -1 },
      passes: { 'proceed 4 http://b.test/': Date.now() + 60_000 },
    });
    const get = vi.spyOn(fakeBrowser.storage.session, 'get');
    expect(await hasException('a.test')).toBe(true);
    const reads = get.mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      expect(await hasException('a.test')).toBe(true);
      expect(await hasPass(4, 'http://b.test/', true)).toBe(true);
      expect(await hasPass(4, 'http://b.test/', false)).toBe(false);
    }
    expect(get.mock.calls.length).toBe(reads);
  });

  it('takes each change at once and stores it', async () => {
    await addException('a.test', -1);
    await grantPass(7, 'http://c.test/');
    expect(await hasException('a.test')).toBe(true);
    expect(await hasPass(7, 'http://c.test/', true)).toBe(true);
    expect(await fakeBrowser.storage.session.get(['exceptions', 'passes'])).toMatchObject({
      exceptions: { 'a.test': -1 },
      passes: { 'proceed 7 http://c.test/': expect.any(Number) },
    });

    expect(await revokeExceptions('a.test')).toBe(1);
    expect(await hasException('a.test')).toBe(false);
    expect((await fakeBrowser.storage.session.get('exceptions')).exceptions).toEqual({});

    await endProceeding();
    expect(await hasPass(7, 'http://c.test/', true)).toBe(false);
    expect(await exceptionsList(true)).toEqual([]);
    // A new worker life reads the same from the store.
    newLife();
    expect(await hasPass(7, 'http://c.test/', true)).toBe(false);
  });

  it('a new worker life reads the store again (what was written meanwhile counts)', async () => {
    expect(await hasException('late.test')).toBe(false);
    await fakeBrowser.storage.session.set({ exceptions: { 'late.test': -1 } });
    newLife();
    expect(await hasException('late.test')).toBe(true);
  });

  it('after a failed write, says what the store says: the grant that was not stored does not count', async () => {
    await addException('kept.test', -1);
    vi.spyOn(fakeBrowser.storage.session, 'set').mockRejectedValueOnce(new Error('quota'));
    await expect(grantPass(3, 'http://lost.test/')).rejects.toThrow('quota');
    expect(await hasPass(3, 'http://lost.test/', true)).toBe(false);
    expect(await hasException('kept.test')).toBe(true);
  });

  it('a store that cannot be read grants nothing, and is not written over', async () => {
    await fakeBrowser.storage.session.set({ exceptions: { 'kept.test': -1 } });
    const get = vi.spyOn(fakeBrowser.storage.session, 'get').mockRejectedValue(new Error('unreadable'));
    expect(await hasException('kept.test')).toBe(false);
    await expect(addException('new.test', -1)).rejects.toThrow('unreadable');
    get.mockRestore();
    expect((await fakeBrowser.storage.session.get('exceptions')).exceptions).toEqual({ 'kept.test': -1 });
    // Readable again: the next question reads it.
    expect(await hasException('kept.test')).toBe(true);
  });
});
