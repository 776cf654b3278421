/**
 * Example table for the floor rule (floor.ts): under a policy the person can only make a setting
 * safer, unless the policy leaves it to them. Each row: what the policy sets, what the person
 * stored, and the value in force for the keys named in `expect`.
 */
import type { Settings } from './settings';

export interface FloorExample {
  name: string;
  policy: Record<string, unknown>;
  person: Partial<Settings>;
  expect: Partial<Settings>;
}

export const FLOOR_EXAMPLES: readonly FloorExample[] = [
  {
    name: 'no policy: the person may switch audit-only on',
    policy: {},
    person: { auditOnly: true },
    expect: { auditOnly: true },
  },
  {
    name: 'a policy that names neither: the person cannot switch audit-only on',
    policy: { blocklist: ['bad.example'] },
    person: { auditOnly: true },
    expect: { auditOnly: false },
  },
  {
    name: 'a policy that names neither: "Check pages I open" stays on',
    policy: { strictMode: true },
    person: { scanNavigations: false },
    expect: { scanNavigations: true, strictMode: true },
  },
  {
    name: 'strict mode from the policy: the person cannot turn it off',
    policy: { strictMode: true, strictFailMode: 'block' },
    person: { strictMode: false, strictFailMode: 'allow' },
    expect: { strictMode: true, strictFailMode: 'block' },
  },
  {
    name: 'the person may turn strict mode on under a policy that leaves it off',
    policy: { serviceUrl: 'https://scan.example' },
    person: { strictMode: true },
    expect: { strictMode: true },
  },
  {
    name: 'a lower block threshold than the policy counts',
    policy: { blockThreshold: 80 },
    person: { blockThreshold: 60 },
    expect: { blockThreshold: 60 },
  },
  {
    name: 'a higher block threshold than the policy does not',
    policy: { blockThreshold: 80 },
    person: { blockThreshold: 95 },
    expect: { blockThreshold: 80 },
  },
  {
    name: 'an unnamed threshold: the default is the floor',
    policy: { lockAll: false },
    person: { warnThreshold: 90 },
    expect: { warnThreshold: 51 },
  },
  {
    name: 'cache lifetimes: each band the shorter',
    policy: { cacheTtlMinutes: { malicious: 60 } },
    person: { cacheTtlMinutes: { safe: 10, suspicious: 9999, high: 30, malicious: 2000 } },
    expect: { cacheTtlMinutes: { safe: 10, suspicious: 360, high: 30, malicious: 60 } },
  },
  {
    name: 'the query stays stripped',
    policy: { allowPause: false },
    person: { stripQuery: false },
    expect: { stripQuery: true },
  },
  {
    name: '"Proceed anyway": the person may remove it, not add it back',
    policy: { allowProceed: false },
    person: { allowProceed: true },
    expect: { allowProceed: false },
  },
  {
    name: 'block lists add up',
    policy: { blocklist: ['org-bad.example'] },
    person: { blocklist: ['my-bad.example'] },
    expect: { blocklist: ['org-bad.example', 'my-bad.example'] },
  },
  {
    name: "the person's allowlist counts while the policy lets it",
    policy: { allowlist: ['corp.example'] },
    person: { allowlist: ['mine.example'] },
    expect: { allowlist: ['corp.example', 'mine.example'] },
  },
  {
    name: "allowUserAllowlist false: the policy's allowlist alone",
    policy: { allowUserAllowlist: false, allowlist: ['corp.example'] },
    person: { allowlist: ['mine.example'] },
    expect: { allowlist: ['corp.example'] },
  },
  {
    name: 'personMayChange leaves a threshold to the person, either way',
    policy: { personMayChange: ['warnThreshold'] },
    person: { warnThreshold: 90 },
    expect: { warnThreshold: 90 },
  },
  {
    name: 'personMayChange never hands over audit-only',
    policy: { personMayChange: ['auditOnly'] },
    person: { auditOnly: true },
    expect: { auditOnly: false },
  },
  {
    name: 'a key both named and left: the policy value holds',
    policy: { personMayChange: ['hoverDelayMs'], hoverDelayMs: 200 },
    person: { hoverDelayMs: 900 },
    expect: { hoverDelayMs: 200 },
  },
  {
    name: 'no safer way (the service): the policy value when it sets one',
    policy: { serviceUrl: 'https://scan.example' },
    person: { serviceUrl: 'https://mine.example' },
    expect: { serviceUrl: 'https://scan.example' },
  },
  {
    name: 'no safer way, not named: the person’s',
    policy: { strictMode: true },
    person: { serviceUrl: 'https://mine.example', notifications: false },
    expect: { serviceUrl: 'https://mine.example', notifications: false },
  },
  {
    name: 'budgets given in part keep the person’s other fields',
    policy: { budgets: { checksPerDay: 500 } },
    person: {
      budgets: {
        navigationsPerTabPerMinute: 9,
        navigationsPerSitePerMinute: 30,
        hoversPerTabPerMinute: 60,
        hoversPerSitePerMinute: 120,
        checksPerSitePerDay: 800,
        checksPerDay: 9000,
      },
    },
    expect: {
      budgets: {
        navigationsPerTabPerMinute: 9,
        navigationsPerSitePerMinute: 30,
        hoversPerTabPerMinute: 60,
        hoversPerSitePerMinute: 120,
        checksPerSitePerDay: 800,
        checksPerDay: 500,
      },
    },
  },
  {
    name: 'a category action: the person may make it stricter, not looser',
    policy: { categoryActions: { adult_content: 'block', scam: 'warn' } },
    person: {
      categoryActions: {
        phishing: 'warn',
        malware: 'ignore',
        scam: 'block',
        suspicious: 'ignore',
        adult_content: 'ignore',
      },
    },
    expect: {
      categoryActions: {
        phishing: 'warn',
        malware: 'ignore',
        scam: 'block',
        suspicious: 'ignore',
        adult_content: 'block',
      },
    },
  },
  {
    name: 'policy-only keys never come from the person',
    policy: { strictMode: true },
    person: { lockAll: true, allowPause: false, reportingUrl: 'https://mine.example/r' },
    expect: { lockAll: false, allowPause: true, reportingUrl: '' },
  },
];

