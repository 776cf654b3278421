/**
 * The settings the background acts on: managed policy > user settings > defaults, merged in
 * one place (src/shared/policy/managed.ts). Everything is kept in the private store (kv 'db');
 * the API key is kept apart (secret-store.ts), bound to the origin it was entered for
 * (src/shared/policy/key-binding.ts).
 *
 * storage.managed can be slow on a fresh profile (~2.8 s measured), so start-up does
 * not wait on it: the cache of the last policy read applies at once, but only its restrictions
 * (managed-cache.ts), until the live read of this background life succeeds. When the cached
 * policy set the service URL or key, the first answer waits for the live read (up to
 * LIVE_WAIT_MS): without it Linklens is not configured. storage.onChanged('managed') applies
 * policy changes live.
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { dict } from '@/src/shared/zod-lean';
import { DEFAULT_SETTINGS, defaultSettings, isPolicyOnlyKey, SettingsShape, type Settings, type SettingKey } from '@/src/shared/policy/settings';
import { migrateSettings } from '@/src/shared/policy/migrations';
import { mergeSettings, lockedKeys, type ManagedValues } from '@/src/shared/policy/managed';
import { provisionalPolicy, type ManagedCache } from '@/src/shared/policy/managed-cache';
import { keyForService, mayRebind, serviceOrigin, type KeyDecision, type StoredKey } from '@/src/shared/policy/key-binding';
import { readKeyOrThrow, writeKey, createMutex } from './kv';
import type { SecretStore } from './secret-store';
import { readLivePolicy, readPolicyCache, writePolicyCache } from './managed-source';
import { say } from '../i18n';
import { refusalOf } from './refusal';

export interface SettingsState {
  /** Effective settings; apiKey is the key for the effective service URL, or '' (background only). */
  settings: Settings;
  managedKeys: SettingKey[];
  /** Keys the person may not change (managed ones, or all under lockAll). */
  locked: SettingKey[];
  /** List entries the policy adds (shown locked; the person's own stay removable). */
  managedEntries: { allowlist: string[]; blocklist: string[] };
  /** Why the key is (not) in use, and the person's stored key (never shown whole). */
  key: { decision: KeyDecision; stored: StoredKey };
  /** The policy applied comes from a live read of this background life (not only the cache). */
  policyLive: boolean;
  /**
   * The person's stored settings could not be read: these are the defaults (with the policy) for
   * now. Never written back over what is stored, nor made into the browser's rules.
   */
  unreadable?: true;
}

export interface SetOptions {
  /** The person confirmed using the stored key with the new service (both origins named). */
  rebindKey?: { from: string; to: string };
}

const USER_KEY = 'settings';
/** How long the first answer waits for the live policy when the cached one set credentials. */
export const LIVE_WAIT_MS = 5000;
const Loose = dict(z.unknown());

export interface SettingsStore {
  get(): Promise<SettingsState>;
  /** Applies a partial change from the person. Returns the fields refused and why. */
  set(patch: Record<string, unknown>, opts?: SetOptions): Promise<{ state: SettingsState; refused: Record<string, string> }>;
  onChange(fn: (s: SettingsState) => void): void;
  /** Re-reads storage.managed (policy change). */
  refreshManaged(): Promise<void>;
  /** Settings once the live policy has been read (or `waitMs` passed): for first-run decisions. */
  settled(waitMs?: number): Promise<SettingsState>;
}

