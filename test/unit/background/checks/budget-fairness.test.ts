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
const DAY_ONLY: BudgetLimits = { ...DEFAULT_BUDGETS, hoversPerTabPerMinute: 1e5, hoversPerSitePerMinute: 1e5, navigationsPerTabPerMinute: 1e5, navigationsPerSitePerMinute: 1e5, checksPerSitePerDay: 50, checksPerDay: 1e6 };

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
    for (let i = 0; i < 200; i++) answers.push(await b.hold('hover', { tabId: 5, source: 'about:blank' }, `https://dest-${i}.test/`, UNCHECKED, DAY_ONLY));
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
    expect(await b.hold('navigation', { tabId }, 'https://looper.test/again', UNCHECKED, DAY_ONLY)).toEqual({ kind: 'skipped', reason: 'budget-site-day' });
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
    expect(await b.hold('navigation', { tabId: 4 }, 'https://bank.test/login', UNCHECKED, DAY_ONLY)).toEqual({ kind: 'skipped', reason: 'budget-site-day' });
    // Another tab's word does not count for this one (and no word: refused after the wait).
    b.noteRequest(5, 'https://bank.test/other', 'person');
    expect(await b.hold('navigation', { tabId: 4 }, 'https://bank.test/other', UNCHECKED, DAY_ONLY)).toEqual({ kind: 'skipped', reason: 'budget-site-day' });
  });
});
