import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyFloor,
  atLeastAsSafe,
  FLOOR_KEYS,
  NEVER_PERSON_CHOICE,
  personRoom,
  policyAloneOf,
  SAFER,
} from '@/src/shared/policy/floor';
import { FLOOR_EXAMPLES, ROOM_EXAMPLES, UNCHOSEN_EXAMPLES } from '@/src/shared/policy/floor.examples';
import { mergeSettings, readManaged } from '@/src/shared/policy/managed';
import { defaultSettings, SETTING_KEYS, SettingsShape, type Settings } from '@/src/shared/policy/settings';

const person = (p: Partial<Settings>): Settings => ({ ...defaultSettings(), ...p });

describe('floor example table', () => {
  it.each(FLOOR_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const { values, invalid } = readManaged(e.policy);
    // The rows use valid policies, except where the row is about refusing a choice.
    if (!e.name.includes('never hands over')) expect(invalid).toEqual([]);
    const { settings } = mergeSettings(person(e.person), values);
    expect(settings).toMatchObject(e.expect);
  });

  it.each(UNCHOSEN_EXAMPLES.map((e) => [e.name, e] as const))('unchosen: %s', (_n, e) => {
    const chosen = new Set(Object.keys(e.person) as (keyof Settings)[]);
    const { settings } = mergeSettings(person(e.person), readManaged(e.policy).values, chosen);
    expect(settings).toMatchObject(e.expect);
  });

  it.each(ROOM_EXAMPLES.map((e) => [e.name, e] as const))('room: %s', (_n, e) => {
    expect(personRoom(e.key as never, readManaged(e.policy).values as never).room).toBe(e.room);
  });
});

describe('every setting says which way is safer', () => {
  it('SAFER names every setting but the storage version', () => {
    expect([...FLOOR_KEYS].sort()).toEqual(SETTING_KEYS.filter((k) => k !== 'version').sort());
  });

  it('the protection switches are never left to the person, and a policy that tries is told', () => {
    for (const k of NEVER_PERSON_CHOICE) {
      const r = readManaged({ personMayChange: [k] });
      expect(r.invalid).toContain(`personMayChange.${k}`);
      expect(r.values.personMayChange).toEqual([]);
    }
  });
});

/** Any valid value of every setting (from the schema: arbitrary values, kept where they parse). */
const anySettings = fc.record(
  Object.fromEntries(
    FLOOR_KEYS.map((k) => [
      k,
      fc.oneof(
        fc.boolean(),
        fc.integer({ min: -5, max: 70_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('allow', 'block', '', 'https://x.example'),
        fc.array(
          fc.constantFrom(
            'a.example',
            'b.example',
            'c.example',
            'auditOnly',
            'warnThreshold',
            'strictMode',
            'hoverDelayMs',
          ),
        ),
        fc.record({
          safe: fc.integer({ min: 1, max: 43_200 }),
          suspicious: fc.integer({ min: 1, max: 43_200 }),
          high: fc.integer({ min: 1, max: 43_200 }),
          malicious: fc.integer({ min: 1, max: 43_200 }),
        }),
      ),
    ]),
  ),
  { requiredKeys: [] },
);

describe('property: the settings in force are never less safe than the policy alone', () => {
  it('for every key and any policy and person', () => {
    fc.assert(
      fc.property(anySettings, anySettings, (rawPolicy, rawPerson) => {
        const { values } = readManaged(rawPolicy);
        if (!Object.keys(values).length) return; // no policy: the person's own settings
        const mine = person(readManaged(rawPerson).values as Partial<Settings>);
        const { settings } = mergeSettings(mine, values);
        expect(SettingsShape.safeParse(settings).success).toBe(true);
        const alone = policyAloneOf(values);
        const left = new Set(alone.personMayChange);
        for (const k of FLOOR_KEYS) {
          // Keys the policy explicitly leaves to the person, and the allowlist while allowUserAllowlist.
          if (left.has(k) && values[k] === undefined && !NEVER_PERSON_CHOICE.includes(k)) continue;
          if (SAFER[k].kind === 'personList' && alone.allowUserAllowlist) continue;
          if (SAFER[k].kind === 'fixed' && values[k] === undefined) continue;
          if (SAFER[k].kind === 'fixed' && k === 'budgets') continue; // given in part: named fields hold (example table)
          expect(atLeastAsSafe(k, settings[k] as never, alone[k] as never), k).toBe(true);
        }
        // Audit-only and "Check pages I open": a person never switches protection off.
        if (!alone.auditOnly) expect(settings.auditOnly).toBe(false);
        if (alone.scanNavigations) expect(settings.scanNavigations).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('applyFloor of the policy alone with itself is the policy alone', () => {
    const alone = policyAloneOf(readManaged({ strictMode: true, blockThreshold: 70 }).values);
    expect(applyFloor({ person: alone, managed: { strictMode: true, blockThreshold: 70 } })).toEqual(alone);
  });
});
