/**
 * What importing a settings file will do (docs/decisions/006-nothing-lost.md, docs/decisions/001-content-tier.md): a file is the
 * attacker's file until the person has seen what it changes.
 *
 * - Merge: only keys the file names change; every other setting keeps its value. A list named
 *   in the file replaces the person's own entries of that list (policy entries stay).
 * - Invalid values and unknown keys are listed and ignored (a list keeps its valid entries);
 *   keys set by the organization are listed and ignored; `apiKey` and the policy-only keys
 *   (`lockAll`, `allowPause`, `allowUserAllowlist`) are never imported.
 * - A change that lowers protection or sends more (`weakens`) is applied only after the person
 *   confirmed it: clearing or changing the service URL, turning checks off, audit-only, allowing
 *   "Proceed anyway", leaving strict mode, raising a threshold, adding to the allowlist, removing
 *   from the blocklist, sending query strings / private hosts / private windows, a new report URL.
 * - A new service URL never takes the stored key along (key-binding.ts): `serviceKey` says so.
 * Pure. Examples: import-plan.examples.ts.
 */
import type { z } from 'zod/mini';
import { POLICY_ONLY_KEYS, SettingsShape, SETTINGS_VERSION, type SettingKey, type Settings } from './settings';
import { MIGRATIONS } from './migrations';
import { checkField, isPlainObject } from './repair';
import { serviceOrigin } from './key-binding';

export type WeakenReason =
  | 'service-url-cleared'
  | 'service-url-changed'
  | 'checks-off'
  | 'audit-only'
  | 'proceed-allowed'
  | 'strict-off'
  | 'threshold-raised'
  | 'allowlist-added'
  | 'blocklist-removed'
  | 'sends-more'
  | 'report-url';

export interface ImportChange {
  key: SettingKey;
  from: unknown;
  to: unknown;
  weakens?: WeakenReason;
}

export type IgnoredWhy = 'unknown' | 'invalid' | 'locked' | 'not-importable';

export interface ImportPlan {
  changes: ImportChange[];
  unchanged: SettingKey[];
  /** Keys (or dotted paths of dropped entries) not applied, and why. */
  ignored: Array<{ key: string; why: IgnoredWhy }>;
  /** What settings.set receives: exactly the changed keys. */
  patch: Partial<Settings>;
  /** Keys whose change needs the person's confirmation. */
  confirm: SettingKey[];
  /** The service URL changes: the stored key stays with its origin; one is needed for the new one. */
  serviceKey?: { keyOrigin: string | null; newOrigin: string | null };
}

/**
 * The key never comes from a file; policy-only keys (lockAll, allowPause, …) only from policy;
 * the budgets on what web pages may spend neither (a file from elsewhere must not lift them),
 * nor the daily scan limit (a file setting 1 would stop checks after one scan a day, and the
 * popup would blame the organization's limit).
 */
const NOT_IMPORTABLE: readonly string[] = ['apiKey', 'budgets', 'maxCreditsPerDay', ...POLICY_ONLY_KEYS];

/** The file's object with current key names (older versions migrated), without adding defaults. */
function migrated(raw: Record<string, unknown>): Record<string, unknown> {
  const v = raw.version;
  let version = typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
  let obj: Record<string, unknown> = { ...raw };
  try {
    while (version < SETTINGS_VERSION) {
      const step = MIGRATIONS[version];
      if (!step) break;
      obj = step(obj);
      version += 1;
    }
  } catch {
    obj = { ...raw };
  }
  delete obj.version;
  return obj;
}

const added = (from: unknown, to: unknown) => Array.isArray(from) && Array.isArray(to) && to.some((x) => !from.includes(x));
const removed = (from: unknown, to: unknown) => added(to, from);

/** Why changing `key` from `from` to `to` lowers protection or sends more, if it does. */
export function weakening(key: SettingKey, from: unknown, to: unknown): WeakenReason | undefined {
  switch (key) {
    case 'serviceUrl':
      return to === '' ? 'service-url-cleared' : 'service-url-changed';
    case 'scanNavigations':
    case 'scanHovers':
      return from === true && to === false ? 'checks-off' : undefined;
    case 'auditOnly':
      return to === true ? 'audit-only' : undefined;
    case 'allowProceed':
      return to === true ? 'proceed-allowed' : undefined;
    case 'strictMode':
      return from === true && to === false ? 'strict-off' : undefined;
    case 'strictFailMode':
      return from === 'block' && to === 'allow' ? 'strict-off' : undefined;
    case 'warnThreshold':
    case 'blockThreshold':
    case 'minBlockConfidence': // a higher minimum blocks less
      return typeof from === 'number' && typeof to === 'number' && to > from ? 'threshold-raised' : undefined;
    case 'allowlist':
      return added(from, to) ? 'allowlist-added' : undefined;
    case 'blocklist':
      return removed(from, to) ? 'blocklist-removed' : undefined;
    case 'stripQuery':
      return to === false ? 'sends-more' : undefined;
    case 'scanPrivateHosts':
    case 'scanIncognito':
    case 'resolveShorteners':
      return to === true ? 'sends-more' : undefined;
    case 'reportUrl':
      return to !== '' ? 'report-url' : undefined;
    default:
      return undefined;
  }
}

/**
 * `current`: the settings as the person has them (lists: the person's own entries only).
 * `locked`: keys the organization sets. `keyOrigin`: the origin the stored key is bound to.
 */
export function planImport(
  raw: unknown,
  current: Settings,
  locked: readonly SettingKey[],
  keyOrigin: string | null = null,
): { ok: true; plan: ImportPlan } | { ok: false; error: 'not-settings' } {
  if (!isPlainObject(raw)) return { ok: false, error: 'not-settings' };
  const shape = SettingsShape.shape as Record<SettingKey, z.ZodMiniType>;
  const plan: ImportPlan = { changes: [], unchanged: [], ignored: [], patch: {}, confirm: [] };
  for (const [k, value] of Object.entries(migrated(raw))) {
    if (NOT_IMPORTABLE.includes(k)) {
      plan.ignored.push({ key: k, why: 'not-importable' });
      continue;
    }
    if (!(k in shape) || k === 'version') {
      plan.ignored.push({ key: k, why: 'unknown' });
      continue;
    }
    const key = k as SettingKey;
    if (locked.includes(key)) {
      plan.ignored.push({ key, why: 'locked' });
      continue;
    }
    // Partial objects (cacheTtlMinutes) keep the current value of what the file leaves out.
    const r = checkField(shape[key], value, key, current[key], false);
    for (const p of r.problems) plan.ignored.push({ key: p, why: 'invalid' });
    if (r.value === undefined) continue;
    if (JSON.stringify(r.value) === JSON.stringify(current[key])) {
      plan.unchanged.push(key);
      continue;
    }
    const weakens = key === 'serviceUrl' ? weakening(key, current[key], String(r.value).trim()) : weakening(key, current[key], r.value);
    plan.changes.push({ key, from: current[key], to: r.value, ...(weakens ? { weakens } : {}) });
    (plan.patch as Record<string, unknown>)[key] = r.value;
    if (weakens) plan.confirm.push(key);
    if (key === 'serviceUrl') plan.serviceKey = { keyOrigin, newOrigin: serviceOrigin(String(r.value)) };
  }
  return { ok: true, plan };
}

/** Whether the person confirmed every change that needs it (`confirmed`: keys they saw). */
export function confirmedAll(plan: ImportPlan, confirmed: readonly string[]): boolean {
  return plan.confirm.every((k) => confirmed.includes(k));
}
