/**
 * A link through its hops (docs/decisions/003-every-hop.md): each hop goes through the one checker (so gating, cache,
 * dedupe and budgets apply to each), and the link's outcome is its worst hop's, saying where it
 * leads and which hop is bad. The hold's steps (wrapper-hold.ts) as a table.
 */
import { describe, expect, it } from 'vitest';
import { createLinkChecker } from '@/src/background/checks/link-check';
import {
  holdStep,
  holdThroughWrapper,
  isHeldWrapper,
  HOLD_TIMEOUT_MS,
  type HoldDeps,
} from '@/src/background/protection/wrapper-hold';
import type { CheckOutcome, Checker } from '@/src/background/checks/checker';
import type { UrlStatus } from '@/src/shared/verdict';

const verdict = (action: 'allow' | 'block', score: number): UrlStatus => ({
  kind: 'verdict',
  verdict: {
    url: 'x',
    scanId: 's',
    riskScore: score,
    band: score > 75 ? 'malicious' : 'safe',
    confidence: 1,
    categories: [],
    reasoning: '',
    indicators: [],
    checkedAt: 1,
  },
  decision: { action, reason: 'test' },
});

/** A checker answering by host, recording what it was asked. */
function fakeChecker(byHost: Record<string, UrlStatus>) {
  const asked: string[] = [];
  const answer = async (raw: string): Promise<CheckOutcome> => {
    asked.push(raw);
    const host = new URL(raw).hostname;
    return { status: byHost[host] ?? { kind: 'unchecked' }, url: raw, host };
  };
  const checker: Checker = {
    check: (raw) => answer(raw),
    lookup: (raw) => answer(raw),
    decorate: (s) => s,
    recheck: async () => null,
  };
  return { checker, asked };
}

const safeLinks = (to: string) =>
  `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent(to)}&reserved=0`;

describe('createLinkChecker', () => {
  it('a wrapped phishing link is as bad as its destination, and says so', async () => {
    const { checker, asked } = fakeChecker({
      'nam12.safelinks.protection.outlook.com': verdict('allow', 3),
      'phish.example': verdict('block', 90),
    });
    const o = await createLinkChecker(checker).check(safeLinks('https://phish.example/login'), 'hover');
    expect(asked).toEqual([safeLinks('https://phish.example/login'), 'https://phish.example/login']);
    expect(o.status).toMatchObject({ kind: 'verdict', decision: { action: 'block' } });
    expect(o).toMatchObject({
      worst: 1,
      badHop: 'destination',
      leadsTo: 'phish.example',
      url: 'https://phish.example/login',
      guessed: false,
    });
  });

  it('says where a wrapped link leads even when both hops are safe', async () => {
    const { checker } = fakeChecker({
      'nam12.safelinks.protection.outlook.com': verdict('allow', 3),
      'shop.example': verdict('allow', 2),
    });
    const o = await createLinkChecker(checker).lookup(safeLinks('https://shop.example/'));
    expect(o).toMatchObject({ worst: 0, badHop: 'link', leadsTo: 'shop.example' });
    expect(o.status).toMatchObject({ decision: { action: 'allow' } });
  });

  it('a plain link is one hop and leads nowhere else', async () => {
    const { checker, asked } = fakeChecker({ 'shop.example': verdict('allow', 2) });
    const o = await createLinkChecker(checker).check('https://shop.example/a?b=c', 'hover');
    expect(asked).toEqual(['https://shop.example/a?b=c']);
    expect(o).toMatchObject({ worst: 0, leadsTo: null, hopUrls: ['https://shop.example/a?b=c'] });
  });

  it('a destination not yet judged keeps the link from being safe', async () => {
    const { checker } = fakeChecker({
      'nam12.safelinks.protection.outlook.com': verdict('allow', 3),
      'new.example': { kind: 'checking', state: 'QUEUED', since: 0 },
    });
    const o = await createLinkChecker(checker).lookup(safeLinks('https://new.example/'));
    expect(o.status.kind).toBe('checking');
    expect(holdStep(o, false)).toBe('wait');
    expect(holdStep(o, true)).toBe('release');
  });

  it('knownOnly (navigations, the popup): a guessed redirect parameter is not a hop; known wrappers still are', async () => {
    const { checker, asked } = fakeChecker({ 'phish.example': verdict('block', 90) });
    const lc = createLinkChecker(checker);
    const page = 'https://frames.example/frame?to=https%3A%2F%2Fphish.example%2F';
    expect((await lc.check(page, 'navigation', { knownOnly: true })).hopUrls).toEqual([page]);
    expect(asked).toEqual([page]);
    // As a link (hover), the guess counts: it may lead there.
    expect((await lc.check(page, 'hover')).badHop).toBe('destination');
    const nested = safeLinks(page);
    const o = await lc.lookup(nested, { knownOnly: true });
    expect(o.hopUrls).toEqual([nested, page]);
    expect(o).toMatchObject({ leadsTo: 'frames.example', worst: 0 });
  });

  it('a non-web link goes to the checker as it is (its skip reason stands)', async () => {
    const { checker } = fakeChecker({});
    const skip: Checker = {
      ...checker,
      lookup: async () => ({ status: { kind: 'skipped', reason: 'scheme' }, url: null, host: null }),
    };
    const o = await createLinkChecker(skip).lookup('mailto:a@b.example');
    expect(o.status).toEqual({ kind: 'skipped', reason: 'scheme' });
    expect(o.hopUrls).toEqual([]);
  });
});

