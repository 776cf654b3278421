/**
 * The settings the background acts on: the policy as a floor over the person's own (floor.ts), merged in
 * one place (src/shared/policy/managed.ts). Everything is kept in the private store (kv 'db');
 * the API key is kept apart (secret-store.ts), bound to the origin it was entered for
 * (src/shared/policy/key-binding.ts).
 *
 * storage.managed can be slow: its first read after the browser starts took 2–20 s. So start-up
 * does not wait on it: the last policy read (kept without its secrets, managed-cache.ts) is in
 * force at once. When that policy set the service URL or key, or no policy was ever read and an
 * administrator's policy installed Linklens (a fresh profile), the store is `starting` until the live read answers
 * (at most STARTUP_HOLD_MS): navigations meanwhile are held, then checked (navigation.ts), and
 * the browser's startup rule holds them before the background even wakes (net-rules.ts). The
 * first answer of a background life waits a little for the live read (LIVE_WAIT_MS), so a worker
 * that restarts in a running browser, whose read is quick, holds nothing.
 * storage.onChanged('managed') applies policy changes live.
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { dict } from '@/src/shared/zod-lean';
import {
  DEFAULT_SETTINGS,
  defaultSettings,
  isPolicyOnlyKey,
  SettingsShape,
  type Settings,
  type SettingKey,
} from '@/src/shared/policy/settings';
import { migrateSettings } from '@/src/shared/policy/migrations';
import { floorOf, mergeSettings, lockedKeys, type ManagedValues } from '@/src/shared/policy/managed';
import type { ManagedCache } from '@/src/shared/policy/managed-cache';
import { atLeastAsSafe, chosenByValue, type FloorKey } from '@/src/shared/policy/floor';
import {
  keyForService,
  mayRebind,
  serviceOrigin,
  type KeyDecision,
  type StoredKey,
} from '@/src/shared/policy/key-binding';
import { readKeyOrThrow, writeKey, createMutex } from './kv';
import type { SecretStore } from './secret-store';
import { installedByPolicy, readLivePolicy, readPolicyCache, writePolicyCache } from './managed-source';
import { say } from '../i18n';
import { refusalOf } from './refusal';
import { NO_REMOTE, policyWithRemote, type RemoteLayer } from '@/src/shared/policy/remote-config';
import { readRemoteLayer } from './remote-copies';

export interface SettingsState {
  /** Effective settings; apiKey is the key for the effective service URL, or '' (background only). */
  settings: Settings;
  managedKeys: SettingKey[];
  /** Keys the person may not change at all under the policy (floor.ts personRoom). */
  locked: SettingKey[];
  /** Keys the person may move only the safer way, with the policy's value for each (floor.ts). */
  floor: Partial<Record<SettingKey, unknown>>;
  /** List entries the policy adds (shown locked; the person's own stay removable). */
  managedEntries: { allowlist: string[]; blocklist: string[] };
  /** Why the key is (not) in use, and the person's stored key (never shown whole). */
  key: { decision: KeyDecision; stored: StoredKey };
  /** The policy applied comes from a live read of this background life (not only the cache). */
  policyLive: boolean;
  /**
   * The live policy is still awaited while a policy is expected to configure the service (the
   * last one read did, or a policy installed Linklens and none was read yet): a navigation now is
   * held until it answers (STARTUP_HOLD_MS at most).
   */
  starting: boolean;
  /** The last policy read set the service URL or key (the startup rule holds pages after a restart). */
  policyConfiguresService: boolean;
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
/**
 * The keys the person has set themselves (floor.ts: under a policy, a default never touched is
 * no choice, so the policy's value holds). Absent in older stores: inferred from the values.
 */
const CHOSEN_KEY = 'settingsChosen';
const ChosenList = z.array(z.string());
/** How long the first answer waits for the live policy when the cached one set credentials. */
export const LIVE_WAIT_MS = 5000;
/** How long navigations are held at most for the live policy (its first read took up to 20 s). */
export const STARTUP_HOLD_MS = 30_000;
/** Between tries of a live read that failed while starting. */
const RETRY_MS = 1000;
const Loose = dict(z.unknown());

export interface SettingsStore {
  get(): Promise<SettingsState>;
  /** Applies a partial change from the person. Returns the fields refused and why. */
  set(
    patch: Record<string, unknown>,
    opts?: SetOptions,
  ): Promise<{ state: SettingsState; refused: Record<string, string> }>;
  onChange(fn: (s: SettingsState) => void): void;
  /** Re-reads storage.managed (policy change). */
  refreshManaged(): Promise<void>;
  /** Settings once the live policy has been read (or `waitMs` passed): for first-run decisions. */
  settled(waitMs?: number): Promise<SettingsState>;
  /** Resolves when the store stops `starting` (the live read answered, or STARTUP_HOLD_MS passed). */
  whenStarted(): Promise<SettingsState>;
  /** The managed policy alone (live, else the last read), without its remote files. */
  managedPolicy(): Promise<ManagedValues>;
  /** New copies of the organization's remote files (remote/remote-policy.ts): applied under the policy. */
  setRemote(layer: RemoteLayer): void;
}

