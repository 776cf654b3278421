/** Reply data the background would send, for the page tests. */
import { floorOf, lockedKeys } from '@/src/shared/policy/managed';
import type { BlockedDetailsData, SettingsData, TabStatusData } from '@/src/shared/messaging/protocol';
import { DEFAULT_SETTINGS } from '@/src/shared/policy/settings';
import type { UrlStatus, Verdict } from '@/src/shared/verdict';

export const verdict = (over: Partial<Verdict> = {}): Verdict => ({
  url: 'https://login.example-bank.test/',
  scanId: 'scn_11111111-2222-3333-4444-555555555555',
  riskScore: 88,
  band: 'malicious',
  confidence: 0.93,
  categories: ['phishing'],
  reasoning: 'Imitates a bank login page.',
  indicators: ['brand impersonation', 'new domain'],
  checkedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  ...over,
});

export const tabStatus = (status: UrlStatus, over: Partial<TabStatusData> = {}): TabStatusData => ({
  url: 'https://login.example-bank.test/signin',
  status,
  configured: true,
  pausedUntil: null,
  credits: 42,
  problem: null,
  canPause: true,
  canTrust: true,
  ...over,
});

/**
 * What settings.get answers. `locked` and `floor` come from the background's own rule
 * (managed.ts, floor.ts) for a policy that sets `managedKeys` to their values in `settings`.
 */
export const settingsData = (
  over: Partial<SettingsData> = {},
  settings: Partial<SettingsData['settings']> = {},
): SettingsData => {
  const all = { ...DEFAULT_SETTINGS, serviceUrl: 'https://scanner.example.com', ...settings, apiKey: '' };
  const policy: Record<string, unknown> = Object.fromEntries(
    (over.managedKeys ?? []).map((k) => [k, k === 'apiKey' ? 'sk_policy' : all[k]]),
  );
  if (over.lockAll) policy.lockAll = true;
  return {
    settings: all,
    apiKeyHint: '…3f9a',
    managedKeys: [],
    lockAll: false,
    locked: lockedKeys(policy),
    floor: floorOf(policy),
    ...over,
  };
};

export const blockedDetails = (over: Partial<BlockedDetailsData> = {}): BlockedDetailsData => ({
  url: 'https://xn--pypal-4ve.test/login',
  firstUrl: null,
  unicodeHost: 'pаypal.test',
  scanId: 'scn_abc',
  riskScore: 91,
  band: 'malicious',
  categories: ['phishing'],
  reasoning: 'Lookalike domain of a payment brand.',
  indicators: ['homoglyph host'],
  checkedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
  reason: 'band:malicious',
  canProceed: true,
  exceptionLifetime: 'session',
  reportUrl: 'https://report.example.com/fp?scan=scn_abc',
  pending: false,
  ...over,
});
