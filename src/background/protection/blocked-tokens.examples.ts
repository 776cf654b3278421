/** Example table for overBudget: index oldest first, as [token, tabId]. */
export interface BudgetExample {
  name: string;
  index: Array<[string, number]>;
  perTab: number;
  total: number;
  drop: string[];
}

export const BUDGET_EXAMPLES: readonly BudgetExample[] = [
  {
    name: 'under both budgets',
    index: [
      ['a', 1],
      ['b', 2],
    ],
    perTab: 2,
    total: 5,
    drop: [],
  },
  {
    name: 'a tab over its budget loses its oldest',
    index: [
      ['a', 1],
      ['b', 1],
      ['c', 1],
    ],
    perTab: 2,
    total: 5,
    drop: ['a'],
  },
  {
    name: 'other tabs are not touched by one tab looping',
    index: [
      ['x', 2],
      ['a', 1],
      ['b', 1],
      ['c', 1],
      ['d', 1],
    ],
    perTab: 2,
    total: 5,
    drop: ['b', 'a'],
  },
  {
    name: 'over the total, the oldest overall go',
    index: [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ],
    perTab: 2,
    total: 3,
    drop: ['a'],
  },
  {
    name: 'both at once',
    index: [
      ['a', 1],
      ['b', 1],
      ['c', 2],
      ['d', 1],
    ],
    perTab: 2,
    total: 2,
    drop: ['b', 'a'],
  },
];
