import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatPolicyHash, policyDigestText } from '@/src/shared/reporting/heartbeat';
import { POLICY_DIGEST_EXAMPLES } from '@/src/shared/reporting/heartbeat.examples';
import { isSelected } from '@/src/shared/reporting/event-types';

describe('policyDigestText example table', () => {
  it.each(POLICY_DIGEST_EXAMPLES.map(([p, t]) => [JSON.stringify(p), p, t] as const))('%s', (_n, policy, text) => {
    expect(policyDigestText(policy)).toBe(text);
  });

  it('the same policy in another key order has the same text; a changed value another', () => {
    expect(policyDigestText({ a: 1, b: { y: 2, x: 1 } })).toBe(policyDigestText({ b: { x: 1, y: 2 }, a: 1 }));
    expect(policyDigestText({ a: 1 })).not.toBe(policyDigestText({ a: 2 }));
  });

  it('a secret never changes the text, so the hash cannot be used to guess it', () => {
    expect(policyDigestText({ serviceUrl: 'https://s.example', apiKey: 'one' })).toBe(
      policyDigestText({ serviceUrl: 'https://s.example', apiKey: 'two' }),
    );
  });

  it('the hash is SHA-256 of the text, as an administrator computes it from the policy file', async () => {
    const text = policyDigestText({ blockThreshold: 60, allowProceed: false })!;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    expect(formatPolicyHash(digest)).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`);
  });
});

describe('reportingEvents selection', () => {
  it('empty selects every type; a list selects its types and reporting.dropped always', () => {
    expect(isSelected([], 'heartbeat')).toBe(true);
    expect(isSelected(['navigation.blocked'], 'navigation.blocked')).toBe(true);
    expect(isSelected(['navigation.blocked'], 'heartbeat')).toBe(false);
    expect(isSelected(['navigation.blocked'], 'reporting.dropped')).toBe(true);
  });
});
