/**
 * Field-by-field validation (validate at every edge, after darkreader's utils/validation.ts): a bad field is
 * reset to its default and recorded, never the whole object. Used for stored settings (after the
 * migrations), imported settings, and, without defaults, for managed policy (managed.ts).
 *
 * List fields keep their valid entries (one bad entry must not wipe a 500-host allowlist);
 * object fields (cacheTtlMinutes) are repaired per sub-field. Unknown keys are dropped.
 */
import { z } from 'zod/mini';
import { defaultSettings, SETTINGS_VERSION, SettingsShape, type SettingKey, type Settings } from './settings';

export interface FieldCheck {
  /** The usable value, or undefined when nothing of it is usable. */
  value: unknown;
  /** Dotted paths of what was dropped or unusable ('allowlist', 'cacheTtlMinutes.safe'). */
  problems: string[];
}

/**
 * Validate one value against a field schema, salvaging what can be: valid list entries, valid
 * sub-fields of an object. `partialObjects`: an object keeps only its valid sub-fields (managed
 * policy, no defaults); otherwise missing/invalid sub-fields come from `fallback`.
 */
export function checkField(
  schema: z.ZodMiniType,
  value: unknown,
  path: string,
  fallback: unknown,
  partialObjects: boolean,
): FieldCheck {
  const whole = schema.safeParse(value);
  if (whole.success) return { value: whole.data, problems: [] };
  if (schema instanceof z.ZodMiniArray && Array.isArray(value)) {
    const element = schema.def.element as z.ZodMiniType;
    const kept = value.filter((v) => element.safeParse(v).success);
    const again = schema.safeParse(kept);
    return again.success ? { value: again.data, problems: [path] } : { value: undefined, problems: [path] };
  }
  if (schema instanceof z.ZodMiniObject && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    const problems: string[] = [];
    const fb = isPlainObject(fallback) ? fallback : {};
    for (const [k, sub] of Object.entries(schema.shape as Record<string, z.ZodMiniType>)) {
      const v = value[k];
      if (v === undefined) {
        if (!partialObjects) out[k] = fb[k];
        continue;
      }
      const r = sub.safeParse(v);
      if (r.success) out[k] = r.data;
      else {
        problems.push(`${path}.${k}`);
        if (!partialObjects) out[k] = fb[k];
      }
    }
    if (partialObjects && Object.keys(out).length === 0) return { value: undefined, problems };
    return { value: out, problems };
  }
  return { value: undefined, problems: [path] };
}

/** A complete, valid Settings from any object; `repaired` lists the paths reset to defaults. */
export function repairSettings(raw: Record<string, unknown>): { settings: Settings; repaired: string[] } {
  const out: Record<string, unknown> = {};
  const repaired: string[] = [];
  const defaults = defaultSettings(); // a fresh copy: the result must not share the defaults' lists
  const shape = SettingsShape.shape as Record<SettingKey, z.ZodMiniType>;
  for (const key of Object.keys(shape) as SettingKey[]) {
    if (key === 'version') continue;
    const value = raw[key];
    if (value === undefined) {
      out[key] = defaults[key]; // missing (e.g. a field newer than the data): default, silently
      continue;
    }
    const r = checkField(shape[key], value, key, defaults[key], false);
    out[key] = r.value === undefined ? defaults[key] : r.value;
    repaired.push(...r.problems);
  }
  out.version = SETTINGS_VERSION;
  // Defensive: every field was validated above, so this parse only fails on a bug here.
  const final = SettingsShape.safeParse(out);
  return final.success ? { settings: final.data, repaired } : { settings: defaultSettings(), repaired: ['*'] };
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
