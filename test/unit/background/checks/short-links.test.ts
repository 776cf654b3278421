/**
 * Opaque shorteners (docs/decisions/003-every-hop.md): never contacted unless resolveShorteners is on; then one
 * HEAD per short URL (not following the redirect), recorded in the ledger as sent to the
 * shortener, and its answer is one more hop of the link.
 */
import { describe, expect, it } from 'vitest';
import { createLinkChecker } from '@/src/background/checks/link-check';
import { createShortLinks, locationTarget } from '@/src/background/checks/short-links';
import type { CheckOutcome, Checker } from '@/src/background/checks/checker';
import type { LedgerEntry } from '@/src/shared/messaging/protocol';
import type { UrlStatus } from '@/src/shared/verdict';

const block: UrlStatus = {
  kind: 'verdict',
  verdict: {
    url: 'x',
    scanId: 's',
    riskScore: 90,
    band: 'malicious',
    confidence: 1,
    categories: [],
    reasoning: '',
    indicators: [],
    checkedAt: 1,
  },
  decision: { action: 'block', reason: 't' },
};

function world(opts: { location?: string | null; enabled: boolean; shortStatus?: UrlStatus }) {
  const heads: string[] = [];
  const ledger: LedgerEntry[] = [];
  const asked: string[] = [];
  const shortLinks = createShortLinks({
    head: async (url) => {
      heads.push(url);
      return new Response(null, { status: 200, headers: opts.location ? { location: opts.location } : {} });
    },
    watchLocation: () => ({ location: async () => null, stop: () => undefined }),
    record: async (e) => void ledger.push(e),
    now: () => 42,
  });
  const answer = async (raw: string): Promise<CheckOutcome> => {
    asked.push(raw);
    const host = new URL(raw).hostname;
    const status: UrlStatus =
      host === 'bit.ly'
        ? (opts.shortStatus ?? { kind: 'unchecked' })
        : host === 'phish.example'
          ? block
          : { kind: 'unchecked' };
    return { status, url: raw, host };
  };
  const checker: Checker = {
    check: (r) => answer(r),
    lookup: (r) => answer(r),
    decorate: (s) => s,
    recheck: async () => null,
  };
  const links = createLinkChecker(checker, { shortLinks, resolveShorteners: async () => opts.enabled });
  return { links, heads, ledger, asked };
}

describe('short links', () => {
  it('off (the default): the shortener is never contacted; the short URL is judged as it is', async () => {
    const w = world({ enabled: false, location: 'https://phish.example/' });
    const o = await w.links.check('https://bit.ly/abc', 'hover');
    expect(w.heads).toEqual([]);
    expect(w.ledger).toEqual([]);
    expect(w.asked).toEqual(['https://bit.ly/abc']);
    expect(o.leadsTo).toBeNull();
  });

  it('on: one HEAD, in the ledger, and the destination judged as a hop', async () => {
    const w = world({ enabled: true, location: 'https://phish.example/login' });
    const o = await w.links.check('https://bit.ly/abc', 'hover');
    expect(w.heads).toEqual(['https://bit.ly/abc']);
    expect(w.ledger).toEqual([{ url: 'https://bit.ly/abc', at: 42, reason: 'hover', sentTo: 'shortener' }]);
    expect(w.asked).toEqual(['https://bit.ly/abc', 'https://phish.example/login']);
    expect(o).toMatchObject({ leadsTo: 'phish.example', badHop: 'destination', worst: 1 });
    // Asked once per short URL: a second hover and a lookup use what was learned.
    await w.links.check('https://bit.ly/abc', 'hover');
    expect((await w.links.lookup('https://bit.ly/abc')).leadsTo).toBe('phish.example');
    expect(w.heads).toHaveLength(1);
  });

  it('on, but the short URL itself was not let through the gate (paused, allow-listed…): not contacted', async () => {
    const w = world({
      enabled: true,
      location: 'https://phish.example/',
      shortStatus: { kind: 'skipped', reason: 'paused' },
    });
    await w.links.check('https://bit.ly/abc', 'hover');
    expect(w.heads).toEqual([]);
  });

  it('a lookup never contacts the shortener', async () => {
    const w = world({ enabled: true, location: 'https://phish.example/' });
    await w.links.lookup('https://bit.ly/abc');
    expect(w.heads).toEqual([]);
  });

  it('no usable answer: judged as the short URL', async () => {
    const w = world({ enabled: true, location: 'javascript:alert(1)' });
    const o = await w.links.check('https://bit.ly/abc', 'hover');
    expect(o.hopUrls).toEqual(['https://bit.ly/abc']);
  });

  it("Location hidden from the script (an opaque redirect): taken from the browser's view of the response, even when that comes after fetch resolved", async () => {
    const waits: number[] = [];
    const shortLinks = createShortLinks({
      head: async () => new Response(null, { status: 301 }),
      watchLocation: () => ({
        location: (waitMs) => {
          waits.push(waitMs);
          return new Promise((resolve) => setTimeout(() => resolve('https://late.example/'), 5));
        },
        stop: () => undefined,
      }),
      record: async () => undefined,
    });
    expect(await shortLinks.resolve('https://bit.ly/late', 'hover')).toBe('https://late.example/');
    expect(waits[0]).toBeGreaterThan(0);
  });

  it.each([
    [null, null],
    ['/x', 'https://bit.ly/x'],
    ['https://a.example/p', 'https://a.example/p'],
    ['ftp://a.example/', null],
    ['http://[bad', null],
  ])('locationTarget(%s)', (loc, out) => {
    expect(locationTarget(loc, 'https://bit.ly/abc')).toBe(out);
  });
});
