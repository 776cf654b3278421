import { describe, expect, it } from 'vitest';
import { confirmedAll, planImport, IMPORT_SAFER, weakening, type ImportableKey } from '@/src/shared/policy/import-plan';
import { DEFAULT_SETTINGS, POLICY_ONLY_KEYS, SETTING_KEYS } from '@/src/shared/policy/settings';
import { CURRENT, IMPORT_EXAMPLES } from '@/src/shared/policy/import-plan.examples';
import { describeChange } from '@/src/shared/policy/import-words';
import { IMPORT_WORDS_EXAMPLES } from '@/src/shared/policy/import-words.examples';

describe('planImport example table', () => {
  it.each(IMPORT_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const r = planImport(e.file, { ...CURRENT, ...e.current }, e.locked ?? []);
    if (!r.ok) throw new Error('not planned');
    expect(r.plan.rejected).toEqual(e.rejected ?? []);
    const diffs = Object.fromEntries(
      r.plan.changes.filter((c) => c.added).map((c) => [c.key, { added: c.added, removed: c.removed }]),
    );
    expect(diffs).toEqual(e.diff ?? {});
    expect(r.plan.patch).toEqual(e.patch);
    // Exactly the keys the file names change; the rest keep their value.
    expect(r.plan.changes.map((c) => c.key).sort()).toEqual(Object.keys(e.patch).sort());
    const confirm = Object.fromEntries(r.plan.changes.filter((c) => c.weakens).map((c) => [c.key, c.weakens]));
    expect(confirm).toEqual(e.confirm ?? {});
    expect(r.plan.confirm.sort()).toEqual(Object.keys(e.confirm ?? {}).sort());
    expect(r.plan.ignored).toEqual(e.ignored ?? []);
  });

  it('a file that is not an object is refused as a whole', () => {
    for (const raw of [null, 42, 'x', [{ hoverDelayMs: 400 }]])
      expect(planImport(raw, CURRENT, [])).toEqual({ ok: false, error: 'not-settings' });
  });

  it('a service URL change says the key stays with its origin', () => {
    const r = planImport({ serviceUrl: 'https://new.example.net/api' }, CURRENT, [], 'https://scan.example.org');
    expect(r.ok && r.plan.serviceKey).toEqual({
      keyOrigin: 'https://scan.example.org',
      newOrigin: 'https://new.example.net',
    });
  });

  it('applying needs every confirmation the plan asks for', () => {
    const r = planImport({ scanHovers: false, auditOnly: true, hoverDelayMs: 200 }, CURRENT, []);
    if (!r.ok) throw new Error('not planned');
    expect(confirmedAll(r.plan, [])).toBe(false);
    expect(confirmedAll(r.plan, ['scanHovers'])).toBe(false);
    expect(confirmedAll(r.plan, ['scanHovers', 'auditOnly'])).toBe(true);
    const harmless = planImport({ hoverDelayMs: 200 }, CURRENT, []);
    expect(harmless.ok && confirmedAll(harmless.plan, [])).toBe(true);
  });
});

describe('IMPORT_SAFER: which way each importable setting is weaker', () => {
  it('names every key a file may change (a new setting must say which way is safer)', () => {
    const importable = SETTING_KEYS.filter(
      (k) => !['version', 'apiKey', 'budgets', 'maxCreditsPerDay', 'categoryActions', ...POLICY_ONLY_KEYS].includes(k),
    );
    expect(Object.keys(IMPORT_SAFER).sort()).toEqual([...importable].sort());
  });

  // One move the safer way and one the weaker way for each key, from the defaults.
  const weaker: Record<ImportableKey, unknown> = {
    serviceUrl: 'https://other.example',
    scanNavigations: false,
    scanHovers: false,
    hoverDelayMs: 301,
    warnThreshold: 52,
    blockThreshold: 77,
    minBlockConfidence: 0.01,
    allowProceed: true,
    strictMode: false,
    holdWhileChecking: false,
    strictTimeoutMs: 4999,
    strictFailMode: 'allow',
    auditOnly: true,
    stripQuery: false,
    resolveShorteners: true,
    scanPrivateHosts: true,
    scanIncognito: true,
    allowlist: ['added.example'],
    blocklist: [],
    cacheTtlMinutes: { ...DEFAULT_SETTINGS.cacheTtlMinutes, suspicious: 361 },
    reportUrl: 'https://report.example/?u={url}',
    notifications: false,
    notifyOnBlock: false,
    disableContextMenu: true,
    visitHistoryDays: 7,
  };
  const base: Record<ImportableKey, unknown> = {
    ...DEFAULT_SETTINGS,
    allowProceed: false,
    strictMode: true,
    strictFailMode: 'block',
    notifyOnBlock: true,
    blocklist: ['kept.example'],
    serviceUrl: 'https://scan.example',
  };
  const safer: Record<ImportableKey, unknown> = {
    ...base,
    scanNavigations: true,
    hoverDelayMs: 299,
    warnThreshold: 50,
    blockThreshold: 75,
    minBlockConfidence: 0,
    strictTimeoutMs: 5001,
    allowlist: [],
    blocklist: ['kept.example', 'more.example'],
    cacheTtlMinutes: { ...DEFAULT_SETTINGS.cacheTtlMinutes, suspicious: 359 },
    reportUrl: '',
    visitHistoryDays: 90,
  };

  it.each(Object.keys(IMPORT_SAFER) as ImportableKey[])(
    '%s: the weaker move is flagged with its reason, the safer one is not',
    (key) => {
      expect(weakening(key, base[key], weaker[key])).toBe(
        key === 'serviceUrl' ? 'service-url-changed' : IMPORT_SAFER[key].reason,
      );
      if (key !== 'serviceUrl') expect(weakening(key, base[key], safer[key])).toBeUndefined();
      expect(weakening(key, base[key], base[key])).toBeUndefined();
    },
  );
});

describe('describeChange example table', () => {
  it.each(IMPORT_WORDS_EXAMPLES.map(([n, c, w]) => [n, c, w] as const))('%s', (_n, change, words) => {
    expect(describeChange(change)).toEqual(words);
  });

  it('every change a file can make has words (no key falls through to a raw value)', () => {
    for (const key of Object.keys(IMPORT_SAFER) as ImportableKey[]) {
      const from = DEFAULT_SETTINGS[key];
      const to =
        typeof from === 'boolean'
          ? !from
          : typeof from === 'number'
            ? from + 1
            : key === 'strictFailMode'
              ? 'block'
              : Array.isArray(from)
                ? ['x.example']
                : typeof from === 'string'
                  ? 'https://x.example'
                  : { ...(from as object), safe: 1 };
      const words = describeChange({
        key,
        from,
        to,
        ...(Array.isArray(from) ? { added: ['x.example'], removed: [] } : {}),
      });
      expect(words.length, key).toBeGreaterThan(0);
      expect(
        words.every((w) => w.msg !== 'imp_value' || key === 'strictFailMode'),
        key,
      ).toBe(true);
    }
  });
});
