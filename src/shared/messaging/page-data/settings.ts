/** Reply data of our pages' settings requests: effective settings, writes and imports, "Proceed anyway" exceptions. */
import type { Settings, SettingKey } from '../../policy/settings';
import type { ImportPlan } from '../../policy/import-plan';
import type { ExceptionRow } from '../../policy/exceptions-view';

export type { ExceptionRow };

/** `settings.get`: effective settings with the key masked, plus which keys policy sets. */
export interface SettingsData {
  settings: Settings; // apiKey is '' here; see apiKeyHint
  apiKeyHint: string | null; // e.g. '…3f9a' when a key is set
  managedKeys: SettingKey[];
  lockAll: boolean;
  /** Keys the person cannot change under the policy (floor.ts personRoom); absent = none. */
  locked?: SettingKey[];
  /** Keys the person may move only the safer way, with the organization's value (floor.ts). */
  floor?: Partial<Record<SettingKey, unknown>>;
  /** Policy-provided list entries (see ManagedListEntries); absent = unknown. */
  managedEntries?: ManagedListEntries;
  /**
   * The person's stored key: its last four characters, the origin it was entered for, and
   * whether it goes with the current service URL (a key is sent to its own origin only).
   * Absent = unknown; null = no key stored.
   */
  storedKey?: { hint: string; origin: string | null; inUse: boolean } | null;
}

/** `settings.legacyHeld`: the settings kept aside by the upgrade, as a settings file, or null. */
export interface LegacyHeldData {
  json: string | null;
}

/** `settings.import`: the plan, and whether it was applied (then `result` is the new state). */
export interface SettingsImportData {
  plan: ImportPlan;
  applied: boolean;
  result?: SettingsWriteData;
}

/**
 * Reply of `settings.set` and `settings.import`: the new effective settings, plus the fields
 * that were not applied and why (policy lock, invalid value) so the options page never says
 * "Saved" for a refused change. `repaired`: what an import had to fix or drop.
 */
export interface SettingsWriteData extends SettingsData {
  refused?: Record<string, string>;
  repaired?: unknown;
}

/**
 * Optional on SettingsData (pages cope without it): the allow/block list entries that come from
 * managed policy, so the options page can show them locked while the person's own entries stay
 * editable (docs/admin/policy.md: policy lists are added to the person's).
 */
export interface ManagedListEntries {
  allowlist: string[];
  blocklist: string[];
}

/** `exceptions.list` / `exceptions.revoke` / `exceptions.revokeAll` (docs/decisions/017-surfaces.md). */
export interface ExceptionsData {
  /** Policy allowProceed: false means no exception can exist (and none is listed). */
  allowed: boolean;
  items: ExceptionRow[];
}
