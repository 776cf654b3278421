import { describe, expect, it } from 'vitest';
import { createDailyBudget, type BudgetState } from '@/src/background/reporting/credit-budget';

function setup(limit: number) {
  const m = { stored: undefined as unknown, now: new Date(2026, 2, 2, 23, 59) };
  const budget = () =>
    createDailyBudget({
      limit: async () => limit,
      load: async () => m.stored,
      save: async (s: BudgetState) => void (m.stored = s),
      now: () => m.now,
    });
  return { m, budget };
}

describe('maxCreditsPerDay', () => {
  it('allows that many scans a day, then refuses until the next day; a restart does not reset it', async () => {
    const { m, budget } = setup(2);
    const a = budget();
    expect(await Promise.all([a.tryConsume(), a.tryConsume(), a.tryConsume()])).toEqual([true, true, false]);
    expect(await budget().tryConsume()).toBe(false); // a new worker life reads the count
    m.now = new Date(2026, 2, 3, 0, 1);
    expect(await budget().tryConsume()).toBe(true);
  });
  it('0 means no limit; a garbage stored count starts the day afresh', async () => {
    const { budget } = setup(0);
    for (let i = 0; i < 5; i++) expect(await budget().tryConsume()).toBe(true);
    const s = setup(1);
    s.m.stored = { day: 42, used: 'many' };
    expect(await s.budget().tryConsume()).toBe(true);
  });
});