export function createSettingsStore(secrets: SecretStore): SettingsStore {
  const listeners = new Set<(s: SettingsState) => void>();
  const mutex = createMutex();
  let user: Settings | null = null;
  let chosen: Set<SettingKey> | null = null;
  /** The last read of the stored settings failed (with `user` null: nothing read yet). */
  let failed = false;
  let secret: StoredKey = { key: '', origin: null };
  let live: ManagedValues | null = null;
  /** null: no policy read was ever kept (a fresh profile). */
  let cache: ManagedCache | null = null;
  let state: SettingsState | null = null;
  let loading: Promise<SettingsState> | null = null;
  const bornAt = Date.now();
  let gaveUp = false;
  let started!: () => void;
  const startedP = new Promise<void>((r) => (started = r));

  /** The copies of the remote files, as last read or fetched (layered under the policy in `compute`). */
  let remote: RemoteLayer = NO_REMOTE;

  /** The live policy, else the last one read (its secrets were never kept). */
  function policyNow(): ManagedValues {
    return live ?? cache?.values ?? {};
  }
  /** Installed by an administrator's policy (a fresh profile's first read may yet configure the service). */
  let byPolicy = false;
  const expectsService = () =>
    live ? Boolean(live.serviceUrl || live.apiKey) : cache === null ? byPolicy : cache.credentials;
  const isStarting = () => live === null && !gaveUp && expectsService();

  function compute(): SettingsState {
    const u = user ?? defaultSettings();
    // The organization's remote file and block feed join the policy before the floor rule
    // (remote-config.ts): never looser than the managed policy where it set a key.
    const managed = policyWithRemote(policyNow(), remote).values;
    const merged = mergeSettings(u, managed, chosen ?? chosenByValue(u));
    const decision = keyForService({
      serviceUrl: merged.settings.serviceUrl,
      policy: { serviceUrl: managed.serviceUrl, apiKey: managed.apiKey },
      stored: secret,
    });
    return {
      settings: { ...merged.settings, apiKey: decision.apiKey },
      managedKeys: merged.managedKeys,
      locked: lockedKeys(managed),
      floor: floorOf(managed),
      managedEntries: { allowlist: managed.allowlist ?? [], blocklist: managed.blocklist ?? [] },
      key: { decision, stored: secret },
      policyLive: live !== null,
      starting: isStarting(),
      policyConfiguresService: live ? Boolean(live.serviceUrl || live.apiKey) : cache?.credentials === true,
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
    const stored = await readKeyOrThrow('db', CHOSEN_KEY, z.nullable(ChosenList), null);
    chosen = stored ? new Set(stored.filter((k): k is SettingKey => k in DEFAULT_SETTINGS)) : chosenByValue(user);
    cache = await readPolicyCache();
    // The last good copies are in force from the first navigation, like the policy cache.
    remote = await readRemoteLayer().catch(() => NO_REMOTE);
    if (cache === null) byPolicy = await installedByPolicy();
    state = compute();
    const reading = readUntilLive();
    if (expectsService()) await Promise.race([reading, new Promise((r) => setTimeout(r, LIVE_WAIT_MS))]);
    return state;
  }

  /** The live read, tried again while it fails, until it answers or STARTUP_HOLD_MS has passed. */
  async function readUntilLive(): Promise<void> {
    for (;;) {
      await refreshManaged().catch(ignore);
      if (live || Date.now() - bornAt >= STARTUP_HOLD_MS) break;
      const left = STARTUP_HOLD_MS - (Date.now() - bornAt);
      await new Promise((r) => setTimeout(r, Math.min(RETRY_MS, left)));
    }
    if (!live) {
      // Held long enough: what the last policy read says is in force (without the key, strict
      // mode then fails closed as "not configured"), and the held navigations are decided.
      gaveUp = true;
      publish();
    }
    started();
  }

  async function refreshManaged(): Promise<void> {
    const next = await readLivePolicy();
    if (!next) return;
    // Listeners hear of a change of what applies, not of a read that confirmed the cache.
    const applies = (st: SettingsState | null) => JSON.stringify(st && { ...st, policyLive: null });
    const before = applies(state && compute());
    live = next;
    started();
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
        if (!live && cache && Object.keys(cache.values).length) {
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
          // Under a policy the person may only move this the safer way (floor.ts).
          else if (
            key in current.floor &&
            !atLeastAsSafe(key as FloorKey, r.data as never, current.floor[key] as never)
          )
            refused[k] = say('bg_refusedBelowFloor');
          else (accepted as Record<string, unknown>)[key] = r.data;
        }
        const { apiKey: newKey, ...rest } = accepted;
        const next: Settings = { ...(user ?? defaultSettings()), ...rest, apiKey: '' };
        // The service URL the key will go with: the policy's when it sets one.
        const targetUrl = mergeSettings(next, policyNow(), new Set(['serviceUrl'])).settings.serviceUrl;
        let nextSecret = secret;
        if (newKey !== undefined) {
          nextSecret = newKey ? { key: newKey, origin: serviceOrigin(targetUrl) } : { key: '', origin: null };
        } else if (opts.rebindKey) {
          if (mayRebind(secret, opts.rebindKey, targetUrl))
            nextSecret = { ...secret, origin: serviceOrigin(targetUrl) };
          else refused.rebindKey = say('bg_refusedRebindKey');
        }
        if (nextSecret !== secret) await secrets.set(nextSecret);
        const nextChosen = new Set([
          ...(chosen ?? chosenByValue(user ?? defaultSettings())),
          ...(Object.keys(rest) as SettingKey[]),
        ]);
        await writeKey('db', USER_KEY, next);
        await writeKey('db', CHOSEN_KEY, [...nextChosen]);
        user = next;
        chosen = nextChosen;
        secret = nextSecret;
        publish();
        return { state: state!, refused };
      });
    },
    onChange(fn) {
      listeners.add(fn);
    },
    refreshManaged,
    async managedPolicy() {
      await this.get();
      return policyNow();
    },
    setRemote(layer) {
      if (JSON.stringify(layer) === JSON.stringify(remote)) return;
      remote = layer;
      if (state) publish();
    },
    async whenStarted() {
      await this.get();
      await startedP;
      return this.get();
    },
    async settled(waitMs = 5000) {
      await this.get();
      await Promise.race([refreshManaged(), new Promise((r) => setTimeout(r, waitMs))]);
      return this.get();
    },
  };
}
