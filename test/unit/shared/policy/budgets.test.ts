import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bucketRate,
  bucketSize,
  budgetKindOf,
  DEFAULT_BUDGETS,
  maxInWindow,
  spend,
  type BudgetCounters,
} from '@/src/shared/policy/budgets';
import { BUDGET_BASE_LIMITS, BUDGET_EXAMPLES } from '@/src/shared/policy/budgets.examples';

describe('spend() example table', () => {
  it.each(BUDGET_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    const d = spend(row.kind, row.counters, { ...BUDGET_BASE_LIMITS, ...row.limits }, row.now, row.origin);
    expect(d.allow ? 'allow' : d.scope).toBe(row.expected);
    if (row.tabTokensAfter !== undefined) expect(d.next.tab!.tokens).toBeCloseTo(row.tabTokensAfter, 6);
    // A refused check uses nothing; an allowed one counts once in each day counter (the
    // person's navigation in the whole day's only: no page's counter pays for it).
    const page = row.origin !== 'person' && d.allow ? 1 : 0;
    expect(d.next.siteDay).toBe(row.counters.siteDay + page);
    expect(d.next.tabDay ?? 0).toBe((row.counters.tabDay ?? 0) + page);
    expect(d.next.day).toBe(row.counters.day + (d.allow ? 1 : 0));
  });
});

/** Spends as fast as `everyMs` allows for `ms`; returns how many checks passed. */
function loop(perMinute: number, ms: number, everyMs: number, start = 0): number {
  let c: BudgetCounters = { tab: undefined, site: undefined, siteDay: 0, day: 0 };
  const limits = {
    ...DEFAULT_BUDGETS,
    navigationsPerTabPerMinute: perMinute,
    navigationsPerSitePerMinute: 1_000_000,
    checksPerSitePerDay: 1e9,
    checksPerDay: 1e9,
  };
  let passed = 0;
  for (let t = start; t < start + ms; t += everyMs) {
    const d = spend('navigation', c, limits, t);
    c = d.next;
    if (d.allow) passed++;
  }
  return passed;
}

describe('the one-minute bound', () => {
  it('a page navigating every 100 ms for a minute gets at most the per-tab budget (the measured attack got 600)', () => {
    const n = DEFAULT_BUDGETS.navigationsPerTabPerMinute;
    // 10 at once, then one every 6 s: the 10th refill lands exactly at 60 s, just outside [0, 60 s).
    expect(loop(n, 60_000, 100)).toBe(n - 1);
    expect(loop(n, 60_001, 100)).toBe(n);
    expect(maxInWindow(DEFAULT_BUDGETS.navigationsPerTabPerMinute, 60_000)).toBe(
      DEFAULT_BUDGETS.navigationsPerTabPerMinute,
    );
  });

  it('maxInWindow is what a loop really gets, for any budget, window and pace', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 200 }),
        fc.integer({ min: 1, max: 120_000 }),
        fc.integer({ min: 1, max: 2000 }),
        (n, ms, every) => {
          expect(loop(n, ms, every)).toBeLessThanOrEqual(maxInWindow(n, ms));
        },
      ),
    );
  });

  it('no 60-second window ever passes more than N, however the loop is timed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 400 }),
        (n, gaps) => {
          const limits = {
            ...DEFAULT_BUDGETS,
            navigationsPerTabPerMinute: n,
            navigationsPerSitePerMinute: 1e6,
            checksPerSitePerDay: 1e9,
            checksPerDay: 1e9,
          };
          let c: BudgetCounters = { tab: undefined, site: undefined, siteDay: 0, day: 0 };
          const passed: number[] = [];
          let t = 0;
          for (const g of gaps) {
            t += g;
            const d = spend('navigation', c, limits, t);
            c = d.next;
            if (d.allow) passed.push(t);
          }
          for (let i = 0; i < passed.length; i++) {
            const inWindow = passed.filter((x) => x >= passed[i]! && x < passed[i]! + 60_000).length;
            expect(inWindow).toBeLessThanOrEqual(n);
          }
        },
      ),
    );
  });

  it('bucket size and rate add up to N (so the documented "N per minute" holds), N ≥ 2', () => {
    for (const n of [2, 3, 20, 21, 60]) expect(bucketSize(n) + bucketRate(n)).toBe(n);
    expect(bucketSize(1) + bucketRate(1)).toBe(2);
  });
});

describe('budgetKindOf', () => {
  it.each([
    ['navigation', 'navigation'],
    ['hover', 'hover'],
    ['menu', null],
    ['popup', null],
    ['page-links', null],
  ] as const)('%s → %s', (reason, kind) => expect(budgetKindOf(reason)).toBe(kind));
});

describe('no site or tab spends the day for everyone', () => {
  /**
   * A page in one tab that moves itself to a new domain of its own every minute and hovers 30
   * links on each (the per-tab refill: 10 page visits and 30 hovers a minute), for a whole day.
   */
  it('a looping tab, a fresh site each minute, for 24 hours: at most its fifth of the day; a page opened in another tab and one the person types are checked after', () => {
    const limits = DEFAULT_BUDGETS;
    const c = { nav: undefined as BudgetCounters['tab'], hover: undefined as BudgetCounters['tab'], tabDay: 0, day: 0 };
    let spent = 0;
    for (let t = 0; t < 24 * 60 * 60_000; t += 1000) {
      for (const kind of ['navigation', 'hover', 'hover', 'hover'] as const) {
        // A fresh site each minute: its site counters never hold the loop back, only the tab's do.
        const own = {
          tab: kind === 'navigation' ? c.nav : c.hover,
          site: undefined,
          siteDay: 0,
          tabDay: c.tabDay,
          day: c.day,
        };
        const d = spend(kind, own, limits, t);
        if (kind === 'navigation') c.nav = d.next.tab;
        else c.hover = d.next.tab;
        c.tabDay = d.next.tabDay ?? 0;
        c.day = d.next.day;
        if (d.allow) spent++;
      }
    }
    // Before: ~40 a minute emptied the 5000 in about two hours.
    expect(spent).toBeLessThanOrEqual(limits.checksPerDay * 0.2);
    const otherTab = spend(
      'navigation',
      { tab: undefined, site: undefined, siteDay: 0, tabDay: 0, day: c.day },
      limits,
      1,
    );
    expect(otherTab.allow).toBe(true);
    // In the looping tab itself, once its bucket refilled (a few seconds after the loop).
    const typed = spend(
      'navigation',
      { tab: c.nav, site: undefined, siteDay: 0, tabDay: c.tabDay, day: c.day },
      limits,
      24 * 60 * 60_000 + 6_000,
      'person',
    );
    expect(typed.allow).toBe(true);
  });

  it('whatever pages spend, the person keeps a tenth of the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 10, max: 100_000 }), (attempts, perDay) => {
        const limits = {
          ...DEFAULT_BUDGETS,
          checksPerDay: perDay,
          checksPerSitePerDay: 1e9,
          navigationsPerTabPerMinute: 1e5,
          navigationsPerSitePerMinute: 1e5,
        };
        let day = 0;
        // Every page-caused check from a fresh tab and site: only the day pool holds them back.
        for (let i = 0; i < attempts; i++)
          day = spend('navigation', { tab: undefined, site: undefined, siteDay: 0, tabDay: 0, day }, limits, i).next
            .day;
        expect(perDay - day).toBeGreaterThanOrEqual(Math.floor(perDay * 0.1));
        expect(
          spend('navigation', { tab: undefined, site: undefined, siteDay: 0, day }, limits, 0, 'person').allow,
        ).toBe(true);
      }),
    );
  });
});
