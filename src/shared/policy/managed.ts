/**
 * Managed policy (storage.managed) and the one place where sources are merged: the policy is a
 * floor the person can only raise (floor.ts), over the defaults.
 *
 * readManaged is defaults-free on purpose: zod 4 applies `.default()` even inside `.partial()`,
 * so a defaulted schema would make an empty policy overwrite every user setting. Only keys actually present
 * and valid come out. Documentation for administrators: docs/admin/policy.md; Chrome schema:
 * public/managed_schema.json (Firefox does not validate, so the checks here are what protects us).
 */
import type { z } from 'zod/mini';
import {
  DEFAULT_SETTINGS,
  POLICY_ONLY_KEYS,
  SettingsShape,
  SETTING_KEYS,
  type SettingKey,
  type Settings,
} from './settings';
import { checkField, isPlainObject } from './repair';
import { applyFloor, FLOOR_KEYS, mayBeLeftToPerson, personRoom } from './floor';

/** Every setting except the storage version can be set by policy. */
export const MANAGED_KEYS: readonly SettingKey[] = SETTING_KEYS.filter((k) => k !== 'version');

/**
 * Without these nobody could configure the extension; `lockAll` leaves them editable when the
 * policy does not provide them itself.
 */
export const CREDENTIAL_KEYS: readonly SettingKey[] = ['serviceUrl', 'apiKey'];

/** Managed values: like Partial<Settings>, but cache lifetimes may be given for some bands only. */
export type ManagedValues = Omit<Partial<Settings>, 'cacheTtlMinutes' | 'budgets'> & {
  cacheTtlMinutes?: Partial<Settings['cacheTtlMinutes']>;
  budgets?: Partial<Settings['budgets']>;
};

/**
 * Valid policy values only. `invalid` names what was not (fully) applied: keys with a wrong
 * value, dropped list entries ('blocklist'), sub-fields ('cacheTtlMinutes.safe'), and unknown
 * keys (a typo in a Firefox policies.json would otherwise go unnoticed: Firefox has no schema).
 * An empty serviceUrl/apiKey counts as "not set", not as a value that erases the user's.
 */
export function readManaged(raw: unknown): { values: ManagedValues; invalid: string[] } {
  const values: Record<string, unknown> = {};
  const invalid: string[] = [];
  if (!isPlainObject(raw)) return { values: {}, invalid: raw === undefined || raw === null ? [] : ['*'] };
  const shape = SettingsShape.shape as Record<SettingKey, z.ZodMiniType>;
  for (const [key, value] of Object.entries(raw)) {
    if (!(MANAGED_KEYS as readonly string[]).includes(key)) {
      invalid.push(key);
      continue;
    }
    const k = key as SettingKey;
    if (value === undefined || value === null) continue;
    if (CREDENTIAL_KEYS.includes(k) && typeof value === 'string' && value.trim() === '') continue;
    const r = checkField(shape[k], value, k, undefined, true);
    invalid.push(...r.problems);
    if (r.value === undefined) continue;
    if (k === 'personMayChange') {
      // Only keys a policy may leave to the person (floor.ts): never the protection switches.
      const keys = r.value as string[];
      for (const bad of keys.filter((x) => !mayBeLeftToPerson(x))) invalid.push(`personMayChange.${bad}`);
      values[k] = keys.filter(mayBeLeftToPerson);
    } else values[k] = r.value;
  }
  return { values: values as ManagedValues, invalid };
}

/**
 * The settings in force: without a policy the person's (policy-only keys at their defaults); under
 * a policy the floor rule (floor.ts): the policy is a floor the person can only raise. `user` is
 * already complete (migrateSettings). With `allowUserAllowlist: false` the allowlist is the
 * policy's alone: the person's entries stay stored (they come back if the policy changes) but
 * are not in force.
 */
export function mergeSettings(
  user: Settings,
  managed: ManagedValues,
  chosen?: ReadonlySet<SettingKey>,
): { settings: Settings; managedKeys: SettingKey[] } {
  const values = managed as Partial<Record<SettingKey, unknown>>;
  const managedKeys = MANAGED_KEYS.filter((k) => values[k] !== undefined);
  if (!managedKeys.length) {
    // Policy-only keys (lockAll, allowPause, the organization keys…): a stored user value never counts.
    const out: Record<string, unknown> = { ...user };
    for (const k of POLICY_ONLY_KEYS) out[k] = structuredClone(DEFAULT_SETTINGS[k]);
    return { settings: out as Settings, managedKeys };
  }
  return { settings: applyFloor({ person: user, managed: values, ...(chosen ? { chosen } : {}) }), managedKeys };
}

/**
 * Keys the person cannot change at all (the options page shows them as set by the organization;
 * the settings store refuses them): none without a policy, else every key without room
 * (floor.ts personRoom). Keys with room only the safer way are in `floorOf`.
 */
export function lockedKeys(managed: ManagedValues): SettingKey[] {
  const values = managed as Partial<Record<SettingKey, unknown>>;
  if (!MANAGED_KEYS.some((k) => values[k] !== undefined)) return [];
  return FLOOR_KEYS.filter((k) => personRoom(k, values).room === 'fixed');
}

/** Under a policy: the keys the person may only move the safer way, with the policy's value for each. */
export function floorOf(managed: ManagedValues): Partial<Record<SettingKey, unknown>> {
  const values = managed as Partial<Record<SettingKey, unknown>>;
  if (!MANAGED_KEYS.some((k) => values[k] !== undefined)) return {};
  const out: Partial<Record<SettingKey, unknown>> = {};
  for (const k of FLOOR_KEYS) {
    const r = personRoom(k, values);
    if (r.room === 'safer') out[k] = r.floor;
  }
  return out;
}
