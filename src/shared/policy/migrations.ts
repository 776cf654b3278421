/**
 * Stored settings → current Settings (versioned settings: numbered migrations, one chain test).
 *
 * MIGRATIONS[n] turns version n into n+1 (files in ./migrations/, each with its example). After
 * the chain, repair (repair.ts) validates field by field: an invalid field is reset to its default
 * and recorded, never the whole object; unknown keys are dropped. Data from a NEWER version
 * (a downgrade) is not migrated; its known valid fields are kept. Never throws.
 */
import { defaultSettings, SETTINGS_VERSION, SETTING_KEYS, type Settings } from './settings';
import { isPlainObject, repairSettings } from './repair';
import { v0ToV1 } from './migrations/v0-to-v1';

type Migration = (o: Record<string, unknown>) => Record<string, unknown>;

/** Index n migrates version n to n+1. Add a step here when SETTINGS_VERSION goes up. */
export const MIGRATIONS: readonly Migration[] = [v0ToV1];

export function migrateSettings(raw: unknown): { settings: Settings; repaired: string[] } {
  // First run: nothing stored yet. Defaults, nothing to report.
  if (raw === undefined || raw === null) return { settings: defaultSettings(), repaired: [] };
  if (!isPlainObject(raw)) {
    return { settings: defaultSettings(), repaired: SETTING_KEYS.filter((k) => k !== 'version') };
  }
  // A missing or non-integer version is version 0 (the previews stored none).
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
    obj = { ...raw }; // a step failing is a bug; repair still salvages same-named fields
  }
  return repairSettings(obj);
}
