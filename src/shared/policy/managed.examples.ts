/**
 * Example policies for readManaged / mergeSettings. SAMPLE_POLICY is the same
 * object docs/admin/deployment.md shows administrators (a test keeps the two identical).
 */

/** The value of `3rdparty.extensions.<id>` (Chrome) / `3rdparty.Extensions.<id>` (Firefox). */
export const SAMPLE_POLICY = {
  serviceUrl: 'https://scan.example.org',
  apiKey: 'sk_live_REPLACE_ME',
  scanNavigations: true,
  scanHovers: true,
  warnThreshold: 51,
  blockThreshold: 76,
  allowProceed: false,
  strictMode: true,
  strictTimeoutMs: 4000,
  strictFailMode: 'block',
  stripQuery: true,
  scanPrivateHosts: false,
  allowlist: ['intranet.example.com', 'example-corp.com'],
  blocklist: ['known-bad.example'],
  cacheTtlMinutes: { malicious: 2880 },
  reportUrl: 'https://helpdesk.example.com/report?scan={scanId}&url={url}',
  allowPause: false,
  allowUserAllowlist: false,
  lockAll: false,
} as const;

export interface ReadManagedExample {
  name: string;
  raw: unknown;
  values: Record<string, unknown>;
  invalid: string[];
}

export const READ_MANAGED_EXAMPLES: readonly ReadManagedExample[] = [
  { name: 'no policy at all', raw: undefined, values: {}, invalid: [] },
  { name: 'empty policy', raw: {}, values: {}, invalid: [] },
  { name: 'one valid key', raw: { auditOnly: true }, values: { auditOnly: true }, invalid: [] },
  {
    name: 'the issue-10 keys',
    raw: { allowPause: false, allowUserAllowlist: false },
    values: { allowPause: false, allowUserAllowlist: false },
    invalid: [],
  },
  { name: 'allowPause must be a boolean', raw: { allowPause: 'no' }, values: {}, invalid: ['allowPause'] },
  {
    name: 'wrong type rejected',
    raw: { warnThreshold: '60', scanHovers: false },
    values: { scanHovers: false },
    invalid: ['warnThreshold'],
  },
  {
    name: 'out of range rejected',
    raw: { hoverDelayMs: 10, blockThreshold: 101 },
    values: {},
    invalid: ['hoverDelayMs', 'blockThreshold'],
  },
  { name: 'bad enum rejected', raw: { strictFailMode: 'deny' }, values: {}, invalid: ['strictFailMode'] },
  { name: 'unknown key reported', raw: { blockTreshold: 80 }, values: {}, invalid: ['blockTreshold'] },
  { name: 'version is not a policy', raw: { version: 7 }, values: {}, invalid: ['version'] },
  { name: 'empty credentials are "not set"', raw: { apiKey: '', serviceUrl: ' ' }, values: {}, invalid: [] },
  {
    name: 'empty reportUrl is a value (hide the link)',
    raw: { reportUrl: '' },
    values: { reportUrl: '' },
    invalid: [],
  },
  {
    name: 'bad list entries dropped, rest kept',
    raw: { blocklist: ['a.example', 42, 'b.example'] },
    values: { blocklist: ['a.example', 'b.example'] },
    invalid: ['blocklist'],
  },
  {
    name: 'some TTL bands',
    raw: { cacheTtlMinutes: { malicious: 60 } },
    values: { cacheTtlMinutes: { malicious: 60 } },
    invalid: [],
  },
  {
    name: 'bad TTL band dropped',
    raw: { cacheTtlMinutes: { safe: 0, high: 30 } },
    values: { cacheTtlMinutes: { high: 30 } },
    invalid: ['cacheTtlMinutes.safe'],
  },
  {
    name: 'some budgets',
    raw: { budgets: { navigationsPerTabPerMinute: 6 } },
    values: { budgets: { navigationsPerTabPerMinute: 6 } },
    invalid: [],
  },
  {
    name: 'a budget below its minimum is dropped',
    raw: { budgets: { hoversPerTabPerMinute: 1, checksPerDay: 500 } },
    values: { budgets: { checksPerDay: 500 } },
    invalid: ['budgets.hoversPerTabPerMinute'],
  },
  { name: 'null means not set', raw: { scanHovers: null }, values: {}, invalid: [] },
  { name: 'not an object', raw: 'lockAll', values: {}, invalid: ['*'] },
];
