/**
 * "Go back" from the blocked page (src/background/protection/blocked-flow.ts): how many history
 * entries it steps over, from the main-frame entries the tab committed. Going back onto the
 * blocked site would only block it again, and onto another blocked page only show a block
 * again; the page before them is where the person was safe.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_BACK_STEPS } from '@/src/shared/messaging/limits';
import { blockedPageUrl, createBlockedFlow, isBlockedPage, stepsBack } from '@/src/background/protection/blocked-flow';
import type { BlockedToken } from '@/src/background/protection/blocked-tokens';

const SITE = 'https://bad.example/login';
const SAFE = 'https://news.example/';
const b = (t: string) => blockedPageUrl(t);

describe('stepsBack: entries (oldest first, the blocked page last) → steps', () => {
  const rows: [string, () => string[], string, number][] = [
    ['the site never committed', () => [SAFE, b('t1')], SITE, 1],
    ['the site committed before the redirect', () => [SAFE, SITE, b('t1')], SITE, 2],
    ['the site again with only a fragment changed', () => [SAFE, SITE + '#x', b('t1')], SITE, 2],
    // The commit-time recheck (navigation.ts noteCommitted): the browser let the site commit
    // after the first redirect, and the tab was sent to a second blocked page.
    ['a second blocked page of the same navigation', () => [SAFE, b('t1'), SITE, b('t2')], SITE, 3],
    ['… and the site had committed before the first', () => [SAFE, SITE, b('t1'), SITE, b('t2')], SITE, MAX_BACK_STEPS],
    ['another site behind is where the person was', () => [SITE, SAFE, b('t1')], SITE, 1],
    ['only the blocked page', () => [b('t1')], SITE, 1],
    ['never more than MAX_BACK_STEPS', () => [b('a'), SITE, b('b'), SITE, b('c'), SITE, b('t1')], SITE, MAX_BACK_STEPS],
  ];
  it.each(rows)('%s', (_name, entries, site, steps) => {
    expect(stepsBack(entries(), site, isBlockedPage)).toBe(steps);
  });
});

describe('the flow: what the tab committed decides at the click', () => {
  beforeEach(() => fakeBrowser.reset());
  const token = (tabId: number, backSteps?: number): BlockedToken =>
    ({ tabId, rawUrl: SITE, backSteps }) as unknown as BlockedToken;

  it('the commit-time recheck race: Go back from the second blocked page lands before the first', () => {
    const flow = createBlockedFlow();
    for (const url of [SAFE, b('t1'), SITE, b('t2')]) flow.noteEntry(7, url);
    expect(flow.backSteps('t2', token(7))).toBe(3);
  });

  it('a tab whose current document is not this blocked page: the guess made at redirect time', () => {
    const flow = createBlockedFlow();
    for (const url of [SAFE, b('t1')]) flow.noteEntry(7, url);
    expect(flow.backSteps('other', token(7, 2))).toBe(2);
    expect(flow.backSteps('t1', token(8, 2))).toBe(2);
  });

  it('the redirect guesses from the entries so far', async () => {
    const flow = createBlockedFlow();
    flow.noteEntry(7, SAFE);
    flow.noteEntry(7, b('t1'));
    flow.noteEntry(7, SITE);
    const updates: string[] = [];
    fakeBrowser.tabs.update = (async (_id: number, p: { url: string }) => void updates.push(p.url)) as never;
    const t = await flow.redirect(7, {
      tabId: 7,
      rawUrl: SITE,
      url: SITE,
      host: 'bad.example',
      verdict: null,
      decision: { action: 'block', reason: 'x' },
      pending: false,
    } as never);
    expect(updates).toEqual([b(t)]);
    flow.noteEntry(7, b(t));
    expect(flow.backSteps(t, token(7))).toBe(3);
  });
});
