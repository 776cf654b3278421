import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CREDENTIAL_KEYS, lockedKeys, MANAGED_KEYS, mergeSettings, readManaged } from '@/src/shared/policy/managed';
import { READ_MANAGED_EXAMPLES, SAMPLE_POLICY } from '@/src/shared/policy/managed.examples';
import { DEFAULT_SETTINGS, defaultSettings, SettingsShape, type Settings } from '@/src/shared/policy/settings';

const USER: Settings = {
  ...defaultSettings(),
  serviceUrl: 'https://user.example',
  apiKey: 'user-key',
  scanHovers: false,
  warnThreshold: 40,
  allowlist: ['mine.example', 'shared.example'],
  blocklist: ['my-bad.example'],
  cacheTtlMinutes: { safe: 10, suspicious: 20, high: 30, malicious: 40 },
};

describe('readManaged example table', () => {
  it.each(READ_MANAGED_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const r = readManaged(e.raw);
    expect(r.values).toEqual(e.values);
    expect([...r.invalid].sort()).toEqual([...e.invalid].sort());
  });

  it('reads the documented sample policy completely', () => {
    const r = readManaged(SAMPLE_POLICY);
    expect(r.invalid).toEqual([]);
    expect(r.values).toEqual(SAMPLE_POLICY);
  });

  it('is defaults-free: an empty policy yields no values at all (zod 4 applies .default() even inside .partial())', () => {
    expect(Object.keys(readManaged({}).values)).toEqual([]);
  });
});

