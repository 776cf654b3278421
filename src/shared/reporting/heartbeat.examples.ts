/** Example table for policyDigestText (heartbeat.ts): a policy → the text that is hashed. */
export const POLICY_DIGEST_EXAMPLES: ReadonlyArray<readonly [policy: Record<string, unknown>, text: string | null]> = [
  [{}, null],
  [{ apiKey: 'sk_live_x', reportingToken: 'rt_y' }, null], // secrets only: nothing is hashed
  [{ blockThreshold: 60, allowProceed: false }, '{"allowProceed":false,"blockThreshold":60}'], // keys sorted
  [{ apiKey: 'sk_live_x', serviceUrl: 'https://scan.example.org' }, '{"serviceUrl":"https://scan.example.org"}'],
  [
    { cacheTtlMinutes: { safe: 60, malicious: 2880 }, blocklist: ['b.example', 'a.example'] },
    '{"blocklist":["b.example","a.example"],"cacheTtlMinutes":{"malicious":2880,"safe":60}}',
  ], // lists keep their order
  [{ organizationName: 'Ünïcode "Org"' }, '{"organizationName":"Ünïcode \\"Org\\""}'],
];
