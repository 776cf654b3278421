/**
 * The budgets' holder (scan/budget.ts) charging the page that caused a check, never the page it
 * leads to, and never refusing a navigation the browser says the person started (person-request.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBudget, UNATTRIBUTED } from '@/src/background/checks/budget';
import { requestOrigin } from '@/src/background/checks/person-request';
import { PERSON_REQUEST_EXAMPLES } from '@/src/background/checks/person-request.examples';
import { DEFAULT_BUDGETS, type BudgetLimits } from '@/src/shared/policy/budgets';

const UNCHECKED = { kind: 'unchecked' } as const;
/** Per-minute buckets out of the way: only the day counters decide. */
const DAY_ONLY: BudgetLimits = {
  ...DEFAULT_BUDGETS,
  hoversPerTabPerMinute: 1e5,
  hoversPerSitePerMinute: 1e5,
  navigationsPerTabPerMinute: 1e5,
  navigationsPerSitePerMinute: 1e5,
  checksPerSitePerDay: 50,
  checksPerDay: 1e6,
};

beforeEach(() => fakeBrowser.reset());

describe('requestOrigin example table', () => {
  it.each(PERSON_REQUEST_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    expect(requestOrigin(e.details)).toBe(e.origin);
  });
});

describe('the page that caused it pays, not the page it leads to', () => {
  it('hovers from a frame without an address of its own (about:blank) are charged to the page its tab shows', async () => {
    const b = createBudget();
    b.noteCommitted(5, 'https://looper.test/');
    await b.prime();
    const answers = [];
    // 200 links, each to another site: charged to each destination, none would ever be refused.
    for (let i = 0; i < 200; i++)
      answers.push(
        await b.hold('hover', { tabId: 5, source: 'about:blank' }, `https://dest-${i}.test/`, UNCHECKED, DAY_ONLY),
      );
    expect(answers.filter((a) => a === null)).toHaveLength(50 * 0.8);
    expect(answers.at(-1)).toEqual({ kind: 'skipped', reason: 'budget-site-day' });
    expect((await b.report(5)).refusedSites).toEqual([{ site: 'looper.test', refused: 200 - 40 }]);
  });

  it('a navigation in a tab with no page shown and no opener known is charged to one shared site, not its destination', async () => {
    const b = createBudget();
    const answers = [];
    for (let i = 0; i < 80; i++) {
      // The browser names the page as the request's origin (a refused check then waits no longer).
      b.noteRequest(9, `https://dest-${i}.test/`, 'page');
      answers.push(await b.hold('navigation', { tabId: 9 }, `https://dest-${i}.test/`, UNCHECKED, DAY_ONLY));
    }
    expect(answers.filter((a) => a === null)).toHaveLength(50);
    expect((await b.report(9)).refusedSites).toEqual([{ site: UNATTRIBUTED, refused: 30 }]);
  });
});

describe("the person's own navigations", () => {
  /** A tab whose page spent its site's day budget in a loop (per-minute buckets out of the way). */
  async function spentTab(b: ReturnType<typeof createBudget>, tabId: number) {
    b.noteCommitted(tabId, 'https://looper.test/');
    for (let i = 0; i < 60; i++) {
      b.noteRequest(tabId, `https://looper.test/${i}`, 'page');
      await b.hold('navigation', { tabId }, `https://looper.test/${i}`, UNCHECKED, DAY_ONLY);
    }
    b.noteRequest(tabId, 'https://looper.test/again', 'page');
    expect(await b.hold('navigation', { tabId }, 'https://looper.test/again', UNCHECKED, DAY_ONLY)).toEqual({
      kind: 'skipped',
      reason: 'budget-site-day',
    });
  }

  it("a page typed into that tab is checked, whatever its page spent of its site's day: the browser says the person started it, just after the check asked", async () => {
    const b = createBudget();
    await spentTab(b, 3);
    const held = b.hold('navigation', { tabId: 3 }, 'https://bank.test/login', UNCHECKED, DAY_ONLY);
    // webRequest.onBeforeRequest comes after webNavigation.onBeforeNavigate's check.
    setTimeout(() => b.noteRequest(3, 'https://bank.test/login?from=typed', 'person'), 20);
    expect(await held).toBeNull();
    // The refusal shown meanwhile is taken back: the popup does not blame the budget.
    expect(await b.refusedHere(3, 'https://bank.test/login')).toBeNull();
    // Said before the check asked (a server redirect's hop): no wait at all.
    b.noteRequest(3, 'https://bank.test/next', 'person');
    expect(await b.hold('navigation', { tabId: 3 }, 'https://bank.test/next', UNCHECKED, DAY_ONLY)).toBeNull();
  });

  it('without the browser saying so (the page navigated), it stays refused', async () => {
    const b = createBudget();
    await spentTab(b, 4);
    b.noteRequest(4, 'https://elsewhere.test/', 'person');
    b.noteRequest(4, 'https://bank.test/login', 'page');
    expect(await b.hold('navigation', { tabId: 4 }, 'https://bank.test/login', UNCHECKED, DAY_ONLY)).toEqual({
      kind: 'skipped',
      reason: 'budget-site-day',
    });
    // Another tab's word does not count for this one (and no word: refused after the wait).
    b.noteRequest(5, 'https://bank.test/other', 'person');
    expect(await b.hold('navigation', { tabId: 4 }, 'https://bank.test/other', UNCHECKED, DAY_ONLY)).toEqual({
      kind: 'skipped',
      reason: 'budget-site-day',
    });
  });
});

