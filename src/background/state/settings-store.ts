/**
 * The settings the background acts on: managed policy > user settings > defaults, merged in
 * one place (src/shared/policy/managed.ts). The API key is kept apart (secret-store.ts).
 *
 * storage.managed can be slow on a fresh profile (toolchain note 8: ~2.8 s), so start-up never
 * waits on it: the last policy seen is cached in storage.local and used at once, and the live
 * read replaces it when it arrives. storage.onChanged('managed') applies policy changes live.
 */
import { browser } from 'wxt/browser';
import { z } from 'zod';
import { DEFAULT_SETTINGS, defaultSettings, isPolicyOnlyKey, SettingsShape, type Settings, type SettingKey } from '@/src/shared/policy/settings';
import { migrateSettings } from '@/src/shared/policy/migrations';
import { mergeSettings, readManaged, lockedKeys, type ManagedValues } from '@/src/shared/policy/managed';
import { readKey, writeKey, createMutex } from './kv';
import type { SecretStore } from './secret-store';

export interface SettingsState {
  /** Effective settings, apiKey included (background only). */
  settings: Settings;
  managedKeys: SettingKey[];
  /** Keys the person may not change (managed ones, or all under lockAll). */
  locked: SettingKey[];
  /** List entries the policy adds (shown locked; the person's own stay removable). */
  managedEntries: { allowlist: string[]; blocklist: string[] };
}

const USER_KEY = 'settings';
const MANAGED_CACHE_KEY = 'managedCache';
const Loose = z.record(z.string(), z.unknown());

export interface SettingsStore {
  get(): Promise<SettingsState>;
  /** Applies a partial change from the person. Returns the fields refused and why. */
  set(patch: Record<string, unknown>): Promise<{ state: SettingsState; refused: Record<string, string> }>;
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
  let managed: ManagedValues = {};
  let state: SettingsState | null = null;
  let loading: Promise<SettingsState> | null = null;

  function compute(): SettingsState {
    const merged = mergeSettings(user ?? defaultSettings(), managed);
    return {
      settings: merged.settings,
      managedKeys: merged.managedKeys,
      locked: lockedKeys(merged.managedKeys, merged.settings.lockAll),
      managedEntries: { allowlist: managed.allowlist ?? [], blocklist: managed.blocklist ?? [] },
    };
  }

  function publish() {
    state = compute();
    for (const fn of listeners) {
      try {
        fn(state);
      } catch {
        // One listener's error never breaks the others (style.md 10).
      }
    }
  }

  async function readLiveManaged(): Promise<ManagedValues | null> {
    try {
      const raw = await browser.storage.managed.get(null);
      return readManaged(raw).values;
    } catch {
      // No policy support or no policy installed (Firefox throws without a manifest entry).
      return null;
    }
  }

  async function load(): Promise<SettingsState> {
    const raw = await readKey('local', USER_KEY, Loose, {});
    const { settings } = migrateSettings(raw);
    // A key written to storage.local by an older build is moved to the secret store.
    const legacyKey = typeof raw.apiKey === 'string' ? raw.apiKey : '';
    if (legacyKey) {
      await secrets.set(legacyKey);
      await writeKey('local', USER_KEY, { ...settings, apiKey: '' });
    }
    user = { ...settings, apiKey: (await secrets.get()) || legacyKey };
    managed = readManaged(await readKey('local', MANAGED_CACHE_KEY, Loose, {})).values;
    state = compute();
    void refreshManaged();
    return state;
  }

  async function refreshManaged(): Promise<void> {
    const live = await readLiveManaged();
    if (!live) return;
    const before = JSON.stringify(managed);
    managed = live;
    // Issue 13: the reporting token is a credential: never cached in storage.local (reporting/token-store.ts keeps it).
    const { reportingToken: _token, ...cacheable } = live;
    await writeKey('local', MANAGED_CACHE_KEY, cacheable).catch(() => undefined);
    if (JSON.stringify(managed) !== before) publish();
  }

  return {
    get() {
      if (state) return Promise.resolve(state);
      loading ??= load().catch(() => {
        user = defaultSettings();
        state = compute();
        return state;
      });
      return loading;
    },
    set(patch) {
      return mutex(async () => {
        const current = await this.get();
        const refused: Record<string, string> = {};
        const accepted: Partial<Settings> = {};
        for (const [k, v] of Object.entries(patch)) {
          if (!(k in DEFAULT_SETTINGS) || k === 'version' || k === 'lockAll' || isPolicyOnlyKey(k) /* issue 13 */) {
            refused[k] = 'unknown setting';
            continue;
          }
          const key = k as SettingKey;
          if (current.locked.includes(key)) {
            refused[k] = 'set by your organization';
            continue;
          }
          const r = SettingsShape.shape[key].safeParse(v);
          if (!r.success) refused[k] = r.error.issues[0]?.message ?? 'invalid value';
          else (accepted as Record<string, unknown>)[key] = r.data;
        }
        const next: Settings = { ...(user ?? defaultSettings()), ...accepted };
        if ('apiKey' in accepted) await secrets.set(next.apiKey);
        await writeKey('local', USER_KEY, { ...next, apiKey: '' });
        user = next;
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
