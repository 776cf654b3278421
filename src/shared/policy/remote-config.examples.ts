/**
 * Examples for remote-config.ts: the managed policy, the remote file, and the policy in force
 * with what is reported. `expected` lists only the keys the example is about.
 */
export interface LayerExample {
  name: string;
  /** Policy values as readManaged gives them (objects may be partial, as a policy may give them). */
  managed: Readonly<Record<string, unknown>>;
  remote: Readonly<Record<string, unknown>>;
  expected: Partial<Record<string, unknown>>;
  problems: string[];
}

export const LAYER_EXAMPLES: readonly LayerExample[] = [
  {
    name: 'a key the managed policy leaves open: the remote value',
    managed: {},
    remote: { strictMode: true, blockThreshold: 60 },
    expected: { strictMode: true, blockThreshold: 60 },
    problems: [],
  },
  {
    name: 'open keys may be loose too: the managed policy did not set them',
    managed: {},
    remote: { blockThreshold: 90 },
    expected: { blockThreshold: 90 },
    problems: [],
  },
  {
    name: 'a stricter threshold than the managed one: taken',
    managed: { blockThreshold: 70 },
    remote: { blockThreshold: 60 },
    expected: { blockThreshold: 60 },
    problems: [],
  },
  {
    name: 'a looser threshold: the managed one stays',
    managed: { blockThreshold: 70 },
    remote: { blockThreshold: 90 },
    expected: { blockThreshold: 70 },
    problems: ['configUrl.blockThreshold:managed-wins'],
  },
  {
    name: 'a switch turned off that the policy turned on: stays on',
    managed: { strictMode: true },
    remote: { strictMode: false },
    expected: { strictMode: true },
    problems: ['configUrl.strictMode:managed-wins'],
  },
  {
    name: '"Proceed anyway" off where the policy allows it: off',
    managed: { allowProceed: true },
    remote: { allowProceed: false },
    expected: { allowProceed: false },
    problems: [],
  },
  {
    name: 'audit-only asked for under a policy without it: stays off',
    managed: { auditOnly: false },
    remote: { auditOnly: true },
    expected: { auditOnly: false },
    problems: ['configUrl.auditOnly:managed-wins'],
  },
  {
    name: 'ranked: block on failure is stricter than allow',
    managed: { strictFailMode: 'allow' },
    remote: { strictFailMode: 'block' },
    expected: { strictFailMode: 'block' },
    problems: [],
  },
  {
    name: 'block list: the entries of both',
    managed: { blocklist: ['a.example'] },
    remote: { blocklist: ['b.example', 'a.example'] },
    expected: { blocklist: ['a.example', 'b.example'] },
    problems: [],
  },
  {
    name: "allowlist: the managed policy's alone where it sets one",
    managed: { allowlist: ['intra.example'] },
    remote: { allowlist: ['intra.example', 'evil.example'] },
    expected: { allowlist: ['intra.example'] },
    problems: ['configUrl.allowlist:managed-wins'],
  },
  {
    name: 'allowlist where the managed policy sets none: the remote one',
    managed: {},
    remote: { allowlist: ['intra.example'] },
    expected: { allowlist: ['intra.example'] },
    problems: [],
  },
  {
    name: 'category actions: the stricter per category, the rest from either',
    managed: { categoryActions: { scam: 'warn', adult_content: 'block' } },
    remote: { categoryActions: { scam: 'block', adult_content: 'ignore', phishing: 'block' } },
    expected: { categoryActions: { scam: 'block', adult_content: 'block', phishing: 'block' } },
    problems: ['configUrl.categoryActions:managed-wins'],
  },
  {
    name: 'cache lifetimes: the shorter per band',
    managed: { cacheTtlMinutes: { safe: 60 } },
    remote: { cacheTtlMinutes: { safe: 30, high: 10 } },
    expected: { cacheTtlMinutes: { safe: 30, high: 10 } },
    problems: [],
  },
  {
    name: 'a key without a safer way both set: the managed value',
    managed: { maxCreditsPerDay: 500 },
    remote: { maxCreditsPerDay: 100 },
    expected: { maxCreditsPerDay: 500 },
    problems: ['configUrl.maxCreditsPerDay:managed-wins'],
  },
  {
    name: 'the same value in both: nothing to report',
    managed: { maxCreditsPerDay: 500 },
    remote: { maxCreditsPerDay: 500 },
    expected: { maxCreditsPerDay: 500 },
    problems: [],
  },
  {
    name: 'policy-only keys both set: the managed value',
    managed: { allowPause: true },
    remote: { allowPause: false },
    expected: { allowPause: true },
    problems: ['configUrl.allowPause:managed-wins'],
  },
  {
    name: 'policy-only keys left open: the remote value (lockAll)',
    managed: {},
    remote: { lockAll: true, brandName: 'Example Corp' },
    expected: { lockAll: true, brandName: 'Example Corp' },
    problems: [],
  },
  {
    name: 'budgets given in part: the managed fields, the remote others',
    managed: { budgets: { checksPerDay: 100 } },
    remote: { budgets: { checksPerDay: 50, checksPerSitePerDay: 5 } },
    expected: { budgets: { checksPerDay: 100, checksPerSitePerDay: 5 } },
    problems: ['configUrl.budgets:managed-wins'],
  },
  {
    name: 'never from the remote file: where addresses, events and secrets go, and the remote keys',
    managed: {},
    remote: {
      serviceUrl: 'https://evil.example',
      apiKey: 'k',
      reportingUrl: 'https://evil.example/in',
      reportingToken: 't',
      configUrl: 'https://evil.example/c.json',
      blockFeedUrl: 'https://evil.example/f',
      remoteRefreshMinutes: 1440,
    },
    expected: {
      serviceUrl: undefined,
      apiKey: undefined,
      reportingUrl: undefined,
      reportingToken: undefined,
      configUrl: undefined,
      blockFeedUrl: undefined,
      remoteRefreshMinutes: undefined,
    },
    problems: [
      'configUrl.serviceUrl:managed-only',
      'configUrl.apiKey:managed-only',
      'configUrl.reportingUrl:managed-only',
      'configUrl.reportingToken:managed-only',
      'configUrl.configUrl:managed-only',
      'configUrl.blockFeedUrl:managed-only',
      'configUrl.remoteRefreshMinutes:managed-only',
    ],
  },
];

/** Remote files → refused as a whole (the last good copy stays) or read. */
export const READ_EXAMPLES: ReadonlyArray<{ name: string; text: string; ok: boolean; problems: string[] }> = [
  {
    name: 'a policy-shaped object',
    text: '{"strictMode": true, "blocklist": ["evil.example"]}',
    ok: true,
    problems: [],
  },
  { name: 'an empty object: nothing added', text: '{}', ok: true, problems: [] },
  { name: 'not JSON', text: 'strictMode=true', ok: false, problems: ['configUrl:not-json'] },
  { name: 'JSON, not an object', text: '["strictMode"]', ok: false, problems: ['configUrl:not-an-object'] },
  {
    name: 'a typo in a key: the whole file refused',
    text: '{"strictMode": true, "blockThreshhold": 50}',
    ok: false,
    problems: ['configUrl.blockThreshhold'],
  },
  {
    name: 'a wrong value: the whole file refused',
    text: '{"strictMode": "yes"}',
    ok: false,
    problems: ['configUrl.strictMode'],
  },
  {
    name: 'a threshold out of range: refused',
    text: '{"blockThreshold": 500}',
    ok: false,
    problems: ['configUrl.blockThreshold'],
  },
];
