/**
 * docs/decisions/007-private-store.md, docs/decisions/008-key-binding.md: what Linklens keeps is out of content scripts' reach (the private store,
 * IndexedDB in browsers, here its in-memory stand-in), what older builds left in storage.local is
 * moved once, a cached policy cannot redirect anything, a policy key is never cached, and the
 * person's key goes only to the origin it was entered for.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMemoryBackend, type DbBackend } from '@/src/background/state/db-backend';
import { readAll, setDbBackend, writeKeys } from '@/src/background/state/kv';
import { HELD_KEY, META_KEY, migrateLegacyLocal } from '@/src/background/state/legacy-local';
import { createSettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';
import { createVerdictCache } from '@/src/background/cache/verdict-cache';
import { readHistory, readLedger } from '@/src/background/state/ledger';

let db: DbBackend;
beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
  db = createMemoryBackend(true);
  setDbBackend(db);
});

/** A new background life over the same private store (kv re-opens it; the move runs again). */
const restart = () => setDbBackend(db);

const verdict = {
  url: 'https://a.example/',
  scanId: 'scn_a',
  riskScore: 90,
  band: 'malicious',
  confidence: 1,
  categories: ['phishing'],
  reasoning: '',
  indicators: [],
  checkedAt: 1,
};
/** What an older build left in storage.local (and a content script could read or forge). */
const LEGACY = {
  settings: {
    version: 1,
    serviceUrl: 'https://scan.example.org',
    apiKey: 'sk_legacy',
    allowlist: ['docs.example.com'],
    blocklist: ['evil.example'],
    strictMode: true,
  },
  managedCache: { serviceUrl: 'https://attacker.example', apiKey: 'sk_forged', allowlist: ['bank.example'] },
  ledger: [{ url: 'https://visited.example/', at: 5, reason: 'navigation' }],
  history: [
    {
      id: 'scn_h',
      url: 'https://visited.example/',
      state: 'COMPLETED',
      createdAt: null,
      riskScore: 3,
      band: 'safe',
      source: 'local',
    },
  ],
  jobs: { 'https://queued.example/': { url: 'https://queued.example/' } },
  idForm: 'bare',
  'v:https://a.example/': { v: verdict, exp: Date.now() + 60_000 },
  unrelated: 'not ours',
};

