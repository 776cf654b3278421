import { describe, expect, it } from 'vitest';
import { readCache, toCache } from '@/src/shared/policy/managed-cache';

describe('the cache never holds a credential', () => {
  it('toCache drops the policy API key and keeps only that credentials are set', () => {
    const c = toCache({ serviceUrl: 'https://scan.example.org', apiKey: 'sk_org_secret', allowProceed: false });
    expect(JSON.stringify(c)).not.toContain('sk_org_secret');
    expect(c).toEqual({ values: { serviceUrl: 'https://scan.example.org', allowProceed: false }, credentials: true });
  });

  it('readCache drops an apiKey a stored cache might hold, and validates the rest like a policy', () => {
    const c = readCache({
      values: { apiKey: 'sk_forged', blockThreshold: 'low', blocklist: ['bad.example'] },
      credentials: 'yes',
    });
    expect(c).toEqual({ values: { blocklist: ['bad.example'] }, credentials: false });
    expect(readCache('garbage')).toEqual({ values: {}, credentials: false });
  });
});
