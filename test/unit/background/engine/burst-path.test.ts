// The way from a navigation to its POST without browser round trips (docs/decisions/014-scan-engine.md, BENCHMARKS.md
// BENCHMARKS.md "Bursts of navigations at once"): what the worker keeps in memory (a tab's window privacy, the pause) must stay
// as true as asking each time, and the writes that must precede a POST still do.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createTabPrivacy, MAX_TABS, type TabLike } from '@/src/background/protection/tab-privacy';
import { forgetPauseCopy, isPaused, pausedUntil, setPause } from '@/src/background/overrides/pause';
import { readAll } from '@/src/background/state/kv';
import { readLedger } from '@/src/background/state/ledger';
import type { PendingJob } from '@/src/background/engine/jobs-store';
import { startService, type ScanningService } from '../../../service/server';
import { startWorker, waitFor } from '../harness/worker';
import { whenIdle } from '@/src/background/idle';

beforeEach(() => {
  fakeBrowser.reset();
  forgetPauseCopy();
});

describe('tab privacy (tab-privacy.ts)', () => {
  const tabs = (entries: Array<[number, boolean]>) => {
    const get = vi.fn(async (id: number): Promise<TabLike> => {
      const e = entries.find(([i]) => i === id);
      if (!e) throw new Error(`No tab with id: ${id}`);
      return { id, incognito: e[1] };
    });
    const query = vi.fn(async (): Promise<TabLike[]> => entries.map(([id, incognito]) => ({ id, incognito })));
    return { get, query };
  };

  it('answers what the browser told of a tab without asking again', async () => {
    const d = tabs([]);
    const p = createTabPrivacy(d);
    p.note({ id: 1, incognito: false });
    p.note({ id: 2, incognito: true });
    expect(await p.kind(1)).toBe('normal');
    expect(await p.kind(2)).toBe('private');
    expect(d.get).not.toHaveBeenCalled();
  });

  it('asks once for a tab it was not told of, then remembers the answer', async () => {
    const d = tabs([[7, false]]);
    const p = createTabPrivacy(d);
    expect(await p.kind(7)).toBe('normal');
    expect(await p.kind(7)).toBe('normal');
    expect(d.get).toHaveBeenCalledTimes(1);
  });

  it('a tab the browser cannot tell about counts as private, and is asked about again next time', async () => {
    const d = tabs([]);
    const p = createTabPrivacy(d);
    expect(await p.kind(9)).toBe('unknown');
    expect(await p.kind(9)).toBe('unknown');
    expect(d.get).toHaveBeenCalledTimes(2);
    expect(p.size()).toBe(0);
  });

  it('an answer without a usable flag counts as private and is not remembered', async () => {
    const p = createTabPrivacy({ get: async (id) => ({ id, incognito: 'no' as unknown as boolean }) });
    expect(await p.kind(3)).toBe('unknown');
    expect(p.size()).toBe(0);
  });

  it('ignores notes it cannot use (no id, a negative id, no flag)', () => {
    const p = createTabPrivacy(tabs([]));
    p.note({ incognito: false });
    p.note({ id: -1, incognito: false });
    p.note({ id: 4, incognito: undefined as unknown as boolean });
    expect(p.size()).toBe(0);
  });

  it('learns the open tabs at once; a failing query learns nothing and does not throw', async () => {
    const d = tabs([
      [1, false],
      [2, true],
    ]);
    const p = createTabPrivacy(d);
    await p.learnOpenTabs();
    expect(await p.kind(2)).toBe('private');
    expect(d.get).not.toHaveBeenCalled();
    const failing = createTabPrivacy({ query: async () => Promise.reject(new Error('no tabs API')) });
    await expect(failing.learnOpenTabs()).resolves.toBeUndefined();
    expect(failing.size()).toBe(0);
  });

  it('a forgotten tab is asked about again', async () => {
    const d = tabs([[5, true]]);
    const p = createTabPrivacy(d);
    p.note({ id: 5, incognito: true });
    p.forget(5);
    expect(await p.kind(5)).toBe('private');
    expect(d.get).toHaveBeenCalledTimes(1);
  });

  it('stays bounded: past MAX_TABS the tabs learned longest ago are forgotten, the newest kept', async () => {
    const d = tabs([]);
    const p = createTabPrivacy(d);
    for (let id = 0; id <= MAX_TABS; id++) p.note({ id, incognito: false });
    expect(p.size()).toBeLessThanOrEqual(MAX_TABS);
    expect(await p.kind(MAX_TABS)).toBe('normal');
    expect(d.get).not.toHaveBeenCalled();
    // The oldest was forgotten: unknown now, so private until the browser says otherwise.
    expect(await p.kind(0)).toBe('unknown');
  });
});