describe('holdStep', () => {
  const hop = (status: UrlStatus): CheckOutcome => ({ status, url: 'u', host: 'h' });
  it.each([
    [
      'a blocking hop blocks at once',
      verdict('block', 90),
      [verdict('allow', 1), { kind: 'checking', state: 'Q', since: 0 }],
      false,
      'block',
    ],
    [
      'a hop under way: wait',
      { kind: 'checking', state: 'Q', since: 0 },
      [verdict('allow', 1), { kind: 'checking', state: 'Q', since: 0 }],
      false,
      'wait',
    ],
    [
      'time is up: release (strict mode holds on its own)',
      { kind: 'checking', state: 'Q', since: 0 },
      [{ kind: 'checking', state: 'Q', since: 0 }],
      true,
      'release',
    ],
    [
      'all judged, none bad: release',
      verdict('allow', 1),
      [verdict('allow', 1), verdict('allow', 2)],
      false,
      'release',
    ],
  ] as const)('%s', (_n, status, hops, timedOut, step) => {
    expect(holdStep({ status: status as UrlStatus, hops: (hops as readonly UrlStatus[]).map(hop) }, timedOut)).toBe(
      step,
    );
  });

  it('isHeldWrapper: known wrappers only', () => {
    expect(isHeldWrapper(safeLinks('https://a.example/'))).toBe(true);
    expect(isHeldWrapper('https://www.google.com/url?q=https://a.example/')).toBe(true);
    expect(isHeldWrapper('https://tracker.example/r?url=https://a.example/')).toBe(false);
    expect(isHeldWrapper('not a url')).toBe(false);
  });
});

describe('holdThroughWrapper', () => {
  const link = safeLinks('https://dest.example/');
  const checking: UrlStatus = { kind: 'checking', state: 'QUEUED', since: 0 };
  function hold(dest: UrlStatus[], over: Partial<HoldDeps> = {}) {
    const calls: string[] = [];
    let i = 0;
    let t = 0;
    const byHost = () => ({
      'nam12.safelinks.protection.outlook.com': verdict('allow', 2),
      'dest.example': dest[Math.min(i, dest.length - 1)]!,
    });
    const checker: Checker = {
      check: async (raw) => ({
        status: (byHost() as Record<string, UrlStatus>)[new URL(raw).hostname] ?? { kind: 'unchecked' },
        url: raw,
        host: new URL(raw).hostname,
      }),
      lookup: async (raw) => ({
        status: (byHost() as Record<string, UrlStatus>)[new URL(raw).hostname] ?? { kind: 'unchecked' },
        url: raw,
        host: new URL(raw).hostname,
      }),
      decorate: (s) => s,
      recheck: async () => null,
    };
    const deps: HoldDeps = {
      links: createLinkChecker(checker),
      waiter: {
        next: async (urls, ms) => {
          calls.push(`wait ${urls.join(',')} ${ms > 0 ? '>0' : '0'}`);
          i++;
          t += 1000;
        },
      },
      windowKind: async () => 'normal',
      passed: async () => false,
      block: async (_t, _r, o) => void calls.push(`block ${o.hopUrls[o.worst]}`),
      stillOn: async () => true,
      release: async () => void calls.push('release'),
      now: () => t,
      ...over,
    };
    return { deps, calls, setTime: (ms: number) => (t = ms) };
  }

  it('waits for the destination, then blocks naming it', async () => {
    const h = hold([checking, verdict('block', 90)]);
    await holdThroughWrapper(h.deps, 1, link);
    expect(h.calls).toEqual(['wait https://dest.example/ >0', 'block https://dest.example/']);
  });

  it('a safe destination: released (the wrapper again, once)', async () => {
    const h = hold([verdict('allow', 1)]);
    await holdThroughWrapper(h.deps, 1, link);
    expect(h.calls).toEqual(['release']);
  });

  it('not released when the tab went elsewhere meanwhile', async () => {
    const h = hold([verdict('allow', 1)], { stillOn: async () => false });
    await holdThroughWrapper(h.deps, 1, link);
    expect(h.calls).toEqual([]);
  });

  it("already let through once: a failure now is the network's, nothing more is done", async () => {
    const h = hold([verdict('block', 90)], { passed: async () => true });
    await holdThroughWrapper(h.deps, 1, link);
    expect(h.calls).toEqual([]);
  });

  it('still no verdict at the timeout: released (strict mode holds on its own; a late verdict acts through the chain)', async () => {
    const h = hold([checking]);
    const waits = Math.ceil(HOLD_TIMEOUT_MS / 1000);
    await holdThroughWrapper(h.deps, 1, link);
    expect(h.calls.filter((c) => c.startsWith('wait'))).toHaveLength(waits);
    expect(h.calls.at(-1)).toBe('release');
  });
});
