import { describe, it, expect, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createVerdictCache } from '@/src/background/cache/verdict-cache';
import { createSettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';
import { appendLedger, readLedger, clearLedger, LEDGER_CAP } from '@/src/background/state/ledger';
import type { Verdict } from '@/src/shared/verdict';
import {
  createToken,
  dropTabTokens,
  MAX_PER_TAB,
  MAX_TOKENS,
  overBudget,
  readToken,
  updateToken,
} from '@/src/background/protection/blocked-tokens';
import { BUDGET_EXAMPLES } from '@/src/background/protection/blocked-tokens.examples';
import { readAll, writeKeys } from '@/src/background/state/kv';
import { installI18n } from '../../ui/helpers';

/** What the private store (IndexedDB in browsers) holds, without the migration marker. */
async function privateStore(): Promise<Record<string, unknown>> {
  const all = await readAll('db');
  delete all['meta:migratedFromLocal'];
  return all;
}

beforeEach(() => {
  fakeBrowser.reset();
  // The background's words (a refused setting's reason) from the real English locale.
  installI18n('en');
});

const v = (url: string, checkedAt = 1): Verdict => ({
  url,
  scanId: `scn_${url}`,
  riskScore: 5,
  band: 'safe',
  confidence: 1,
  categories: ['safe'],
  reasoning: '',
  indicators: [],
  checkedAt,
});

describe('verdict cache', () => {
  it('survives a restart (a new cache over the same storage)', async () => {
    const a = createVerdictCache();
    await a.init();
    await a.set(v('https://a.example/'), 60_000);
    const b = createVerdictCache();
    await b.init();
    expect(b.get('https://a.example/')?.scanId).toBe('scn_https://a.example/');
  });

  it('loaded verdicts are the stored ones, their empty lists shared and never written to', async () => {
    const a = createVerdictCache();
    await a.init();
    const stored = [
      v('https://a.example/'),
      { ...v('https://b.example/'), band: 'high' as const, categories: ['phishing', 'scam'], indicators: ['form'] },
      v('https://c.example/'),
    ];
    for (const x of stored) await a.set(x, 60_000);
    const b = createVerdictCache();
    await b.init();
    for (const x of stored) expect(b.get(x.url)).toEqual(x);
    const [ea, ec] = [b.get('https://a.example/')!, b.get('https://c.example/')!];
    expect(ea.indicators).toBe(ec.indicators);
    expect(Object.isFrozen(ea.indicators)).toBe(true);
    // A verdict asked for before the whole cache loaded (prime) reads the same way.
    const c = createVerdictCache();
    await c.prime('https://b.example/');
    expect(c.get('https://b.example/')).toEqual(stored[1]);
  });

  it('expires by TTL and sweeps expired entries at start', async () => {
    let now = 1000;
    const a = createVerdictCache({ now: () => now });
    await a.init();
    await a.set(v('https://old.example/'), 100);
    await a.set(v('https://new.example/'), 10_000);
    now = 2000;
    expect(a.get('https://old.example/')).toBeNull();
    const b = createVerdictCache({ now: () => now });
    await b.init();
    expect(Object.keys(await privateStore())).toEqual(['v:https://new.example/']);
    expect(b.count()).toBe(1);
  });

  it('caps the number of entries, evicting the least recently used', async () => {
    const c = createVerdictCache({ maxEntries: 3 });
    await c.init();
    for (const u of ['a', 'b', 'c']) await c.set(v(`https://${u}.example/`), 60_000);
    c.get('https://a.example/'); // a is now the most recent
    await c.set(v('https://d.example/'), 60_000);
    expect(c.get('https://b.example/')).toBeNull();
    expect(c.get('https://a.example/')).not.toBeNull();
    expect(Object.keys(await privateStore())).toHaveLength(3);
  });

  it("when full, a page's hovered verdicts go before a page opened, however many and however recent; the source survives a restart", async () => {
    const c = createVerdictCache({ maxEntries: 50 });
    await c.init();
    await c.set(v('https://opened.example/'), 60_000, 'person');
    for (let i = 0; i < 200; i++) await c.set(v(`https://hovered-${i}.example/`), 60_000, 'page');
    expect(c.get('https://opened.example/')).not.toBeNull();
    expect(c.count()).toBe(50);
    // A URL hovered and then opened is the person's from then on.
    await c.set(v('https://hovered-199.example/'), 60_000, 'person');
    await c.set(v('https://hovered-199.example/'), 60_000, 'page');
    const b = createVerdictCache({ maxEntries: 50 });
    await b.init();
    const sources = Object.fromEntries(b.entries().map((e) => [e.verdict.url, e.source]));
    expect(sources['https://opened.example/']).toBe('person');
    expect(sources['https://hovered-199.example/']).toBe('person');
    expect(sources['https://hovered-198.example/']).toBe('page');
  });

  it('ignores corrupt stored entries instead of crashing', async () => {
    await writeKeys('db', { 'v:https://bad.example/': { v: { riskScore: 'high' }, exp: 'soon' }, 'v:https://x/': 42 });
    const c = createVerdictCache();
    await c.init();
    expect(c.count()).toBe(0);
    expect(c.get('https://bad.example/')).toBeNull();
  });
});

describe('settings store', () => {
  it('keeps the API key in the secret store only, bound to the origin it was entered for', async () => {
    const secrets = createMemorySecretStore();
    const s = createSettingsStore(secrets);
    await s.set({ serviceUrl: 'https://scan.example/api', apiKey: 'sk_live_secret' });
    expect(JSON.stringify(await privateStore())).not.toContain('sk_live_secret');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('sk_live_secret');
    expect(await secrets.get()).toEqual({ key: 'sk_live_secret', origin: 'https://scan.example' });
    expect((await s.get()).settings.apiKey).toBe('sk_live_secret');
  });

  it('a key left in storage.local by an older build is not used (a Firefox content script could have put it there): the person enters it again', async () => {
    await fakeBrowser.storage.local.set({
      settings: { version: 1, apiKey: 'legacy_key', serviceUrl: 'https://scan.example' },
    });
    const secrets = createMemorySecretStore();
    const s = createSettingsStore(secrets);
    expect((await s.get()).settings).toMatchObject({ apiKey: '', serviceUrl: '' });
    expect((await secrets.get()).key).toBe('');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('legacy_key');
    expect(JSON.stringify(await privateStore())).not.toContain('legacy_key');
  });

  it('an unbound key of an older build is bound to the service URL stored with it', async () => {
    const s = createSettingsStore(createMemorySecretStore('old_idb_key'));
    await writeKeys('db', { settings: { version: 1, serviceUrl: 'https://scan.example' } });
    const st = await s.get();
    expect(st.settings.apiKey).toBe('old_idb_key');
    expect(st.key.stored).toEqual({ key: 'old_idb_key', origin: 'https://scan.example' });
  });

  it('the policy is a floor: it locks what has no room, refuses what is less safe, and an empty policy changes nothing', async () => {
    const s = createSettingsStore(createMemorySecretStore());
    await s.set({ warnThreshold: 40 });
    await fakeBrowser.storage.managed.set({});
    await s.refreshManaged();
    expect((await s.get()).settings.warnThreshold).toBe(40);
    await fakeBrowser.storage.managed.set({ warnThreshold: 30, allowProceed: false });
    await s.refreshManaged();
    const st = await s.get();
    expect(st.settings.warnThreshold).toBe(30);
    expect(st.locked).toContain('allowProceed');
    expect(st.floor).toMatchObject({ warnThreshold: 30, hoverDelayMs: 300 });
    // Looser than the policy alone (a higher threshold, a longer hover delay than the default) is refused.
    const r = await s.set({ warnThreshold: 60, allowProceed: true, hoverDelayMs: 500 });
    expect(Object.keys(r.refused).sort()).toEqual(['allowProceed', 'hoverDelayMs', 'warnThreshold']);
    expect(r.state.settings).toMatchObject({ warnThreshold: 30, hoverDelayMs: 300 });
    // Safer is always the person's to choose.
    const safer = await s.set({ warnThreshold: 20, hoverDelayMs: 200 });
    expect(safer.refused).toEqual({});
    expect(safer.state.settings).toMatchObject({ warnThreshold: 20, hoverDelayMs: 200 });
  });

  it('refuses invalid values field by field', async () => {
    const s = createSettingsStore(createMemorySecretStore());
    const r = await s.set({ hoverDelayMs: -5, warnThreshold: 'high', scanHovers: false, bogus: 1 });
    expect(Object.keys(r.refused).sort()).toEqual(['bogus', 'hoverDelayMs', 'warnThreshold']);
    expect(r.state.settings.scanHovers).toBe(false);
  });

  // In words, in the person's language (refusal.ts; more cases in refusal.test.ts).
  it.each([
    [{ hoverDelayMs: 10 }, 'hoverDelayMs', 'too small (at least 50)'],
    [{ warnThreshold: 'high' }, 'warnThreshold', 'must be a number'],
    [{ warnThreshold: 5.5 }, 'warnThreshold', 'must be a whole number'],
    [{ allowlist: ['a'.repeat(301)] }, 'allowlist', 'entry 1: too long (at most 300)'],
    [{ strictFailMode: 'maybe' }, 'strictFailMode', 'must be one of: allow, block'],
  ])('explains a refused value in words: %j', async (patch, key, text) => {
    const s = createSettingsStore(createMemorySecretStore());
    const r = await s.set(patch);
    expect(r.refused[key]).toBe(text);
  });

  it('tells listeners about a live policy change', async () => {
    const s = createSettingsStore(createMemorySecretStore());
    await s.get();
    const seen: number[] = [];
    s.onChange((st) => seen.push(st.settings.blockThreshold));
    await fakeBrowser.storage.managed.set({ blockThreshold: 60 });
    await s.refreshManaged();
    expect(seen).toEqual([60]);
  });
});

describe('privacy ledger', () => {
  it('records, caps and clears', async () => {
    await appendLedger(
      Array.from({ length: LEDGER_CAP + 5 }, (_, i) => ({
        url: `https://e${i}.example/`,
        at: i,
        reason: 'hover' as const,
      })),
    );
    const l = await readLedger();
    expect(l).toHaveLength(LEDGER_CAP);
    expect(l[0]!.url).toBe('https://e5.example/');
    await clearLedger();
    expect(await readLedger()).toEqual([]);
  });
});

describe('verdict cache warm start', () => {
  it('prime() reads just one entry before init has loaded the rest', async () => {
    const a = createVerdictCache();
    await a.init();
    await a.set(v('https://warm.example/'), 60_000);
    await a.set(v('https://other.example/'), 60_000);
    const b = createVerdictCache();
    expect(b.get('https://warm.example/')).toBeNull();
    await b.prime('https://warm.example/');
    expect(b.get('https://warm.example/')?.scanId).toBe('scn_https://warm.example/');
    expect(b.count()).toBe(1);
    await b.init();
    expect(b.count()).toBe(2);
  });

  /** 1,200 stored verdicts (more than one load chunk), written by an earlier worker life. */
  async function stored(): Promise<void> {
    const items: Record<string, unknown> = {};
    for (let i = 0; i < 1200; i++)
      items[`v:https://s${i}.example/`] = { v: v(`https://s${i}.example/`, i), exp: Date.now() + 60_000 };
    await writeKeys('db', items);
  }

  it('what is written, deleted or cleared while the whole cache loads wins over the load', async () => {
    await stored();
    const b = createVerdictCache();
    const loading = b.init();
    // The load yields between chunks: these land in the middle of it.
    await b.set({ ...v('https://s5.example/', 9999), riskScore: 99, band: 'malicious' }, 60_000);
    await b.delete('https://s6.example/');
    await loading;
    expect(b.get('https://s5.example/')?.riskScore).toBe(99);
    expect(b.get('https://s6.example/')).toBeNull();
    expect(b.get('https://s7.example/')?.scanId).toBe('scn_https://s7.example/');
    expect(b.count()).toBe(1199);

    const c = createVerdictCache();
    const loadingC = c.init();
    await c.clear();
    await loadingC;
    expect(c.count()).toBe(0);
    expect(c.get('https://s7.example/')).toBeNull();
  });
});

describe('blocked-page tokens', () => {
  const data = {
    tabId: 3,
    rawUrl: 'https://evil.test/a',
    url: 'https://evil.test/a',
    host: 'evil.test',
    verdict: null,
    decision: { action: 'block' as const, reason: 'blocklist' },
    pending: false,
    createdAt: 1,
  };

  it('a token is readable at once, before its storage write settles, and from storage after it', async () => {
    const { token, written } = createToken(data);
    expect(await readToken(token)).toEqual(data); // the redirect does not wait for the write
    await written;
    expect(await fakeBrowser.storage.session.get(`blocked:${token}`)).toEqual({ [`blocked:${token}`]: data });
    expect(await readToken(token)).toMatchObject(data);
  });

  it('an update right after creation is not lost to the first write', async () => {
    const { token } = createToken(data);
    await updateToken(token, { pending: true });
    expect(await readToken(token)).toMatchObject({ ...data, pending: true });
  });

  it('a token that is not a UUID, or unknown, reads as null', async () => {
    expect(await readToken('../../etc')).toBeNull();
    expect(await readToken('00000000-0000-0000-0000-000000000000')).toBeNull();
  });

  it.each(BUDGET_EXAMPLES.map((e) => [e.name, e] as const))('budget: %s', (_n, e) => {
    expect(overBudget(e.index, e.perTab, e.total)).toEqual(e.drop);
  });

  it('a page looping into blocked URLs keeps at most MAX_PER_TAB tokens of its tab; the newest stay readable', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < MAX_PER_TAB + 5; i++) {
      const t = createToken({ ...data, tabId: 7, rawUrl: `https://evil.test/${i}` });
      tokens.push(t.token);
      await t.written;
    }
    const other = createToken({ ...data, tabId: 8 });
    await other.written;
    for (const t of tokens.slice(0, 5)) expect(await readToken(t)).toBeNull();
    for (const t of tokens.slice(5)) expect(await readToken(t)).not.toBeNull();
    expect(await readToken(other.token)).not.toBeNull();
    const stored = Object.keys(await fakeBrowser.storage.session.get(null)).filter(
      (k) => k.startsWith('blocked:') && k !== 'blocked:index',
    );
    expect(stored).toHaveLength(MAX_PER_TAB + 1);
  });

  it('storage.session stays bounded however many tabs loop', async () => {
    for (let i = 0; i < MAX_TOKENS + 50; i++) await createToken({ ...data, tabId: 100 + i }).written;
    const stored = Object.keys(await fakeBrowser.storage.session.get(null)).filter(
      (k) => k.startsWith('blocked:') && k !== 'blocked:index',
    );
    expect(stored).toHaveLength(MAX_TOKENS);
  });

  it('closing the tab drops its tokens; a dropped token is not written back by a late update', async () => {
    const a = createToken({ ...data, tabId: 9 });
    const b = createToken({ ...data, tabId: 10 });
    await Promise.all([a.written, b.written]);
    await dropTabTokens(9);
    expect(await readToken(a.token)).toBeNull();
    await updateToken(a.token, { pending: false });
    expect(await readToken(a.token)).toBeNull();
    expect(await readToken(b.token)).not.toBeNull();
  });
});