describe('the pause, read once per worker life (pause.ts)', () => {
  it('answers from memory after the first read, and what setPause wrote', async () => {
    const get = vi.spyOn(fakeBrowser.storage.session, 'get');
    expect(await isPaused()).toBe(false);
    expect(await isPaused()).toBe(false);
    expect(get).toHaveBeenCalledTimes(1);
    await setPause(null); // until restart
    expect((await fakeBrowser.storage.session.get('pausedUntil')).pausedUntil).toBe(-1);
    get.mockClear();
    expect(await pausedUntil()).toBe(-1);
    await setPause(0);
    expect((await fakeBrowser.storage.session.get('pausedUntil')).pausedUntil ?? null).toBeNull();
    get.mockClear();
    expect(await isPaused()).toBe(false);
    expect(get).not.toHaveBeenCalled();
  });

  it('an hour pause ends by itself when its time passes', async () => {
    const until = Date.now() + 60_000;
    await setPause(until);
    expect(await pausedUntil()).toBe(until);
    expect(await pausedUntil(until + 1)).toBeNull();
  });

  it('a new worker life reads storage again (a pause set by an earlier life still holds)', async () => {
    await fakeBrowser.storage.session.set({ pausedUntil: -1 });
    expect(await isPaused()).toBe(true);
    await fakeBrowser.storage.session.set({ pausedUntil: null });
    expect(await isPaused()).toBe(true); // this life's copy
    forgetPauseCopy();
    expect(await isPaused()).toBe(false);
  });

  it('a failed write leaves no copy behind: the next read asks storage', async () => {
    vi.spyOn(fakeBrowser.storage.session, 'set').mockRejectedValueOnce(new Error('quota'));
    await expect(setPause(null)).rejects.toThrow('quota');
    expect(await isPaused()).toBe(false);
  });

  it('an unreadable stored value reads as not paused (protection stays on)', async () => {
    await fakeBrowser.storage.session.set({ pausedUntil: 'forever' });
    expect(await isPaused()).toBe(false);
  });
});

describe('before a navigation POST leaves (engine.ts, engine-submit.ts)', () => {
  let svc: ScanningService;
  beforeAll(async () => {
    svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
  });
  afterAll(() => svc.stop());

  it('the job (with the Idempotency-Key of its POST) and the ledger line are both stored', async () => {
    const url = 'http://phish-stored-first.example/';
    const seen: Array<{ key: string | undefined; stored: PendingJob | undefined; ledger: string[] }> = [];
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapApi: (api) => ({
        ...api,
        submitScan: async (u, o) => {
          const jobs = (await readAll('db')).jobs as Record<string, PendingJob> | undefined;
          seen.push({ key: o?.idempotencyKey, stored: jobs?.[u], ledger: (await readLedger()).map((e) => e.url) });
          return api.submitScan(u, o);
        },
      }),
    });
    await w.engine.request(url, 'navigation');
    await waitFor(() => w.cache.get(url));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.stored?.idempotencyKey).toBe(seen[0]!.key);
    expect(seen[0]!.ledger).toContain(url);
  });

  it('a job that cannot be stored is never sent, and the request says so', async () => {
    svc.clearLog();
    const url = 'http://phish-not-stored.example/';
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      wrapJobs: (j) => ({ ...j, put: async () => Promise.reject(new Error('disk full')) }),
    });
    await expect(w.engine.request(url, 'navigation')).rejects.toThrow('disk full');
    await whenIdle();
    expect(
      svc.log.filter((e) => e.method === 'POST' && JSON.stringify(e.body ?? '').includes('phish-not-stored')),
    ).toEqual([]);
  });
});
