/**
 * Managed policy (storage.managed) and the one place where sources are merged:
 * managed policy > user settings > defaults (docs/decisions/005-policy-floor.md).
 *
 * readManaged is defaults-free on purpose (zod 4 applies .default() even inside .partial(): zod 4 applies `.default()` inside
 * `.partial()`, so an empty policy would overwrite every user setting). Only keys actually present
 * and valid come out. Documentation for administrators: docs/admin/policy.md; Chrome schema:
 * public/managed_schema.json (Firefox does not validate, so the checks here are what protects us).
 */
import type { z } from 'zod/mini';
import { DEFAULT_SETTINGS, POLICY_ONLY_KEYS, SettingsShape, SETTING_KEYS, type SettingKey, type Settings } from './settings';
import { checkField, isPlainObject } from './repair';

/** Every setting except the storage version can be set by policy. */
export const MANAGED_KEYS: readonly SettingKey[] = SETTING_KEYS.filter((k) => k !== 'version');

/**
 * Lists merged as a union (policy entries first, then the user's, duplicates dropped) instead of
 * replaced: an organization's blocklist/allowlist adds to what the person keeps, and the person's
 * own entries stay editable unless `lockAll`. A host on both lists is blocked (gate.ts, decide.ts),
 * so a user allowlist entry cannot undo the organization's blocklist.
 */
export const UNIONED_KEYS: readonly SettingKey[] = ['allowlist', 'blocklist'];

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

/** Object settings a policy may give in part: the other sub-fields keep the person's value. */
const PARTIAL_OBJECT_KEYS: readonly SettingKey[] = ['cacheTtlMinutes', 'budgets'];

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
    if (r.value !== undefined) values[k] = r.value;
    invalid.push(...r.problems);
  }
  return { values: values as ManagedValues, invalid };
}

/**
 * managed > user > defaults. `user` is already complete (migrateSettings).
 * With `allowUserAllowlist: false` the allowlist is the policy's alone: the person's entries
 * stay stored (they come back if the policy changes) but are not in force.
 */
export function mergeSettings(user: Settings, managed: ManagedValues): { settings: Settings; managedKeys: SettingKey[] } {
  // Policy-only keys (lockAll, allowPause, the organization keys…): a stored user value never counts.
  const out: Record<string, unknown> = { ...user };
  for (const k of POLICY_ONLY_KEYS) out[k] = structuredClone(DEFAULT_SETTINGS[k]);
  const managedKeys: SettingKey[] = [];
  for (const key of MANAGED_KEYS) {
    const v = (managed as Record<string, unknown>)[key];
    if (v === undefined) continue;
    if (UNIONED_KEYS.includes(key) && Array.isArray(v)) {
      out[key] = [...new Set([...(v as string[]), ...(user[key] as string[])])];
    } else if (PARTIAL_OBJECT_KEYS.includes(key) && isPlainObject(v)) {
      out[key] = { ...(user[key] as object), ...v };
    } else {
      out[key] = v;
    }
    managedKeys.push(key);
  }
  if (out.allowUserAllowlist === false) out.allowlist = [...(managed.allowlist ?? [])];
  return { settings: out as Settings, managedKeys };
}

/**
 * Keys the options page must show as locked. Without lockAll: the managed keys, except the
 * unioned lists (the person's own entries stay editable; show policy entries read-only), and the
 * allowlist when the policy ignores the person's own (`userAllowlist` false).
 * With lockAll: everything, except credentials the policy does not provide.
 */
export function lockedKeys(managedKeys: readonly SettingKey[], lockAll: boolean, userAllowlist = true): SettingKey[] {
  if (lockAll) return MANAGED_KEYS.filter((k) => !(CREDENTIAL_KEYS.includes(k) && !managedKeys.includes(k)));
  const locked = managedKeys.filter((k) => !UNIONED_KEYS.includes(k));
  // allowUserAllowlist: false — the person's allowlist is not theirs to edit any more.
  return userAllowlist ? locked : [...locked, 'allowlist'];
}