export function createSettingsStore(secrets: SecretStore): SettingsStore {
  const listeners = new Set<(s: SettingsState) => void>();
  const mutex = createMutex();
  let user: Settings | null = null;
  /** The last read of the stored settings failed (with `user` null: nothing read yet). */
  let failed = false;
  let secret: StoredKey = { key: '', origin: null };
  let live: ManagedValues | null = null;
  let cache: ManagedCache = { values: {}, credentials: false };
  let state: SettingsState | null = null;
  let loading: Promise<SettingsState> | null = null;

  function policyNow(u: Settings): ManagedValues {
    return live ?? provisionalPolicy(cache, u);
  }

  function compute(): SettingsState {
    const u = user ?? defaultSettings();
    const managed = policyNow(u);
    const merged = mergeSettings(u, managed);
    const decision = keyForService({ serviceUrl: merged.settings.serviceUrl, policy: { serviceUrl: managed.serviceUrl, apiKey: managed.apiKey }, stored: secret });
    return {
      settings: { ...merged.settings, apiKey: decision.apiKey },
      managedKeys: merged.managedKeys,
      locked: lockedKeys(merged.managedKeys, merged.settings.lockAll, merged.settings.allowUserAllowlist),
      managedEntries: { allowlist: managed.allowlist ?? [], blocklist: managed.blocklist ?? [] },
      key: { decision, stored: secret },
      policyLive: live !== null,
      ...(user === null && failed ? { unreadable: true } : {}),
    };
  }

  function publish() {
    state = compute();
    for (const fn of listeners) {
      try {
        fn(state);
      } catch {
        // One listener's error never breaks the others (clean up through a signal).
      }
    }
  }

  async function load(): Promise<SettingsState> {
    const raw = await readKeyOrThrow('db', USER_KEY, Loose, {});
    const { settings } = migrateSettings(raw);
    secret = await secrets.get();
    // A key inside the settings record (older builds) moves to the secret store, bound to the
    // service URL stored with it; so does an unbound key of the secret store.
    const legacyKey = typeof raw.apiKey === 'string' ? raw.apiKey : '';
    if (legacyKey) {
      secret = { key: legacyKey, origin: serviceOrigin(settings.serviceUrl) };
      await secrets.set(secret);
      await writeKey('db', USER_KEY, { ...settings, apiKey: '' });
    } else if (secret.key && secret.origin === null && serviceOrigin(settings.serviceUrl)) {
      secret = { ...secret, origin: serviceOrigin(settings.serviceUrl) };
      await secrets.set(secret);
    }
    user = { ...settings, apiKey: '' };
    cache = await readPolicyCache();
    state = compute();
    const reading = refreshManaged();
    if (cache.credentials) await Promise.race([reading, new Promise((r) => setTimeout(r, LIVE_WAIT_MS))]);
    return state;
  }

  async function refreshManaged(): Promise<void> {
    const next = await readLivePolicy();
    if (!next) return;
    // Listeners hear of a change of what applies, not of a read that confirmed the cache.
    const applies = (st: SettingsState | null) => JSON.stringify(st && { ...st, policyLive: null });
    const before = applies(state && compute());
    live = next;
    await writePolicyCache(next).catch(ignore);
    if (applies(compute()) !== before) publish();
    else state = compute();
  }

  return {
    get() {
      loading ??= load().catch(() => {
        // Read again next time; until then the defaults, marked (see `unreadable`).
        loading = null;
        user = null;
        failed = true;
        return (state = compute());
      });
      return loading.then(() => state!);
    },
    set(patch, opts = {}) {
      return mutex(async () => {
        let current = await this.get();
        // Where a policy was cached, a change waits (bounded) for this worker life's live read:
        // the cache leaves lockAll out, and a write let through before the read would then stay
        // in force. Without one (most people), nothing waits: the first read of storage.managed
        // in a fresh profile takes seconds.
        if (!live && Object.keys(cache.values).length) {
          await Promise.race([refreshManaged().catch(ignore), new Promise((r) => setTimeout(r, LIVE_WAIT_MS))]);
          current = await this.get();
        }
        // Written over what is stored, defaults would erase the person's lists and choices.
        if (current.unreadable) throw new Error('Settings could not be read: nothing was changed.');
        const refused: Record<string, string> = {};
        const accepted: Partial<Settings> = {};
        for (const [k, v] of Object.entries(patch)) {
          if (!(k in DEFAULT_SETTINGS) || k === 'version') {
            refused[k] = say('bg_refusedUnknown');
            continue;
          }
          if (isPolicyOnlyKey(k)) {
            refused[k] = say('bg_refusedPolicyOnly');
            continue;
          }
          const key = k as SettingKey;
          if (current.locked.includes(key)) {
            refused[k] = say('bg_refusedByOrg');
            continue;
          }
          const r = SettingsShape.shape[key].safeParse(v);
          if (!r.success) refused[k] = refusalOf(r.error.issues[0], say);
          else (accepted as Record<string, unknown>)[key] = r.data;
        }
        const { apiKey: newKey, ...rest } = accepted;
        const next: Settings = { ...(user ?? defaultSettings()), ...rest, apiKey: '' };
        // The service URL the key will go with: the policy's when it sets one.
        const targetUrl = mergeSettings(next, policyNow(next)).settings.serviceUrl;
        let nextSecret = secret;
        if (newKey !== undefined) {
          nextSecret = newKey ? { key: newKey, origin: serviceOrigin(targetUrl) } : { key: '', origin: null };
        } else if (opts.rebindKey) {
          if (mayRebind(secret, opts.rebindKey, targetUrl)) nextSecret = { ...secret, origin: serviceOrigin(targetUrl) };
          else refused.rebindKey = say('bg_refusedRebindKey');
        }
        if (nextSecret !== secret) await secrets.set(nextSecret);
        await writeKey('db', USER_KEY, next);
        user = next;
        secret = nextSecret;
        publish();
        return { state: state!, refused };
      });
    },
    onChange(fn) {
      listeners.add(fn);
    },
    refreshManaged,
    async settled(waitMs = 5000) {
      await this.get();
      await Promise.race([refreshManaged(), new Promise((r) => setTimeout(r, waitMs))]);
      return this.get();
    },
  };
}
