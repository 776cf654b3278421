/** Example table for planImport. `current` is CURRENT unless an example says otherwise. */
import { DEFAULT_SETTINGS, type SettingKey, type Settings } from './settings';
import type { IgnoredWhy, RejectedEntry, WeakenReason } from './import-plan';

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
  /** Settings that differ from CURRENT for this example. */
  current?: Partial<Settings>;
  locked?: SettingKey[];
  /** key → new value, for exactly the keys that change. */
  patch: Record<string, unknown>;
  /** Keys that need the person's confirmation, and why. */
  confirm?: Partial<Record<SettingKey, WeakenReason>>;
  ignored?: Array<{ key: string; why: IgnoredWhy }>;
  /** List entries refused, in file order. */
  rejected?: RejectedEntry[];
  /** Lists: hosts added and removed. */
  diff?: Partial<Record<'allowlist' | 'blocklist', { added: string[]; removed: string[] }>>;
}

const no = (key: 'allowlist' | 'blocklist', entry: string, problem: RejectedEntry['problem']): RejectedEntry => ({
  key,
  entry,
  problem,
});

export const IMPORT_EXAMPLES: readonly ImportExample[] = [
  { name: 'one key changes that key only', file: { hoverDelayMs: 200 }, patch: { hoverDelayMs: 200 } },
  { name: 'an empty file changes nothing', file: {}, patch: {} },
  { name: 'a value equal to the current one is no change', file: { warnThreshold: 40, version: 1 }, patch: {} },
  {
    name: 'unknown and invalid keys are listed and ignored',
    file: { hoverDelayMs: 9, bogus: 1, strictTimeoutMs: 8000 },
    patch: { strictTimeoutMs: 8000 },
    ignored: [
      { key: 'hoverDelayMs', why: 'invalid' },
      { key: 'bogus', why: 'unknown' },
    ],
  },
  {
    name: 'the daily scan limit and the budgets are never imported (a file must not stop checks)',
    file: { maxCreditsPerDay: 1, budgets: { checksPerDay: 1 } },
    patch: {},
    ignored: [
      { key: 'maxCreditsPerDay', why: 'not-importable' },
      { key: 'budgets', why: 'not-importable' },
    ],
  },
  {
    name: 'the key and lockAll are never imported',
    file: { apiKey: 'sk_forum', lockAll: true },
    patch: {},
    ignored: [
      { key: 'apiKey', why: 'not-importable' },
      { key: 'lockAll', why: 'not-importable' },
    ],
  },
  {
    name: 'keys set by the organization are ignored',
    file: { stripQuery: false, strictTimeoutMs: 8000 },
    locked: ['stripQuery'],
    patch: { strictTimeoutMs: 8000 },
    ignored: [{ key: 'stripQuery', why: 'locked' }],
  },
  // Which way is weaker, key by key (IMPORT_SAFER).
  {
    name: 'clearing the service URL needs confirmation',
    file: { serviceUrl: '' },
    patch: { serviceUrl: '' },
    confirm: { serviceUrl: 'service-url-cleared' },
  },
  {
    name: 'another service URL needs confirmation',
    file: { serviceUrl: 'https://attacker.example' },
    patch: { serviceUrl: 'https://attacker.example' },
    confirm: { serviceUrl: 'service-url-changed' },
  },
  {
    name: 'turning checks off needs confirmation',
    file: { scanNavigations: false, scanHovers: false },
    patch: { scanNavigations: false, scanHovers: false },
    confirm: { scanNavigations: 'checks-off', scanHovers: 'checks-off' },
  },
  {
    name: 'turning checks on does not',
    file: { scanNavigations: true },
    current: { scanNavigations: false },
    patch: { scanNavigations: true },
  },
  {
    name: 'a longer hover delay needs confirmation (links are checked later), a shorter one not',
    file: { hoverDelayMs: 800 },
    patch: { hoverDelayMs: 800 },
    confirm: { hoverDelayMs: 'hover-slower' },
  },
  {
    name: 'audit-only needs confirmation',
    file: { auditOnly: true },
    patch: { auditOnly: true },
    confirm: { auditOnly: 'audit-only' },
  },
  {
    name: 'leaving audit-only does not',
    file: { auditOnly: false },
    current: { auditOnly: true },
    patch: { auditOnly: false },
  },
  {
    name: 'allowing "Proceed anyway" needs confirmation',
    file: { allowProceed: true },
    current: { allowProceed: false },
    patch: { allowProceed: true },
    confirm: { allowProceed: 'proceed-allowed' },
  },
  {
    name: 'leaving strict mode needs confirmation',
    file: { strictMode: false, strictFailMode: 'allow' },
    patch: { strictMode: false, strictFailMode: 'allow' },
    confirm: { strictMode: 'strict-off', strictFailMode: 'strict-off' },
  },
  {
    name: 'a shorter strict-mode wait needs confirmation, a longer one not',
    file: { strictTimeoutMs: 1000 },
    patch: { strictTimeoutMs: 1000 },
    confirm: { strictTimeoutMs: 'strict-shorter' },
  },
  {
    name: 'a higher minimum confidence to block blocks less: confirmation',
    file: { minBlockConfidence: 0.8 },
    patch: { minBlockConfidence: 0.8 },
    confirm: { minBlockConfidence: 'threshold-raised' },
  },
  {
    name: 'a higher threshold needs confirmation, a lower one not',
    file: { warnThreshold: 90, blockThreshold: 60 },
    patch: { warnThreshold: 90, blockThreshold: 60 },
    confirm: { warnThreshold: 'threshold-raised' },
  },
  {
    name: 'some TTL bands keep the others; shorter needs no confirmation',
    file: { cacheTtlMinutes: { safe: 60 } },
    patch: { cacheTtlMinutes: { ...DEFAULT_SETTINGS.cacheTtlMinutes, safe: 60 } },
  },
  {
    name: 'a longer cache in any band needs confirmation',
    file: { cacheTtlMinutes: { safe: 60, malicious: 43_200 } },
    patch: { cacheTtlMinutes: { ...DEFAULT_SETTINGS.cacheTtlMinutes, safe: 60, malicious: 43_200 } },
    confirm: { cacheTtlMinutes: 'cache-longer' },
  },
  {
    name: 'sending more needs confirmation',
    file: { stripQuery: false, scanPrivateHosts: true, scanIncognito: true, resolveShorteners: true },
    patch: { stripQuery: false, scanPrivateHosts: true, scanIncognito: true, resolveShorteners: true },
    confirm: {
      stripQuery: 'sends-more',
      scanPrivateHosts: 'sends-more',
      scanIncognito: 'sends-more',
      resolveShorteners: 'sends-more',
    },
  },
  {
    name: 'a report URL needs confirmation',
    file: { reportUrl: 'https://x.example/?u={url}' },
    patch: { reportUrl: 'https://x.example/?u={url}' },
    confirm: { reportUrl: 'report-url' },
  },
  {
    name: 'hiding "Report a mistake" does not',
    file: { reportUrl: '' },
    current: { reportUrl: 'https://x.example/?u={url}' },
    patch: { reportUrl: '' },
  },
  {
    name: 'fewer notifications or no menu needs confirmation',
    file: { notifications: false, notifyOnBlock: false, disableContextMenu: true },
    current: { notifyOnBlock: true },
    patch: { notifications: false, notifyOnBlock: false, disableContextMenu: true },
    confirm: { notifications: 'notify-less', notifyOnBlock: 'notify-less', disableContextMenu: 'menu-removed' },
  },
  {
    name: 'a version-0 file is read with its old names',
    file: { navScan: false, threshold: 45 },
    patch: { scanNavigations: false, warnThreshold: 45 },
    confirm: { scanNavigations: 'checks-off', warnThreshold: 'threshold-raised' },
  },
  // Lists: entries read strictly, each refused one listed with why.
  {
    name: 'allowlist additions need confirmation',
    file: { allowlist: ['docs.example.com', 'bank.example'] },
    patch: { allowlist: ['docs.example.com', 'bank.example'] },
    confirm: { allowlist: 'allowlist-added' },
    diff: { allowlist: { added: ['bank.example'], removed: [] } },
  },
  {
    name: 'removing an allowlist entry does not',
    file: { allowlist: [] },
    patch: { allowlist: [] },
    diff: { allowlist: { added: [], removed: ['docs.example.com'] } },
  },
  {
    name: 'blocklist removals need confirmation',
    file: { blocklist: ['bad.example'] },
    patch: { blocklist: ['bad.example'] },
    confirm: { blocklist: 'blocklist-removed' },
    diff: { blocklist: { added: [], removed: ['worse.example'] } },
  },
  {
    name: 'a list keeps its valid entries; a non-string is refused by name',
    file: { blocklist: ['bad.example', 'worse.example', 'new.example', 42] },
    patch: { blocklist: ['bad.example', 'worse.example', 'new.example'] },
    rejected: [no('blocklist', '42', 'invalid')],
    diff: { blocklist: { added: ['new.example'], removed: [] } },
  },
  {
    name: 'a hostile allowlist never names a public suffix: every such entry is refused with its reason',
    file: {
      allowlist: [
        'login.mybank.com@com',
        'mybank.com:443@com',
        'com',
        '*.co.uk',
        'github.io',
        'https://mybank.com/login',
        'bank.example:443',
        'bank.example/login?next=1',
        'docs.example.com',
      ],
    },
    patch: {},
    rejected: [
      no('allowlist', 'login.mybank.com@com', 'userinfo'),
      no('allowlist', 'mybank.com:443@com', 'userinfo'),
      no('allowlist', 'com', 'public-suffix'),
      no('allowlist', '*.co.uk', 'public-suffix'),
      no('allowlist', 'github.io', 'public-suffix'),
      no('allowlist', 'https://mybank.com/login', 'scheme'),
      no('allowlist', 'bank.example:443', 'port'),
      no('allowlist', 'bank.example/login?next=1', 'path'),
    ],
  },
  {
    name: 'a path entry names part of a site and is kept as written',
    file: { blocklist: ['bad.example', 'worse.example', 'Shop.Example/phish/*'] },
    patch: { blocklist: ['bad.example', 'worse.example', 'shop.example/phish/*'] },
    diff: { blocklist: { added: ['shop.example/phish/*'], removed: [] } },
  },
  {
    name: 'the same hosts in another spelling are no change',
    file: { allowlist: ['DOCS.example.com.'], blocklist: ['*.worse.example', 'bad.example', 'bad.example'] },
    patch: {},
  },
  {
    name: 'a Unicode name is stored in its ASCII form',
    file: { blocklist: ['bad.example', 'worse.example', 'bücher.example'] },
    patch: { blocklist: ['bad.example', 'worse.example', 'xn--bcher-kva.example'] },
    diff: { blocklist: { added: ['xn--bcher-kva.example'], removed: [] } },
  },
  {
    name: 'an over-long entry is refused by its start and length',
    file: { blocklist: ['bad.example', 'worse.example', `${'a'.repeat(400)}.example`] },
    patch: {},
    rejected: [{ key: 'blocklist', entry: 'a'.repeat(80), length: 408, problem: 'too-long' }],
  },
];
