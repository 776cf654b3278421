/**
 * The request-blocking rules kept in step (src/background/protection/net-rules.ts) over fakeBrowser
 * storage, the real settings store and verdict cache, and an in-memory declarativeNetRequest
 * with the real API's limits and all-or-nothing updates (fake-dnr.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createNetRules, type NetRules } from '@/src/background/protection/net-rules';
import { createVerdictCache, type VerdictCache } from '@/src/background/cache/verdict-cache';
import { createSettingsStore, type SettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';
import {
  addException,
  exceptionsList,
  grantPass,
  listPasses,
  revokeExceptions,
} from '@/src/background/overrides/exceptions';
import { setPause } from '@/src/background/overrides/pause';
import type { Verdict } from '@/src/shared/verdict';
import { createFakeDnr, type FakeDnr } from '../harness/fake-dnr';
import { HOLD_PRIORITY } from '@/src/shared/policy/net-rules';
import { whenIdle } from '@/src/background/idle';

const HOUR = 3_600_000;
const v = (url: string, riskScore: number, checkedAt = Date.now()): Verdict => ({
  url,
  scanId: `scn_${url}`,
  riskScore,
  band: riskScore > 75 ? 'malicious' : riskScore > 50 ? 'high' : 'safe',
  confidence: 1,
  categories: [],
  reasoning: '',
  indicators: [],
  checkedAt,
});

let settings: SettingsStore;
let cache: VerdictCache;
let dnr: FakeDnr;
let rules: NetRules;
let now: number;
let wakes: Array<number | null>;

function start(fake = createFakeDnr()) {
  dnr = fake;
  rules = createNetRules({ settings, cache, dnr: dnr.api, now: () => now, wakeAt: (w) => void wakes.push(w) });
}

beforeEach(async () => {
  fakeBrowser.reset();
  now = Date.now();
  wakes = [];
  settings = createSettingsStore(createMemorySecretStore());
  cache = createVerdictCache({ now: () => now });
  start();
});

describe('keeping the rules in step', () => {
  it('a blocking verdict gets a rule that stops its URL (any query, any fragment); safe and warn-level ones do not', async () => {
    await cache.set(v('http://phish-bank.test/login', 88), HOUR);
    await cache.set(v('http://scam.test/', 70), HOUR);
    await cache.set(v('http://safe.test/', 5), HOUR);
    await rules.syncNow();
    expect(dnr.outcome('http://phish-bank.test/login')).toBe('block');
    expect(dnr.outcome('http://phish-bank.test/login?next=/home#x')).toBe('block');
    expect(dnr.outcome('http://phish-bank.test/login', 1, 'sub_frame')).toBe('block');
    expect(dnr.outcome('http://phish-bank.test/other')).toBeNull();
    expect(dnr.outcome('http://scam.test/')).toBeNull();
    expect(dnr.outcome('http://safe.test/')).toBeNull();
    expect(rules.status()).toMatchObject({ synced: true, dynamic: 1, session: 0, overflow: 0, error: null });
  });

  it('one more verdict is one update adding one rule; an unchanged plan makes no call', async () => {
    for (let i = 0; i < 20; i++) await cache.set(v(`http://bad-${i}.test/`, 90), HOUR);
    await settings.set({ blocklist: ['evil.example'] });
    await rules.syncNow();
    dnr.calls.length = 0;
    await rules.syncNow();
    expect(dnr.calls).toEqual([]);
    await cache.set(v('http://bad-new.test/', 95), HOUR);
    await rules.syncNow();
    expect(dnr.calls).toEqual([{ store: 'dynamic', removed: 0, added: 1, ok: true }]);
  });

  it('settings that cannot be read leave the rules as the last settings made them (their defaults would drop the block list)', async () => {
    await settings.set({ blocklist: ['evil.example'] });
    await rules.syncNow();
    const st = await settings.get();
    // What a worker life whose settings read failed has: the defaults, marked unreadable.
    const defaults = { ...st, settings: { ...st.settings, blocklist: [] } };
    const unreadable: SettingsStore = { ...settings, get: async () => ({ ...defaults, unreadable: true }) };
    rules = createNetRules({
      settings: unreadable,
      cache,
      dnr: dnr.api,
      now: () => now,
      wakeAt: (w) => void wakes.push(w),
    });
    await rules.syncNow();
    expect(dnr.outcome('https://login.evil.example/x')).toBe('block');
    expect(rules.status().error).toBe('settings unreadable');
    // Read again, the same defaults (unmarked) are a real change: the rule goes.
    rules = createNetRules({
      settings: { ...settings, get: async () => defaults },
      cache,
      dnr: dnr.api,
      now: () => now,
      wakeAt: (w) => void wakes.push(w),
    });
    await rules.syncNow();
    expect(dnr.outcome('https://login.evil.example/x')).toBeNull();
  });

  it('the block list is blocked with its subdomains, in every state; paused drops only verdict rules', async () => {
    await settings.set({ blocklist: ['evil.example'] });
    await cache.set(v('http://phish.test/', 90), HOUR);
    await setPause(null);
    await rules.syncNow();
    expect(dnr.outcome('https://login.evil.example/x')).toBe('block');
    expect(dnr.outcome('http://phish.test/')).toBeNull();
    await setPause(0);
    await rules.syncNow();
    expect(dnr.outcome('http://phish.test/')).toBe('block');
  });

  it('allow list: its cached verdicts are not acted on; a host on both lists stays blocked', async () => {
    await cache.set(v('http://phish.test/', 90), HOUR);
    await cache.set(v('http://both.test/', 90), HOUR);
    await settings.set({ allowlist: ['phish.test', 'both.test'], blocklist: ['both.test'] });
    await rules.syncNow();
    expect(dnr.outcome('http://phish.test/')).toBeNull();
    expect(dnr.outcome('http://both.test/')).toBe('block');
  });

  it('"Proceed anyway" lets the host through; a pass lets one exact URL through in its tab only', async () => {
    await cache.set(v('http://phish.test/a', 90), HOUR);
    await cache.set(v('http://other-phish.test/b', 90), HOUR);
    await addException('phish.test', -1);
    await grantPass(7, 'http://other-phish.test/b?x=1');
    await rules.syncNow();
    expect(dnr.outcome('http://phish.test/a')).toBe('allow');
    expect(dnr.outcome('http://other-phish.test/b?x=1', 7)).toBe('allow');
    // The same path with another query (or none) is another link: the pass does not cover it.
    expect(dnr.outcome('http://other-phish.test/b?x=2', 7)).toBe('block');
    expect(dnr.outcome('http://other-phish.test/b', 7)).toBe('block');
    expect(dnr.outcome('http://other-phish.test/b?x=1', 8)).toBe('block');
    expect(dnr.session.size).toBe(2);
  });

  it('revoking a host (options page) takes its allow rules back: its URLs are blocked again, other exceptions stay', async () => {
    await cache.set(v('http://phish.test/a', 90), HOUR);
    await cache.set(v('http://kept.test/b', 90), HOUR);
    await addException('phish.test', -1, now - 1000);
    await addException('kept.test', -1, now - 2000);
    await grantPass(7, 'http://phish.test/a', 'proceed', now);
    await rules.syncNow();
    expect(dnr.outcome('http://phish.test/a', 7)).toBe('allow');
    // Newest first: the pass granted now, then the exceptions by the time they were granted.
    expect((await exceptionsList(true, now)).map((r) => [r.kind, r.host, r.since])).toEqual([
      ['pass', 'phish.test', now],
      ['exception', 'phish.test', now - 1000],
      ['exception', 'kept.test', now - 2000],
    ]);

    expect(await revokeExceptions('phish.test')).toBe(2);
    await rules.syncNow();
    expect(dnr.outcome('http://phish.test/a', 7)).toBe('block');
    expect(dnr.outcome('http://kept.test/b')).toBe('allow');
    expect((await exceptionsList(true, now)).map((r) => r.host)).toEqual(['kept.test']);

    expect(await revokeExceptions(null)).toBe(1);
    await rules.syncNow();
    expect(dnr.outcome('http://kept.test/b')).toBe('block');
    expect(await exceptionsList(true, now)).toEqual([]);
    expect(dnr.session.size).toBe(0);
  });

  it('passes are read whether or not their key names a kind', async () => {
    await fakeBrowser.storage.session.set({
      passes: {
        '3 http://a.test/x y': now + 1,
        'release 4 http://b.test/': now + 2,
        'proceed 5 http://c.test/': now + 3,
        junk: 9,
      },
    });
    expect(await listPasses()).toEqual([
      { tabId: 3, url: 'http://a.test/x y', expiresAt: now + 1 },
      { tabId: 4, url: 'http://b.test/', expiresAt: now + 2, kind: 'release' },
      { tabId: 5, url: 'http://c.test/', expiresAt: now + 3, kind: 'proceed' },
    ]);
  });

  it('an expiry re-plans: the browser is asked to wake the worker then, and the expired rule goes', async () => {
    await cache.set(v('http://phish.test/', 90), 10_000);
    await rules.syncNow();
    expect(wakes.at(-1)).toBe(now + 10_000);
    now += 10_001;
    await rules.syncNow();
    expect(dnr.outcome('http://phish.test/')).toBeNull();
    expect(wakes.at(-1)).toBeNull();
  });

  it('rules left by an earlier worker life: matching ones stay untouched, stale ones are removed', async () => {
    await cache.set(v('http://phish.test/', 90), HOUR);
    await rules.syncNow();
    // A new worker life, same browser rules; the verdict cache lost one entry meanwhile.
    await cache.set(v('http://gone.test/', 90), HOUR);
    await rules.syncNow();
    await cache.delete('http://gone.test/');
    const fresh = createVerdictCache({ now: () => now });
    cache = fresh;
    const before = dnr;
    start(before);
    before.calls.length = 0;
    await rules.syncNow();
    expect(before.calls).toEqual([{ store: 'dynamic', removed: 1, added: 0, ok: true }]);
    expect(dnr.outcome('http://phish.test/')).toBe('block');
    expect(dnr.outcome('http://gone.test/')).toBeNull();
  });

  it('a rule the browser refuses costs only itself, and is not offered again', async () => {
    start(createFakeDnr({ refuse: (r) => (r.condition.regexFilter ?? '').includes('refused') }));
    await cache.set(v('http://refused.test/', 90), HOUR);
    await cache.set(v('http://phish-a.test/', 90), HOUR);
    await cache.set(v('http://phish-b.test/', 90), HOUR);
    await rules.syncNow();
    expect(dnr.outcome('http://phish-a.test/')).toBe('block');
    expect(dnr.outcome('http://phish-b.test/')).toBe('block');
    expect(dnr.outcome('http://refused.test/')).toBeNull();
    expect(rules.status()).toMatchObject({ refused: 1, error: null });
    dnr.calls.length = 0;
    await rules.syncNow();
    expect(dnr.calls).toEqual([]);
  });

  it("the browser's limits are the plan's: regex rules beyond them overflow (most severe kept)", async () => {
    start(createFakeDnr({ regex: 2 }));
    await cache.set(v('http://p80.test/', 80), HOUR);
    await cache.set(v('http://p99.test/', 99), HOUR);
    await cache.set(v('http://p90.test/', 90), HOUR);
    await rules.syncNow();
    expect([dnr.outcome('http://p99.test/'), dnr.outcome('http://p90.test/'), dnr.outcome('http://p80.test/')]).toEqual(
      ['block', 'block', null],
    );
    expect(rules.status().overflow).toBe(1);
  });

  it('without the API (an old browser): nothing throws, the status says why', async () => {
    rules = createNetRules({ settings, cache, dnr: null, wakeAt: () => undefined });
    await expect(rules.syncNow()).resolves.toMatchObject({
      synced: true,
      error: expect.stringContaining('not available'),
    });
  });

  it('changes arriving during a sync are in the rules when that sync resolves', async () => {
    await cache.set(v('http://one.test/', 90), HOUR);
    const first = rules.syncNow();
    await cache.set(v('http://two.test/', 90), HOUR);
    const second = rules.syncNow();
    await Promise.all([first, second]);
    expect(dnr.outcome('http://two.test/')).toBe('block');
  });

  it('schedule() debounces a burst of changes into one sync', async () => {
    for (let i = 0; i < 10; i++) {
      await cache.set(v(`http://burst-${i}.test/`, 90), HOUR);
      rules.schedule(20);
    }
    // The put-off sync counts as work once it runs: wait for it to start, then for it to end.
    await vi.waitFor(() => expect(dnr.calls.length).toBeGreaterThan(0));
    await whenIdle();
    expect(dnr.calls.filter((c) => c.ok)).toHaveLength(1);
    expect(dnr.dynamic.size).toBe(10);
  });
});

describe('private windows', () => {
  it('a verdict learned in a private window gets a session rule (never written to disk); the others dynamic ones', async () => {
    cache = createVerdictCache({ now: () => now, memoryOnly: (url) => url.includes('private') });
    start();
    await cache.set(v('http://phish-private.test/', 90), HOUR);
    await cache.set(v('http://phish-normal.test/', 90), HOUR);
    await rules.syncNow();
    expect([...dnr.session.values()].map((r) => r.condition.regexFilter)).toEqual([
      expect.stringContaining('phish-private'),
    ]);
    expect([...dnr.dynamic.values()].map((r) => r.condition.regexFilter)).toEqual([
      expect.stringContaining('phish-normal'),
    ]);
  });
});

describe('strict mode: pages known to be safe go through the hold (known-safe.ts)', () => {
  const SAFE = 'http://news.test/today';
  const held = (url: string) => dnr.decisive(url)?.priority === HOLD_PRIORITY;

  it('configured: a cached safe verdict opens at once, an unknown page is held; a block list entry blocks it again', async () => {
    await settings.set({ serviceUrl: 'https://scan.example', apiKey: 'k', strictMode: true });
    await cache.set(v(SAFE, 5), HOUR);
    await rules.syncNow();
    expect(dnr.outcome(SAFE)).toBe('allow');
    expect(held('http://unknown.test/')).toBe(true);
    expect(held(`${SAFE}?next=1`)).toBe(true);
    await settings.set({ blocklist: ['news.test'] });
    await rules.syncNow();
    expect(dnr.outcome(SAFE)).toBe('block');
    expect(held(SAFE)).toBe(false);
  });

  it('not configured (strict mode fails closed before any verdict is read), audit-only, or strict mode off: no known-safe rule', async () => {
    await cache.set(v(SAFE, 5), HOUR);
    await settings.set({ strictMode: true });
    await rules.syncNow();
    expect(held(SAFE)).toBe(true);
    await settings.set({ serviceUrl: 'https://scan.example', apiKey: 'k', auditOnly: true });
    await rules.syncNow();
    expect(dnr.outcome(SAFE)).toBeNull();
    await settings.set({ auditOnly: false, strictMode: false });
    await rules.syncNow();
    expect(dnr.outcome(SAFE)).toBeNull();
  });
});
