/**
 * Example table for legacySettingsMove (legacy-settings.ts): a settings record found in
 * storage.local (an older build's, or a page's forgery: they look the same) and what is moved,
 * held for the person, or dropped. Tested in test/unit/shared/policy/legacy-settings.test.ts.
 */
import type { LegacySettingsMove } from './legacy-settings';
import { SETTINGS_VERSION } from './settings';

export const LEGACY_SETTINGS_EXAMPLES: readonly { name: string; raw: unknown; expected: LegacySettingsMove }[] = [
  {
    name: 'a forged service URL and key: the URL held, the key dropped, nothing moved',
    raw: { version: 1, serviceUrl: 'https://attacker.example', apiKey: 'sk_forged' },
    expected: { moved: null, held: { serviceUrl: 'https://attacker.example' } },
  },
  {
    name: 'allowlist entries and checks off are held; a block list and a lower threshold move',
    raw: {
      version: 1,
      allowlist: ['bank.example'],
      scanNavigations: false,
      blocklist: ['evil.example'],
      blockThreshold: 60,
    },
    expected: {
      moved: { blocklist: ['evil.example'], blockThreshold: 60, version: SETTINGS_VERSION },
      held: { allowlist: ['bank.example'], scanNavigations: false },
    },
  },
  {
    name: 'audit-only, query strings, private windows and a report URL are held',
    raw: {
      version: 1,
      auditOnly: true,
      stripQuery: false,
      scanIncognito: true,
      reportUrl: 'https://collect.example/r',
    },
    expected: {
      moved: null,
      held: { auditOnly: true, stripQuery: false, scanIncognito: true, reportUrl: 'https://collect.example/r' },
    },
  },
  {
    name: 'strict mode on moves (no weaker than a fresh install); notifications off is kept aside (the import review counts fewer warnings shown as weaker)',
    raw: { version: 1, strictMode: true, strictFailMode: 'block', notifications: false },
    expected: {
      moved: { strictMode: true, strictFailMode: 'block', version: SETTINGS_VERSION },
      held: { notifications: false },
    },
  },
  {
    name: 'policy-only keys, budgets and the daily limit are dropped',
    raw: {
      version: 1,
      lockAll: true,
      reportingUrl: 'https://collect.example',
      budgets: { checksPerDay: 10_000_000 },
      maxCreditsPerDay: 1,
    },
    expected: { moved: null, held: null },
  },
  { name: 'not a settings record', raw: 'settings', expected: { moved: null, held: null } },
  { name: 'an empty record', raw: {}, expected: { moved: null, held: null } },
];
