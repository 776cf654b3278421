import { describe, expect, it } from 'vitest';
import { legacySettingsMove } from '@/src/shared/policy/legacy-settings';
import { LEGACY_SETTINGS_EXAMPLES } from '@/src/shared/policy/legacy-settings.examples';

describe('legacySettingsMove', () => {
  it.each(LEGACY_SETTINGS_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    expect(legacySettingsMove(e.raw)).toEqual(e.expected);
  });
});
