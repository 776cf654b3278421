// The budget's counters (budget.ts): a second check of a URL just charged, while the engine does
// not know the URL yet, is the same send (the commit-time recheck racing the navigation's own
// check): not charged again, and never turned away while the first is being sent.
import { describe, expect, it } from 'vitest';
import { createBudget, SAME_SEND_MS } from '@/src/background/checks/budget';
import { DEFAULT_BUDGETS, bucketSize } from '@/src/shared/policy/budgets';
import type { UrlStatus } from '@/src/shared/verdict';

const unchecked: UrlStatus = { kind: 'unchecked' };
const failed: UrlStatus = { kind: 'error', code: 'server', message: 'down' };
const tight = { ...DEFAULT_BUDGETS, navigationsPerTabPerMinute: 2 }; // a bucket of 1 per tab
const URL_A = 'https://a.example.com/';

describe('budget: the same send', () => {
  it('two checks of one new URL at once: one charge, neither turned away', async () => {
    expect(bucketSize(tight.navigationsPerTabPerMinute)).toBe(1);
    const b = createBudget({ now: () => 1_000_000 });
    const [first, second] = await Promise.all([
      b.hold('navigation', { tabId: 1 }, URL_A, unchecked, tight),
      b.hold('navigation', { tabId: 1 }, URL_A, unchecked, tight),
    ]);
    expect([first, second]).toEqual([null, null]);
    expect((await b.report(1)).today.navigations).toBe(1);
    // The tab's one token is spent: another URL is turned away.
    expect(await b.hold('navigation', { tabId: 1 }, 'https://b.example.com/', unchecked, tight)).toEqual({
      kind: 'skipped',
      reason: 'budget-tab',
    });
  });

  it('once the scan ended in an error, a check is a new send and is charged', async () => {
    const b = createBudget({ now: () => 1_000_000 });
    const limits = { ...DEFAULT_BUDGETS, navigationsPerTabPerMinute: 4 }; // 2 tokens
    expect(await b.hold('navigation', { tabId: 2 }, URL_A, unchecked, limits)).toBeNull();
    expect(await b.hold('navigation', { tabId: 2 }, URL_A, failed, limits)).toBeNull(); // charged: the 2nd token
    expect((await b.report(2)).today.navigations).toBe(2);
    expect(await b.hold('navigation', { tabId: 2 }, URL_A, failed, limits)).toEqual(failed); // no token left: what is known stays
  });

  it('after the window, a check of a URL the engine still does not know is a new send, charged', async () => {
    let t = 1_000_000;
    const b = createBudget({ now: () => t });
    expect(await b.hold('navigation', { tabId: 4 }, URL_A, unchecked, DEFAULT_BUDGETS)).toBeNull();
    t += SAME_SEND_MS - 1;
    expect(await b.hold('navigation', { tabId: 4 }, URL_A, unchecked, DEFAULT_BUDGETS)).toBeNull();
    expect((await b.report(4)).today.navigations).toBe(1);
    t += 1;
    expect(await b.hold('navigation', { tabId: 4 }, URL_A, unchecked, DEFAULT_BUDGETS)).toBeNull();
    expect((await b.report(4)).today.navigations).toBe(2);
  });

  it('a page looping on one URL whose scans keep failing stays bounded by its tab budget', async () => {
    const b = createBudget({ now: () => 5_000_000 });
    const sent: boolean[] = [];
    sent.push((await b.hold('navigation', { tabId: 3 }, URL_A, unchecked, tight)) === null);
    for (let i = 0; i < 20; i++) sent.push((await b.hold('navigation', { tabId: 3 }, URL_A, failed, tight)) === null);
    expect(sent.filter(Boolean)).toHaveLength(1);
  });
});
