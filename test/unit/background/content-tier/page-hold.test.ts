/**
 * page.hold in the background (content-tier/page-hold.ts): the page judged is the sender's own
 * top frame, looked up (never checked: nothing is sent for it), and a `wait` question is answered
 * when the page's pending hop settles.
 */
import { describe, expect, it, vi } from 'vitest';
import { createPageHold, LONG_WAIT_MS } from '@/src/background/content-tier/page-hold';
import { HOLD_MAX_MS } from '@/src/shared/policy/pending-hold';
import type { LinkChecker, LinkOutcome } from '@/src/background/checks/link-check';
import type { ScanEngine } from '@/src/background/engine/engine';
import type { UrlStatus } from '@/src/shared/verdict';
import { DEFAULT_SETTINGS } from '@/src/shared/policy/settings';

const PAGE = 'https://slow-shop.example/login';
const CHECKING: UrlStatus = { kind: 'checking', state: 'QUEUED', since: 0 };
const BLOCK = { kind: 'blocklisted', decision: { action: 'block', reason: 'blocklist' } } as UrlStatus;
const SAFE = {
  kind: 'verdict',
  verdict: {},
  decision: { action: 'allow', reason: 'band:safe' },
} as unknown as UrlStatus;

const outcome = (status: UrlStatus): LinkOutcome => ({
  status,
  url: PAGE,
  host: 'slow-shop.example',
  hops: [{ status, url: PAGE, host: 'slow-shop.example' }],
  hopUrls: [PAGE],
  worst: 0,
  badHop: 'link',
  leadsTo: null,
  guessed: false,
  destination: null,
});

/** `now`: the background's clock; the pending scans began at 0. */
function world(first: UrlStatus, now = 1000) {
  let status = first;
  const listeners: ((url: string, s: UrlStatus) => void)[] = [];
  const engine = { onUpdate: (l: (url: string, s: UrlStatus) => void) => listeners.push(l) } as unknown as ScanEngine;
  const links = { lookup: vi.fn(async () => outcome(status)), check: vi.fn() } as unknown as LinkChecker & {
    lookup: ReturnType<typeof vi.fn>;
    check: ReturnType<typeof vi.fn>;
  };
  const hold = createPageHold(links, engine, () => now);
  const settle = (s: UrlStatus) => {
    status = s;
    for (const l of listeners) l(PAGE, s);
  };
  return { hold, links, settle };
}

const top = { frameId: 0, url: PAGE, tab: { id: 3 } };

describe('page.hold', () => {
  it('a page still being checked: wait; looked up only, never checked', async () => {
    const w = world(CHECKING);
    expect(await w.hold.answer(top, DEFAULT_SETTINGS, 'normal', false)).toEqual({ hold: 'wait' });
    expect(w.links.lookup).toHaveBeenCalledWith(PAGE, { windowKind: 'normal', knownOnly: true });
    expect(w.links.check).not.toHaveBeenCalled();
  });

  it('with wait, answered when the page’s check settles: go when safe, stop when it blocks', async () => {
    for (const [end, hold] of [
      [SAFE, 'go'],
      [BLOCK, 'stop'],
    ] as const) {
      const w = world(CHECKING);
      const answer = w.hold.answer(top, DEFAULT_SETTINGS, 'normal', true);
      await vi.waitFor(() => expect(w.links.lookup).toHaveBeenCalledTimes(1));
      w.settle(end);
      expect(await answer).toEqual({ hold });
    }
  });

  it('with wait and no verdict, answered wait after the long wait', async () => {
    vi.useFakeTimers();
    try {
      const w = world(CHECKING);
      const answer = w.hold.answer(top, DEFAULT_SETTINGS, 'normal', true);
      await vi.advanceTimersByTimeAsync(LONG_WAIT_MS);
      expect(await answer).toEqual({ hold: 'wait' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a check past the longest hold, or one waiting for credits, lets the page go', async () => {
    expect(await world(CHECKING, HOLD_MAX_MS).hold.answer(top, DEFAULT_SETTINGS, 'normal', true)).toEqual({
      hold: 'go',
    });
    expect(
      await world({ ...CHECKING, waiting: 'credits' } as UrlStatus).hold.answer(top, DEFAULT_SETTINGS, 'normal', true),
    ).toEqual({ hold: 'go' });
  });

  it('a frame below the top page, or a sender without a web URL, learns nothing: go, nothing looked up', async () => {
    const w = world(BLOCK);
    expect(await w.hold.answer({ frameId: 2, url: PAGE, tab: { id: 3 } }, DEFAULT_SETTINGS, 'normal', true)).toEqual({
      hold: 'go',
    });
    expect(
      await w.hold.answer({ frameId: 0, url: 'about:blank', tab: { id: 3 } }, DEFAULT_SETTINGS, 'normal', true),
    ).toEqual({ hold: 'go' });
    expect(w.links.lookup).not.toHaveBeenCalled();
  });

  it('the setting off, or strict mode on: go while checking', async () => {
    const w = world(CHECKING);
    expect(await w.hold.answer(top, { ...DEFAULT_SETTINGS, holdWhileChecking: false }, 'normal', true)).toEqual({
      hold: 'go',
    });
    expect(await w.hold.answer(top, { ...DEFAULT_SETTINGS, strictMode: true }, 'normal', true)).toEqual({ hold: 'go' });
  });
});
