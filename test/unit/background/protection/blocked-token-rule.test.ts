/**
 * The blocked page's token keeps the rule that fired (docs/decisions/017-surfaces.md), read back through its schema:
 * a stored rule that does not parse (storage written by something else) is dropped, never shown
 * as something it is not.
 */
import { describe, it, expect, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createToken, readToken } from '@/src/background/protection/blocked-tokens';
import { writeKey } from '@/src/background/state/kv';
import type { BlockedToken } from '@/src/background/protection/blocked-tokens';

beforeEach(() => fakeBrowser.reset());

const token = (decision: BlockedToken['decision']): BlockedToken => ({
  tabId: 3,
  rawUrl: 'https://evil.example/',
  url: 'https://evil.example/',
  host: 'evil.example',
  verdict: null,
  decision,
  pending: false,
  createdAt: 1,
});

describe('blocked token: the rule', () => {
  it('survives the storage round trip', async () => {
    const rule = { rule: 'orgBlockList', entry: 'evil.example' } as const;
    const { token: t, written } = createToken(token({ action: 'block', reason: 'blocklist', rule }));
    await written;
    // A new worker life reads it from storage (the in-memory copy is gone once written).
    expect((await readToken(t))?.decision).toEqual({ action: 'block', reason: 'blocklist', rule });
  });

  it('a rule that does not parse is dropped; the rest of the token stays', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    await writeKey('session', `blocked:${id}`, {
      ...token({ action: 'block', reason: 'band:malicious' }),
      decision: {
        action: 'block',
        reason: 'band:malicious',
        rule: { rule: 'score', level: 'block', score: 'ninety', threshold: 76 },
      },
    });
    const read = await readToken(id);
    expect(read?.decision).toEqual({ action: 'block', reason: 'band:malicious' });
    expect(read?.host).toBe('evil.example');
  });
});