describe('links the person activates on a page (the content script says so)', () => {
  /** A small day: pages may use 18 of 20 checks. */
  const SMALL_DAY: BudgetLimits = { ...DAY_ONLY, checksPerSitePerDay: 1000, checksPerDay: 20 };

  /** Other sites' pages, in other tabs, spend the page share of the day. */
  async function spendPageShare(b: ReturnType<typeof createBudget>) {
    for (let i = 0; i < 30; i++) {
      const tabId = 100 + Math.floor(i / 3);
      b.noteCommitted(tabId, `https://looper-${tabId}.test/`);
      b.noteRequest(tabId, `https://looper-${tabId}.test/${i}`, 'page');
      await b.hold('navigation', { tabId }, `https://looper-${tabId}.test/${i}`, UNCHECKED, SMALL_DAY);
    }
    b.noteCommitted(7, 'https://news.test/');
    b.noteRequest(7, 'https://news.test/next', 'page');
    expect(await b.hold('navigation', { tabId: 7 }, 'https://news.test/next', UNCHECKED, SMALL_DAY)).toEqual({
      kind: 'skipped',
      reason: 'budget-day',
    });
  }

  it("a link clicked after other sites spent the pages' share of the day is checked; the content script's word may come just after the check asked", async () => {
    const b = createBudget({ personWaitMs: 50 });
    await spendPageShare(b);
    b.noteRequest(7, 'https://article.test/story?ref=front', 'page');
    const held = b.hold('navigation', { tabId: 7 }, 'https://article.test/story', UNCHECKED, SMALL_DAY);
    setTimeout(() => b.noteClick(7, 'https://article.test/story?ref=front'), 20);
    expect(await held).toBeNull();
    expect(await b.refusedHere(7, 'https://article.test/story')).toBeNull();
  });

  it('a link opened in a new tab counts the click in the tab that opened it', async () => {
    const b = createBudget({ personWaitMs: 50 });
    await spendPageShare(b);
    b.noteOpened(8, 7);
    b.noteClick(7, 'https://article.test/other');
    b.noteRequest(8, 'https://article.test/other', 'page');
    expect(await b.hold('navigation', { tabId: 8 }, 'https://article.test/other', UNCHECKED, SMALL_DAY)).toBeNull();
  });

  it("without the word, or with another tab's, the page's navigation stays refused", async () => {
    const b = createBudget({ personWaitMs: 50 });
    await spendPageShare(b);
    b.noteClick(9, 'https://article.test/story');
    b.noteRequest(7, 'https://article.test/story', 'page');
    expect(await b.hold('navigation', { tabId: 7 }, 'https://article.test/story', UNCHECKED, SMALL_DAY)).toEqual({
      kind: 'skipped',
      reason: 'budget-day',
    });
  });

  it("a click on a site that spent its own day is refused for that site's spending (a content script claiming every navigation gains nothing)", async () => {
    const b = createBudget({ personWaitMs: 50 });
    const own: BudgetLimits = { ...DAY_ONLY, checksPerSitePerDay: 5 };
    b.noteCommitted(3, 'https://looper.test/');
    for (let i = 0; i < 6; i++) {
      b.noteClick(3, `https://looper.test/${i}`);
      b.noteRequest(3, `https://looper.test/${i}`, 'page');
      await b.hold('navigation', { tabId: 3 }, `https://looper.test/${i}`, UNCHECKED, own);
    }
    b.noteClick(3, 'https://looper.test/last');
    b.noteRequest(3, 'https://looper.test/last', 'page');
    expect(await b.hold('navigation', { tabId: 3 }, 'https://looper.test/last', UNCHECKED, own)).toEqual({
      kind: 'skipped',
      reason: 'budget-site-day',
    });
  });
});
