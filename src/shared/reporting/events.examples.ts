/**
 * One example of every event type (docs/decisions/016-organizations.md), as docs/admin/reporting.md shows them to administrators
 * (a test keeps the two identical and checks each against the schema).
 */
import type { ReportEvent, ReportType } from './events';

const envelope = (id: string, time: string) => ({
  id,
  time,
  extensionVersion: '0.1.0',
  deviceTag: 'LAPTOP-0042',
  userTag: 'jdoe',
  tenantId: 'acme-eu',
});
const verdict = { scanId: 'scn_01J9Z8', riskScore: 88, band: 'malicious' as const, categories: ['phishing'] };

export const EVENT_EXAMPLES: { [T in ReportType]: Extract<ReportEvent, { type: T }> } = {
  'navigation.blocked': {
    ...envelope('0b6f3c1e-2f61-4d0b-9a57-0d1c8e0f4a11', '2026-03-02T09:14:07.512Z'),
    type: 'navigation.blocked',
    payload: { url: 'https://login-example.test/', host: 'login-example.test', verdict, rule: 'band:malicious' },
  },
  'navigation.proceeded': {
    ...envelope('5c2d8a90-1b7e-4f3a-8c44-6e9b2d1f0a22', '2026-03-02T09:15:40.003Z'),
    type: 'navigation.proceeded',
    payload: { url: 'https://login-example.test/', host: 'login-example.test', verdict, rule: 'band:malicious' },
  },
  'link.openedAnyway': {
    ...envelope('9e4b7f12-6c3d-4a8e-b215-3f7a9c0d5b33', '2026-03-02T09:20:11.870Z'),
    type: 'link.openedAnyway',
    payload: {
      url: 'https://files-share.test/doc',
      host: 'files-share.test',
      verdict: { scanId: 'scn_01J9Z9', riskScore: 64, band: 'high', categories: ['suspicious_download'] },
      rule: 'band:high',
    },
  },
  'audit.wouldBlock': {
    ...envelope('1a7c3e55-8d2f-4b6a-9e03-7c5d1b9f2e44', '2026-03-02T09:31:02.140Z'),
    type: 'audit.wouldBlock',
    payload: { url: 'https://login-example.test/', host: 'login-example.test', verdict, rule: 'band:malicious' },
  },
  'protection.paused': {
    ...envelope('7f3e9a21-4c5b-4d6e-8f17-2a9c0b3d6e55', '2026-03-02T10:00:00.000Z'),
    type: 'protection.paused',
    payload: { until: '2026-03-02T11:00:00.000Z' },
  },
  'protection.resumed': {
    ...envelope('3d8b1c64-9a2e-4f7d-b368-5e1a7c9f0d66', '2026-03-02T10:12:45.301Z'),
    type: 'protection.resumed',
    payload: {},
  },
  'settings.changed': {
    ...envelope('c41e7b93-0d6a-4e2f-a759-8b3c2d1e4f77', '2026-03-02T10:20:00.250Z'),
    type: 'settings.changed',
    payload: {
      source: 'options',
      changes: [{ key: 'scanHovers', value: false }, { key: 'allowlist', entries: 3 }, { key: 'apiKey' }],
    },
  },
  'policy.rejected': {
    ...envelope('e5a2c9d8-7b1f-4c3e-9d84-0f6b5a2c1d88', '2026-03-02T08:00:03.900Z'),
    type: 'policy.rejected',
    payload: { keys: ['blockThreshold', 'reportingUrl'] },
  },
  'lookalike.seen': {
    ...envelope('2b9d4f7a-3e8c-4a1b-8c95-1d7e6f0a3b99', '2026-03-02T11:02:19.442Z'),
    type: 'lookalike.seen',
    payload: {
      host: 'examp1e.okta.com',
      protectedDomain: 'example.okta.com',
      reason: 'confusable',
      trigger: 'password-focus',
    },
  },
  'service.unreachable': {
    ...envelope('8c1f6e3b-5d9a-4b2c-a046-9e2d8f1b7caa', '2026-03-02T12:10:00.000Z'),
    type: 'service.unreachable',
    payload: { since: '2026-03-02T11:58:31.000Z', minutes: 11, error: 'network', ongoing: true },
  },
  'reporting.dropped': {
    ...envelope('4e7a2d9c-1b6f-4e3a-9d27-3c8b5f0e1dbb', '2026-03-03T07:45:12.004Z'),
    type: 'reporting.dropped',
    payload: { count: 214, since: '2026-03-02T18:03:55.120Z' },
  },
  heartbeat: {
    ...envelope('6a3f8d21-9c4e-4b7a-8e15-2d9b7c0f3ecc', '2026-03-03T08:00:00.000Z'),
    type: 'heartbeat',
    payload: { policyHash: 'sha256:3f1c9a0e5b7d2c4f', policyKeys: 9, paused: false, configured: true },
  },
  'site.turnedBad': {
    ...envelope('d2c7e4a9-5f1b-4c8d-9a36-7b0e2f5c1add', '2026-03-04T09:40:02.118Z'),
    type: 'site.turnedBad',
    payload: {
      host: 'shop-example.test',
      visitedAt: '2026-03-02T17:21:40.000Z',
      source: 'scan',
      verdict,
      action: 'block',
      ended: { exceptions: 0, trusted: 1 },
    },
  },
};