describe('mergeSettings: the policy is a floor over the defaults', () => {
  it('an empty policy does not overwrite any user setting', () => {
    const { settings, managedKeys } = mergeSettings(USER, readManaged({}).values);
    expect(settings).toEqual(USER);
    expect(managedKeys).toEqual([]);
  });

  it('a missing policy (storage.managed unavailable) changes nothing either', () => {
    expect(mergeSettings(USER, readManaged(undefined).values).settings).toEqual(USER);
  });

  it('the policy is a floor: its values hold unless the person chose a safer one', () => {
    const { settings, managedKeys } = mergeSettings(USER, readManaged({ warnThreshold: 60, auditOnly: true }).values);
    // The person's 40 warns more than the policy's 60; hover checks the person had turned off
    // come back on (the policy alone has them on); audit-only the person never touched is the policy's.
    expect(settings).toEqual({ ...USER, warnThreshold: 40, auditOnly: true, scanHovers: true });
    expect(managedKeys.sort()).toEqual(['auditOnly', 'warnThreshold']);
  });

  it('unions the lists, policy entries first, without duplicates', () => {
    const { settings } = mergeSettings(
      USER,
      readManaged({ allowlist: ['corp.example', 'shared.example'], blocklist: ['org-bad.example'] }).values,
    );
    expect(settings.allowlist).toEqual(['corp.example', 'shared.example', 'mine.example']);
    expect(settings.blocklist).toEqual(['org-bad.example', 'my-bad.example']);
  });

  it('cache lifetimes: per band the shorter of the policy alone and the person', () => {
    const { settings } = mergeSettings(
      { ...USER, cacheTtlMinutes: { safe: 10, suspicious: 20, high: 3000, malicious: 40 } },
      readManaged({ cacheTtlMinutes: { malicious: 2880 } }).values,
    );
    expect(settings.cacheTtlMinutes).toEqual({ safe: 10, suspicious: 20, high: 720, malicious: 40 });
  });

  it('budgets given in part keep the user value for the others', () => {
    const user = { ...USER, budgets: { ...USER.budgets, hoversPerTabPerMinute: 10 } };
    const { settings, managedKeys } = mergeSettings(
      user,
      readManaged({ budgets: { navigationsPerTabPerMinute: 6, checksPerDay: 0 } }).values,
    );
    expect(settings.budgets).toEqual({ ...USER.budgets, hoversPerTabPerMinute: 10, navigationsPerTabPerMinute: 6 });
    expect(managedKeys).toContain('budgets');
  });

  it('an invalid policy value leaves the user value in force', () => {
    const { settings } = mergeSettings(USER, readManaged({ warnThreshold: 'high', blockThreshold: 500 }).values);
    expect(settings.warnThreshold).toBe(40);
    expect(settings.blockThreshold).toBe(USER.blockThreshold);
  });

  it('lockAll comes from policy only, never from user storage', () => {
    expect(mergeSettings({ ...USER, lockAll: true }, {}).settings.lockAll).toBe(false);
    expect(mergeSettings(USER, { lockAll: true }).settings.lockAll).toBe(true);
  });

  it('allowPause and allowUserAllowlist come from policy only, like lockAll', () => {
    const fromUser = mergeSettings({ ...USER, allowPause: false, allowUserAllowlist: false }, {}).settings;
    expect(fromUser).toMatchObject({ allowPause: true, allowUserAllowlist: true, allowlist: USER.allowlist });
    expect(mergeSettings(USER, { allowPause: false }).settings.allowPause).toBe(false);
  });

  it("allowUserAllowlist false: the allowlist is the policy's alone (the person's entries are not in force)", () => {
    expect(mergeSettings(USER, readManaged({ allowUserAllowlist: false }).values).settings.allowlist).toEqual([]);
    const both = mergeSettings(
      USER,
      readManaged({ allowUserAllowlist: false, allowlist: ['corp.example'], blocklist: ['org-bad.example'] }).values,
    ).settings;
    expect(both.allowlist).toEqual(['corp.example']);
    // The block lists are not touched: the person's own blocklist still applies.
    expect(both.blocklist).toEqual(['org-bad.example', 'my-bad.example']);
  });

  it('empty credentials in policy keep the user key', () => {
    expect(mergeSettings(USER, readManaged({ apiKey: '', serviceUrl: '' }).values).settings).toMatchObject({
      apiKey: 'user-key',
      serviceUrl: 'https://user.example',
    });
  });

  it('the merge of any policy with valid user settings is valid settings', () => {
    fc.assert(
      fc.property(
        fc.record(Object.fromEntries(MANAGED_KEYS.map((k) => [k, fc.anything()])), { requiredKeys: [] }),
        (raw) => {
          const { settings } = mergeSettings(USER, readManaged(raw).values);
          expect(SettingsShape.safeParse(settings).success).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('lockedKeys', () => {
  it('nothing without a policy', () => {
    expect(lockedKeys({})).toEqual([]);
  });

  it("allowUserAllowlist false locks the person's allowlist, not the blocklist", () => {
    expect(lockedKeys({ allowUserAllowlist: false })).toContain('allowlist');
    expect(lockedKeys({ allowUserAllowlist: false })).not.toContain('blocklist');
    expect(lockedKeys({ allowUserAllowlist: true })).not.toContain('allowlist');
  });

  it('with lockAll, credentials given by policy are locked too; without them they stay free', () => {
    expect(lockedKeys({ lockAll: true, serviceUrl: 'https://s.example', apiKey: 'k' }).sort()).toEqual(
      [...MANAGED_KEYS].sort(),
    );
    expect(lockedKeys({ lockAll: true }).sort()).toEqual(
      MANAGED_KEYS.filter((k) => !CREDENTIAL_KEYS.includes(k)).sort(),
    );
  });

  it('under any policy the protection switches are locked', () => {
    expect(lockedKeys({ blocklist: ['x.example'] })).toEqual(expect.arrayContaining(['auditOnly', 'scanNavigations']));
  });
});

describe('MANAGED_KEYS covers what docs/decisions/014-scan-engine.md requires', () => {
  it.each([
    'serviceUrl',
    'apiKey',
    'scanNavigations',
    'scanHovers',
    'hoverDelayMs',
    'warnThreshold',
    'blockThreshold',
    'allowProceed',
    'strictMode',
    'strictTimeoutMs',
    'strictFailMode',
    'auditOnly',
    'stripQuery',
    'scanPrivateHosts',
    'scanIncognito',
    'allowlist',
    'blocklist',
    'cacheTtlMinutes',
    'reportUrl',
    'lockAll',
    'allowPause',
    'allowUserAllowlist',
  ])('%s', (k) => {
    expect(MANAGED_KEYS).toContain(k);
  });

  it('does not include the storage version', () => {
    expect(MANAGED_KEYS).not.toContain('version');
    expect(MANAGED_KEYS.length).toBe(Object.keys(DEFAULT_SETTINGS).length - 1);
  });
});
