/**
 * What importing a settings file will do (docs/decisions/006-nothing-lost.md, docs/decisions/001-content-tier.md): a file is the
 * attacker's file until the person has seen what it changes.
 *
 * - Merge: only keys the file names change; every other setting keeps its value. A list named
 *   in the file replaces the person's own entries of that list (policy entries stay).
 * - Invalid values and unknown keys are listed and ignored (a list keeps its valid entries);
 *   keys set by the organization are listed and ignored; `apiKey` and the policy-only keys
 *   (`lockAll`, `allowPause`, `allowUserAllowlist`) are never imported.
 * - List entries are read strictly (import-lists.ts): each refused entry is listed with why.
 * - A change that lowers protection or sends more (`weakens`) is applied only after the person
 *   confirmed it. Which way is weaker is said once per key, in IMPORT_SAFER below.
 * - A new service URL never takes the stored key along (key-binding.ts): `serviceKey` says so.
 * Pure. Examples: import-plan.examples.ts.
 */
import type { z } from 'zod/mini';
import { POLICY_ONLY_KEYS, SettingsShape, SETTINGS_VERSION, type SettingKey, type Settings } from './settings';
import { MIGRATIONS } from './migrations';
import { checkField, isPlainObject } from './repair';
import { serviceOrigin } from './key-binding';
import { listDiff, readListEntries, type RejectedEntry } from './import-lists';

export type { RejectedEntry } from './import-lists';

export type WeakenReason =
  | 'service-url-cleared'
  | 'service-url-changed'
  | 'checks-off'
  | 'hover-slower'
  | 'audit-only'
  | 'proceed-allowed'
  | 'strict-off'
  | 'strict-shorter'
  | 'threshold-raised'
  | 'cache-longer'
  | 'allowlist-added'
  | 'blocklist-removed'
  | 'sends-more'
  | 'report-url'
  | 'notify-less'
  | 'menu-removed';

export interface ImportChange {
  key: SettingKey;
  from: unknown;
  to: unknown;
  weakens?: WeakenReason;
  /** Lists: the hosts the change adds and removes. */
  added?: string[];
  removed?: string[];
}

export type IgnoredWhy = 'unknown' | 'invalid' | 'locked' | 'not-importable';

export interface ImportPlan {
  changes: ImportChange[];
  unchanged: SettingKey[];
  /** Keys (or dotted paths of dropped entries) not applied, and why. */
  ignored: Array<{ key: string; why: IgnoredWhy }>;
  /** List entries of the file refused, each with its reason. */
  rejected: RejectedEntry[];
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
 * popup would blame the organization's limit), nor the actions per category (the options page
 * has no control for them, so a file would set what the person could not see or undo there).
 */
const NOT_IMPORTABLE: readonly string[] = [
  'apiKey',
  'budgets',
  'maxCreditsPerDay',
  'categoryActions',
  ...POLICY_ONLY_KEYS,
];

export type ImportableKey = Exclude<
  SettingKey,
  'version' | 'apiKey' | 'budgets' | 'maxCreditsPerDay' | 'categoryActions' | (typeof POLICY_ONLY_KEYS)[number]
>;

/**
 * Which way each importable setting is safer, and what moving it the other way does. Every
 * importable key is named (the type makes a new key declare its direction). The organization's
 * floor (which way a person may move a setting under a policy) is the same question; this table
 * is written so that one table can answer both.
 * - `on` / `off`: that boolean value is the safer one; `lower` / `higher`: for a number;
 *   `each-lower`: an object of numbers, each lower is safer (a shorter cache notices a site
 *   that turned bad sooner); `value`: that one value is safer;
 * - `fewer`: a list whose additions weaken (allowlist); `more`: whose removals weaken (blocklist);
 * - `same`: any change weakens (a new address to send to); `cleared`: what clearing it does
 *   (null: clearing is not weaker).
 */
export type ImportSafer =
  | { safer: 'on' | 'off' | 'lower' | 'higher' | 'each-lower' | 'fewer' | 'more'; reason: WeakenReason }
  | { safer: 'value'; value: unknown; reason: WeakenReason }
  | { safer: 'same'; reason: WeakenReason; cleared: WeakenReason | null };