export interface RoomExample {
  name: string;
  policy: Record<string, unknown>;
  key: keyof Settings;
  room: 'free' | 'fixed' | 'safer';
}

/** What the options page lets the person do with one key (floor.ts personRoom). */
export const ROOM_EXAMPLES: readonly RoomExample[] = [
  {
    name: 'audit-only under any policy',
    policy: { serviceUrl: 'https://scan.example' },
    key: 'auditOnly',
    room: 'fixed',
  },
  {
    name: 'strict mode left off by the policy may be turned on',
    policy: { serviceUrl: 'https://scan.example' },
    key: 'strictMode',
    room: 'safer',
  },
  { name: 'strict mode on by the policy', policy: { strictMode: true }, key: 'strictMode', room: 'fixed' },
  { name: 'a threshold may be lowered', policy: { blockThreshold: 80 }, key: 'blockThreshold', room: 'safer' },
  { name: 'a threshold at 0 cannot move', policy: { warnThreshold: 0 }, key: 'warnThreshold', room: 'fixed' },
  { name: 'the service, named', policy: { serviceUrl: 'https://scan.example' }, key: 'serviceUrl', room: 'fixed' },
  { name: 'the service, not named', policy: { strictMode: true }, key: 'serviceUrl', room: 'free' },
  { name: 'lockAll: everything fixed', policy: { lockAll: true }, key: 'strictMode', room: 'fixed' },
  {
    name: 'lockAll leaves credentials the policy does not give',
    policy: { lockAll: true },
    key: 'apiKey',
    room: 'free',
  },
  {
    name: 'the block list stays the person’s to add to',
    policy: { blocklist: ['x.example'] },
    key: 'blocklist',
    room: 'free',
  },
  {
    name: 'the allowlist, when the policy ignores the person’s',
    policy: { allowUserAllowlist: false },
    key: 'allowlist',
    room: 'fixed',
  },
  {
    name: 'category actions set by the policy may still be made stricter',
    policy: { categoryActions: { adult_content: 'block' } },
    key: 'categoryActions',
    room: 'safer',
  },
  {
    name: 'a key left to the person',
    policy: { personMayChange: ['hoverDelayMs'] },
    key: 'hoverDelayMs',
    room: 'free',
  },
];

/** A default the person never changed is no choice: the policy's value holds, in either direction. */
export const UNCHOSEN_EXAMPLES: readonly FloorExample[] = [
  {
    name: 'the policy may switch audit-only on for everyone',
    policy: { auditOnly: true },
    person: {},
    expect: { auditOnly: true },
  },
  {
    name: 'the policy may raise a threshold the person never set',
    policy: { warnThreshold: 70 },
    person: {},
    expect: { warnThreshold: 70 },
  },
  {
    name: 'the policy may turn hover checks off',
    policy: { scanHovers: false },
    person: {},
    expect: { scanHovers: false },
  },
  {
    name: 'a person who turned hover checks on keeps them',
    policy: { scanHovers: false },
    person: { scanHovers: true },
    expect: { scanHovers: true },
  },
];
