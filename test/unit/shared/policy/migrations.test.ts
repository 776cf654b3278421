import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MIGRATIONS, migrateSettings } from '@/src/shared/policy/migrations';
import { V0_EXAMPLE, V0_EXAMPLE_MIGRATED, v0ToV1 } from '@/src/shared/policy/migrations/v0-to-v1';
import { DEFAULT_SETTINGS, SETTINGS_VERSION, SettingsShape } from '@/src/shared/policy/settings';

describe('migration chain', () => {
  it('has one step per version', () => {
    expect(MIGRATIONS).toHaveLength(SETTINGS_VERSION);
  });

  it('takes the v0 example through every step to the current settings', () => {
    const r = migrateSettings(V0_EXAMPLE);
    expect(r.settings).toEqual(V0_EXAMPLE_MIGRATED);
    expect(r.settings.version).toBe(SETTINGS_VERSION);
    expect(r.repaired).toEqual([]);
  });

  it('leaves current, valid settings unchanged', () => {
    const current = {
      ...DEFAULT_SETTINGS,
      apiKey: 'k',
      allowlist: ['a.example'],
      cacheTtlMinutes: { safe: 5, suspicious: 6, high: 7, malicious: 8 },
    };
    expect(migrateSettings(current)).toEqual({ settings: current, repaired: [] });
  });

  it('keeps v1-named keys of a version-less object (written by v1 code without a version)', () => {
    expect(migrateSettings({ scanHovers: false, apiKey: 'k' }).settings).toMatchObject({
      scanHovers: false,
      apiKey: 'k',
    });
  });

  it('v0: a single threshold above the default block threshold keeps warn <= block', () => {
    const out = v0ToV1({ threshold: 90 });
    expect(out).toMatchObject({ warnThreshold: 90, blockThreshold: 90, version: 1 });
    expect(out).not.toHaveProperty('threshold');
  });

  it('v0: a whitelist that is already a list is kept, and sendQuery is inverted', () => {
    expect(v0ToV1({ whitelist: ['a.example'], sendQuery: false })).toMatchObject({
      allowlist: ['a.example'],
      stripQuery: true,
    });
  });
});

describe('field-by-field repair', () => {
  it('resets only the invalid field and records it', () => {
    const r = migrateSettings({ ...DEFAULT_SETTINGS, hoverDelayMs: -3, apiKey: 'keep-me', strictFailMode: 'explode' });
    expect(r.settings).toEqual({ ...DEFAULT_SETTINGS, apiKey: 'keep-me' });
    expect(r.repaired.sort()).toEqual(['hoverDelayMs', 'strictFailMode']);
  });

  it('keeps the valid entries of a list with a bad one', () => {
    const r = migrateSettings({ ...DEFAULT_SETTINGS, allowlist: ['a.example', 7, 'b.example', 'x'.repeat(301)] });
    expect(r.settings.allowlist).toEqual(['a.example', 'b.example']);
    expect(r.repaired).toEqual(['allowlist']);
  });

  it('repairs one cache lifetime, not all four', () => {
    const r = migrateSettings({ ...DEFAULT_SETTINGS, cacheTtlMinutes: { safe: 10, suspicious: 'x', high: 30 } });
    expect(r.settings.cacheTtlMinutes).toEqual({
      safe: 10,
      suspicious: DEFAULT_SETTINGS.cacheTtlMinutes.suspicious,
      high: 30,
      malicious: DEFAULT_SETTINGS.cacheTtlMinutes.malicious,
    });
    expect(r.repaired).toEqual(['cacheTtlMinutes.suspicious']);
  });

  it('drops unknown keys', () => {
    const r = migrateSettings({ ...DEFAULT_SETTINGS, theme: 'dark', __proto__x: 1 });
    expect(r.settings).toEqual(DEFAULT_SETTINGS);
    expect(Object.keys(r.settings).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });

  it('first run (nothing stored) gives defaults without reporting repairs', () => {
    expect(migrateSettings(undefined)).toEqual({ settings: DEFAULT_SETTINGS, repaired: [] });
    expect(migrateSettings(null)).toEqual({ settings: DEFAULT_SETTINGS, repaired: [] });
  });

  it('garbage gives defaults and reports every field', () => {
    const r = migrateSettings('corrupted');
    expect(r.settings).toEqual(DEFAULT_SETTINGS);
    expect(r.repaired).toContain('apiKey');
    expect(r.repaired).not.toContain('version');
  });

  it('data from a newer version keeps its known valid fields', () => {
    const r = migrateSettings({ ...DEFAULT_SETTINGS, version: SETTINGS_VERSION + 5, apiKey: 'k', futureThing: true });
    expect(r.settings).toEqual({ ...DEFAULT_SETTINGS, apiKey: 'k' });
  });

  it('returns a fresh object, never the shared defaults', () => {
    const a = migrateSettings(undefined).settings;
    a.allowlist.push('mutated.example');
    expect(DEFAULT_SETTINGS.allowlist).toEqual([]);
  });
});

describe('migrateSettings properties', () => {
  const fieldValues = fc.record(Object.fromEntries(Object.keys(DEFAULT_SETTINGS).map((k) => [k, fc.anything()])), {
    requiredKeys: [],
  });
  const v0Like = fc.record(
    {
      apiUrl: fc.anything(),
      key: fc.anything(),
      hoverScan: fc.anything(),
      navScan: fc.anything(),
      threshold: fc.anything(),
      whitelist: fc.anything(),
      sendQuery: fc.anything(),
    },
    { requiredKeys: [] },
  );

  it('never throws and always returns valid current settings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fieldValues, v0Like), (raw) => {
        const r = migrateSettings(raw);
        expect(SettingsShape.safeParse(r.settings).success).toBe(true);
        expect(r.settings.version).toBe(SETTINGS_VERSION);
      }),
      { numRuns: 1000 },
    );
  });

  it('never reports a field as repaired when its stored value was valid', () => {
    fc.assert(
      fc.property(fieldValues, (raw) => {
        const r = migrateSettings({ ...raw, version: SETTINGS_VERSION });
        for (const path of r.repaired) {
          const key = path.split('.')[0] as keyof typeof DEFAULT_SETTINGS;
          const schema = SettingsShape.shape[key];
          expect(schema.safeParse((raw as Record<string, unknown>)[key]).success).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