export const IMPORT_SAFER: Readonly<Record<ImportableKey, ImportSafer>> = {
  serviceUrl: { safer: 'same', reason: 'service-url-changed', cleared: 'service-url-cleared' },
  scanNavigations: { safer: 'on', reason: 'checks-off' },
  scanHovers: { safer: 'on', reason: 'checks-off' },
  hoverDelayMs: { safer: 'lower', reason: 'hover-slower' },
  warnThreshold: { safer: 'lower', reason: 'threshold-raised' },
  blockThreshold: { safer: 'lower', reason: 'threshold-raised' },
  minBlockConfidence: { safer: 'lower', reason: 'threshold-raised' }, // a higher minimum blocks less
  allowProceed: { safer: 'off', reason: 'proceed-allowed' },
  strictMode: { safer: 'on', reason: 'strict-off' },
  holdWhileChecking: { safer: 'on', reason: 'strict-off' },
  // Shorter: with "open the page" a page opens unchecked sooner; asked even with "block".
  strictTimeoutMs: { safer: 'higher', reason: 'strict-shorter' },
  strictFailMode: { safer: 'value', value: 'block', reason: 'strict-off' },
  auditOnly: { safer: 'off', reason: 'audit-only' },
  stripQuery: { safer: 'on', reason: 'sends-more' },
  resolveShorteners: { safer: 'off', reason: 'sends-more' }, // contacts the shortener
  scanPrivateHosts: { safer: 'off', reason: 'sends-more' },
  scanIncognito: { safer: 'off', reason: 'sends-more' },
  allowlist: { safer: 'fewer', reason: 'allowlist-added' },
  blocklist: { safer: 'more', reason: 'blocklist-removed' },
  cacheTtlMinutes: { safer: 'each-lower', reason: 'cache-longer' },
  reportUrl: { safer: 'same', reason: 'report-url', cleared: null },
  notifications: { safer: 'on', reason: 'notify-less' },
  notifyOnBlock: { safer: 'on', reason: 'notify-less' },
  // Fewer days: fewer sites the person is told about when they turn out bad later.
  visitHistoryDays: { safer: 'higher', reason: 'notify-less' },
  disableContextMenu: { safer: 'off', reason: 'menu-removed' },
};

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

const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);

/** Why changing `key` from `from` to `to` lowers protection or sends more, if it does (IMPORT_SAFER). */
export function weakening(key: SettingKey, from: unknown, to: unknown): WeakenReason | undefined {
  const rule = (IMPORT_SAFER as Partial<Record<SettingKey, ImportSafer>>)[key];
  if (!rule || JSON.stringify(from) === JSON.stringify(to)) return undefined;
  const weaker = (() => {
    switch (rule.safer) {
      case 'on':
        return to !== true;
      case 'off':
        return to !== false;
      case 'lower':
        return !(num(to) <= num(from));
      case 'higher':
        return !(num(to) >= num(from));
      case 'each-lower': {
        const f = isPlainObject(from) ? from : {};
        return !isPlainObject(to) || Object.entries(to).some(([band, v]) => !(num(v) <= num(f[band])));
      }
      case 'value':
        return to !== rule.value;
      case 'fewer':
        return listDiff(asList(from), asList(to)).added.length > 0;
      case 'more':
        return listDiff(asList(from), asList(to)).removed.length > 0;
      case 'same':
        return to !== '' || rule.cleared !== null;
    }
  })();
  if (!weaker) return undefined;
  return rule.safer === 'same' && to === '' && rule.cleared ? rule.cleared : rule.reason;
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

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
  const plan: ImportPlan = { changes: [], unchanged: [], ignored: [], rejected: [], patch: {}, confirm: [] };
  for (const [k, fileValue] of Object.entries(migrated(raw))) {
    let value = fileValue;
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
    const isList = key === 'allowlist' || key === 'blocklist';
    if (isList && Array.isArray(value)) {
      const read = readListEntries(key, value);
      plan.rejected.push(...read.rejected);
      value = read.hosts;
    }
    // Partial objects (cacheTtlMinutes) keep the current value of what the file leaves out.
    const r = checkField(shape[key], value, key, current[key], false);
    for (const p of r.problems) plan.ignored.push({ key: p, why: 'invalid' });
    if (r.value === undefined) continue;
    const diff = isList ? listDiff(current[key], r.value as string[]) : null;
    if (diff ? !diff.added.length && !diff.removed.length : JSON.stringify(r.value) === JSON.stringify(current[key])) {
      plan.unchanged.push(key);
      continue;
    }
    const weakens =
      key === 'serviceUrl'
        ? weakening(key, current[key], String(r.value).trim())
        : weakening(key, current[key], r.value);
    plan.changes.push({ key, from: current[key], to: r.value, ...(weakens ? { weakens } : {}), ...diff });
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
