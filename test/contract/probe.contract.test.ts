// The options page's "Test connection" learns whether a key may submit scans without spending a
// credit: an empty scan request is refused for scope (403) before the body is validated.
import { describe, expect, it } from 'vitest';
import { useService } from './setup';

const h = useService();

describe('probeScanWrite', () => {
  it('a key with SCAN_WRITE → allowed, and no credit is spent, no scan created', async () => {
    const before = h.svc.getCredits();
    expect(await h.client().probeScanWrite()).toBe('allowed');
    expect(h.svc.getCredits()).toBe(before);
    expect(h.svc.scans()).toHaveLength(0);
  });
  it('a key without SCAN_WRITE → forbidden', async () => {
    expect(await h.client({ apiKey: h.svc.readOnlyKey }).probeScanWrite()).toBe('forbidden');
  });
  it('an unknown key → unauthorized', async () => {
    expect(await h.client({ apiKey: 'nope' }).probeScanWrite()).toBe('unauthorized');
  });
});
