/** Example table for planImport. `current` is CURRENT unless an example says otherwise. */
import { DEFAULT_SETTINGS, type SettingKey, type Settings } from './settings';
import type { IgnoredWhy, WeakenReason } from './import-plan';

export const CURRENT: Settings = {
  ...structuredClone(DEFAULT_SETTINGS),
  serviceUrl: 'https://scan.example.org',
  warnThreshold: 40,
  strictMode: true,
  strictFailMode: 'block',
  allowlist: ['docs.example.com'],
  blocklist: ['bad.example', 'worse.example'],
};

export interface ImportExample {
  name: string;
  file: Record<string, unknown>;
  locked?: SettingKey[];
  /** key → new value, for exactly the keys that change. */
  patch: Record<string, unknown>;
  /** Keys that need the person's confirmation, and why. */
  confirm?: Partial<Record<SettingKey, WeakenReason>>;
  ignored?: Array<{ key: string; why: IgnoredWhy }>;
}

export const IMPORT_EXAMPLES: readonly ImportExample[] = [
  { name: 'one key changes that key only', file: { hoverDelayMs: 800 }, patch: { hoverDelayMs: 800 } },
  { name: 'an empty file changes nothing', file: {}, patch: {} },
  { name: 'a value equal to the current one is no change', file: { warnThreshold: 40, version: 1 }, patch: {} },
  { name: 'unknown and invalid keys are listed and ignored', file: { hoverDelayMs: 9, bogus: 1, notifications: false }, patch: { notifications: false }, ignored: [{ key: 'hoverDelayMs', why: 'invalid' }, { key: 'bogus', why: 'unknown' }] },
  { name: 'a list keeps its valid entries', file: { blocklist: ['bad.example', 'worse.example', 'new.example', 42] }, patch: { blocklist: ['bad.example', 'worse.example', 'new.example'] }, ignored: [{ key: 'blocklist', why: 'invalid' }] },
  { name: 'the daily scan limit and the budgets are never imported (a file must not stop checks)', file: { maxCreditsPerDay: 1, budgets: { checksPerDay: 1 } }, patch: {}, ignored: [{ key: 'maxCreditsPerDay', why: 'not-importable' }, { key: 'budgets', why: 'not-importable' }] },
  { name: 'the key and lockAll are never imported', file: { apiKey: 'sk_forum', lockAll: true }, patch: {}, ignored: [{ key: 'apiKey', why: 'not-importable' }, { key: 'lockAll', why: 'not-importable' }] },
  { name: 'keys set by the organization are ignored', file: { stripQuery: false, notifications: false }, locked: ['stripQuery'], patch: { notifications: false }, ignored: [{ key: 'stripQuery', why: 'locked' }] },
  { name: 'some TTL bands keep the others', file: { cacheTtlMinutes: { safe: 60 } }, patch: { cacheTtlMinutes: { ...DEFAULT_SETTINGS.cacheTtlMinutes, safe: 60 } } },
  { name: 'clearing the service URL needs confirmation', file: { serviceUrl: '' }, patch: { serviceUrl: '' }, confirm: { serviceUrl: 'service-url-cleared' } },
  { name: 'another service URL needs confirmation', file: { serviceUrl: 'https://attacker.example' }, patch: { serviceUrl: 'https://attacker.example' }, confirm: { serviceUrl: 'service-url-changed' } },
  { name: 'turning checks off needs confirmation', file: { scanNavigations: false, scanHovers: false }, patch: { scanNavigations: false, scanHovers: false }, confirm: { scanNavigations: 'checks-off', scanHovers: 'checks-off' } },
  { name: 'audit-only needs confirmation', file: { auditOnly: true }, patch: { auditOnly: true }, confirm: { auditOnly: 'audit-only' } },
  { name: 'leaving strict mode needs confirmation', file: { strictMode: false, strictFailMode: 'allow' }, patch: { strictMode: false, strictFailMode: 'allow' }, confirm: { strictMode: 'strict-off', strictFailMode: 'strict-off' } },
  { name: 'a higher minimum confidence to block blocks less: confirmation', file: { minBlockConfidence: 0.8 }, patch: { minBlockConfidence: 0.8 }, confirm: { minBlockConfidence: 'threshold-raised' } },
  { name: 'a higher threshold needs confirmation, a lower one not', file: { warnThreshold: 90, blockThreshold: 60 }, patch: { warnThreshold: 90, blockThreshold: 60 }, confirm: { warnThreshold: 'threshold-raised' } },
  { name: 'allowlist additions need confirmation', file: { allowlist: ['docs.example.com', 'bank.example'] }, patch: { allowlist: ['docs.example.com', 'bank.example'] }, confirm: { allowlist: 'allowlist-added' } },
  { name: 'removing an allowlist entry does not', file: { allowlist: [] }, patch: { allowlist: [] } },
  { name: 'blocklist removals need confirmation', file: { blocklist: ['bad.example'] }, patch: { blocklist: ['bad.example'] }, confirm: { blocklist: 'blocklist-removed' } },
  { name: 'sending more needs confirmation', file: { stripQuery: false, scanPrivateHosts: true, scanIncognito: true }, patch: { stripQuery: false, scanPrivateHosts: true, scanIncognito: true }, confirm: { stripQuery: 'sends-more', scanPrivateHosts: 'sends-more', scanIncognito: 'sends-more' } },
  { name: 'a report URL needs confirmation', file: { reportUrl: 'https://x.example/?u={url}' }, patch: { reportUrl: 'https://x.example/?u={url}' }, confirm: { reportUrl: 'report-url' } },
  { name: 'a version-0 file is read with its old names', file: { navScan: false, threshold: 45 }, patch: { scanNavigations: false, warnThreshold: 45 }, confirm: { scanNavigations: 'checks-off', warnThreshold: 'threshold-raised' } },
];