describe('moving what older builds kept in storage.local', () => {
  it('moves every record into the private store once, drops the cached policy and the cached verdicts (a forged "safe" would be believed), and empties storage.local of them', async () => {
    await fakeBrowser.storage.local.set(LEGACY);
    const stored = await readAll('db');
    expect(stored).toMatchObject({
      ledger: LEGACY.ledger,
      history: LEGACY.history,
      idForm: 'bare',
      [META_KEY]: 'done',
    });
    expect(stored).not.toHaveProperty('jobs');
    expect(stored).not.toHaveProperty('managedCache');
    expect(stored).not.toHaveProperty(['v:https://a.example/']);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ unrelated: 'not ours' });
    // The stores read what was moved.
    expect(await readLedger()).toEqual(LEGACY.ledger);
    expect(await readHistory()).toEqual(LEGACY.history);
    const cache = createVerdictCache();
    await cache.init();
    expect(cache.get('https://a.example/')).toBeNull();
    const st = await createSettingsStore(createMemorySecretStore()).get();
    // What only tightens moves; the service URL and the allowlist wait for the person; the key is dropped.
    expect(st.settings).toMatchObject({
      serviceUrl: '',
      apiKey: '',
      allowlist: [],
      blocklist: ['evil.example'],
      strictMode: true,
    });
    expect(stored[HELD_KEY]).toEqual({ serviceUrl: 'https://scan.example.org', allowlist: ['docs.example.com'] });
  });

  it('a service URL, key and allowlist a content script wrote there before the upgrade are never used: nothing is sent anywhere', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        version: 1,
        serviceUrl: 'https://attacker.example',
        apiKey: 'sk_forged',
        allowlist: ['bank.example'],
        scanNavigations: false,
      },
    });
    const stored = await readAll('db');
    const st = await createSettingsStore(createMemorySecretStore()).get();
    expect(st.settings).toMatchObject({ serviceUrl: '', apiKey: '', allowlist: [], scanNavigations: true });
    expect(JSON.stringify(stored)).not.toContain('sk_forged');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('runs once: a record a content script writes to storage.local afterwards is never read', async () => {
    await fakeBrowser.storage.local.set(LEGACY);
    await readAll('db');
    await fakeBrowser.storage.local.set({
      settings: { version: 1, serviceUrl: 'https://attacker.example', allowlist: ['bank.example'] },
    });
    restart();
    const st = await createSettingsStore(createMemorySecretStore()).get();
    expect(st.settings.serviceUrl).toBe('');
    expect(st.settings.blocklist).toEqual(['evil.example']);
    expect(st.settings.allowlist).toEqual([]);
  });

  it('a move interrupted after copying finishes without overwriting newer records', async () => {
    await fakeBrowser.storage.local.set({ ledger: [{ url: 'https://old.example/', at: 1, reason: 'hover' }] });
    await db.set({ [META_KEY]: 'copied', ledger: [] });
    const r = await migrateLegacyLocal(db, fakeBrowser.storage.local as never);
    expect(r).toEqual({ state: 'done', copied: [], removed: ['ledger'] });
    expect(await db.get(['ledger'])).toEqual({ ledger: [] });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('records already in the private store win over what storage.local holds', async () => {
    await fakeBrowser.storage.local.set({ idForm: 'bare' });
    await db.set({ idForm: 'asReturned' });
    await migrateLegacyLocal(db, fakeBrowser.storage.local as never);
    expect(await db.get(['idForm'])).toEqual({ idForm: 'asReturned' });
  });

  it('nothing moves into a store that would not outlive the worker (IndexedDB unavailable)', async () => {
    await fakeBrowser.storage.local.set(LEGACY);
    const memory = createMemoryBackend(false);
    expect(await migrateLegacyLocal(memory, fakeBrowser.storage.local as never)).toEqual({
      state: 'skipped',
      copied: [],
      removed: [],
    });
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).toHaveLength(Object.keys(LEGACY).length);
  });

  it('nothing Linklens writes lands in storage.local', async () => {
    const s = createSettingsStore(createMemorySecretStore());
    await s.set({ serviceUrl: 'https://scan.example.org', apiKey: 'sk_new', allowlist: ['x.example'] });
    const cache = createVerdictCache();
    await cache.init();
    await cache.set(verdict as never, 60_000);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});

describe('the cached policy', () => {
  /** The next worker life's storage.managed reads wait until the returned function is called. */
  const slowLivePolicy = () => {
    let release: () => void = () => undefined;
    const slow = new Promise<void>((r) => (release = r));
    const real = fakeBrowser.storage.managed.get.bind(fakeBrowser.storage.managed);
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation((async (k: null) => {
      await slow;
      return real(k);
    }) as never);
    return () => release();
  };
  const policyUnreadable = () =>
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockRejectedValue(new Error('storage.managed unavailable'));

  it('the last policy read is in force before the live read answers, but never brings or redirects a key', async () => {
    const secrets = createMemorySecretStore({ key: 'sk_person', origin: 'https://scan.example.org' });
    await writeKeys('db', {
      settings: { version: 1, serviceUrl: 'https://scan.example.org', allowProceed: true },
      managedCache: {
        values: {
          serviceUrl: 'https://org-scan.example',
          apiKey: 'sk_stored_by_mistake',
          allowlist: ['intranet.example'],
          auditOnly: true,
          lockAll: true,
          blocklist: ['bad.example'],
          allowProceed: false,
        },
        credentials: true,
      },
    });
    policyUnreadable();
    const st = await createSettingsStore(secrets).get();
    expect(st.policyLive).toBe(false);
    expect(st.starting).toBe(true);
    // The organization's service, without a key: the person's key is bound to its own origin,
    // and a key in a stored cache is never read (only the live policy brings one).
    expect(st.settings.serviceUrl).toBe('https://org-scan.example');
    expect(st.settings.apiKey).toBe('');
    expect(st.settings).toMatchObject({
      allowlist: ['intranet.example'],
      auditOnly: true,
      lockAll: true,
      blocklist: ['bad.example'],
      allowProceed: false,
    });
  });

  it('lockAll: a change made before the live policy was read waits for it, and is refused (the cache leaves lockAll out)', async () => {
    await fakeBrowser.storage.managed.set({ lockAll: true });
    await createSettingsStore(createMemorySecretStore()).settled();
    restart();
    const release = slowLivePolicy();
    const s = createSettingsStore(createMemorySecretStore()); // a worker woken by the message
    const write = s.set({ scanPrivateHosts: true });
    // The live read has begun (and waits): the write is refused whether or not it waited for it.
    await vi.waitFor(() => expect(fakeBrowser.storage.managed.get).toHaveBeenCalled());
    release();
    expect((await write).refused).toHaveProperty('scanPrivateHosts');
    expect((await s.get()).settings.scanPrivateHosts).toBe(false);
    expect((await readAll('db')).settings).not.toMatchObject({ scanPrivateHosts: true });
  });

  it('the policy API key is never cached; the live read supplies it', async () => {
    await fakeBrowser.storage.managed.set({ serviceUrl: 'https://org-scan.example', apiKey: 'sk_org_secret' });
    const s = createSettingsStore(createMemorySecretStore());
    await s.settled();
    expect((await s.get()).settings).toMatchObject({ serviceUrl: 'https://org-scan.example', apiKey: 'sk_org_secret' });
    expect(JSON.stringify(await readAll('db'))).not.toContain('sk_org_secret');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('sk_org_secret');
    expect((await readAll('db')).managedCache).toEqual({
      values: { serviceUrl: 'https://org-scan.example' },
      credentials: true,
    });
  });

  it('when the cached policy set credentials, the next life waits for the live read before answering', async () => {
    await fakeBrowser.storage.managed.set({ serviceUrl: 'https://org-scan.example', apiKey: 'sk_org_secret' });
    await createSettingsStore(createMemorySecretStore()).settled();
    restart();
    const release = slowLivePolicy();
    const answer = createSettingsStore(createMemorySecretStore()).get();
    let answered = false;
    void answer.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    expect((await answer).settings.apiKey).toBe('sk_org_secret');
  });

  it('Firefox without a policy ("manifest not found") counts as a live read of no policy: cached restrictions end', async () => {
    await writeKeys('db', { managedCache: { values: { allowProceed: false }, credentials: false } });
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockRejectedValue(new Error('Managed storage manifest not found'));
    const s = createSettingsStore(createMemorySecretStore());
    await s.settled();
    const st = await s.get();
    expect(st.policyLive).toBe(true);
    expect(st.settings.allowProceed).toBe(true);
  });
});

describe('the API key and the service URL (key bound to its origin)', () => {
  const OLD = 'https://scan.example.org';
  async function configured() {
    const secrets = createMemorySecretStore();
    const s = createSettingsStore(secrets);
    await s.set({ serviceUrl: `${OLD}/api`, apiKey: 'sk_person' });
    return { s, secrets };
  }

  it('saving a new service URL with an empty key field leaves Linklens without a key for it', async () => {
    const { s } = await configured();
    const st = (await s.set({ serviceUrl: 'https://attacker.example' })).state;
    expect(st.settings.apiKey).toBe('');
    expect(st.key.decision).toEqual({ apiKey: '', source: 'none', why: 'other-origin', keyOrigin: OLD });
    // Back to the service it was entered for: the key is used again.
    expect((await s.set({ serviceUrl: `${OLD}/v2` })).state.settings.apiKey).toBe('sk_person');
  });

  it('a key typed with the new URL is bound to the new origin', async () => {
    const { s, secrets } = await configured();
    await s.set({ serviceUrl: 'http://127.0.0.1:9000', apiKey: 'sk_local' });
    expect(await secrets.get()).toEqual({ key: 'sk_local', origin: 'http://127.0.0.1:9000' });
  });

  it('the stored key moves to a new origin only with a confirmation naming both origins', async () => {
    const { s } = await configured();
    await s.set({ serviceUrl: 'https://new.example.net' });
    const wrong = await s.set({}, { rebindKey: { from: 'https://other.example', to: 'https://new.example.net' } });
    expect(wrong.refused).toHaveProperty('rebindKey');
    expect(wrong.state.settings.apiKey).toBe('');
    const elsewhere = await s.set({}, { rebindKey: { from: OLD, to: 'https://attacker.example' } });
    expect(elsewhere.refused).toHaveProperty('rebindKey');
    const right = await s.set({}, { rebindKey: { from: OLD, to: 'https://new.example.net' } });
    expect(right.refused).toEqual({});
    expect(right.state.settings.apiKey).toBe('sk_person');
    expect(right.state.key.stored.origin).toBe('https://new.example.net');
  });

  it('a policy key goes with the policy URL only, and one without a policy URL is used nowhere', async () => {
    await fakeBrowser.storage.managed.set({ apiKey: 'sk_org' });
    const s = createSettingsStore(createMemorySecretStore());
    await s.set({ serviceUrl: 'https://attacker.example' });
    await s.settled();
    expect((await s.get()).settings.apiKey).toBe('');
    expect((await s.get()).key.decision).toMatchObject({ why: 'policy-key-without-url' });
  });
});
