/** Example table for backPlan (go-back.ts), tested in test/unit/ui/blocked-page.test.tsx. */
import type { BackPlan } from './go-back';

export const BACK_PLAN_EXAMPLES: readonly { name: string; historyLength: number; steps: number; expected: BackPlan }[] =
  [
    { name: 'a page before the blocked one', historyLength: 3, steps: 1, expected: { kind: 'history', steps: 1 } },
    {
      name: 'over the blocked site that had loaded',
      historyLength: 3,
      steps: 2,
      expected: { kind: 'history', steps: 2 },
    },
    { name: 'only the blocked site behind this page', historyLength: 2, steps: 2, expected: { kind: 'new-tab' } },
    { name: 'a new tab: nothing before', historyLength: 1, steps: 1, expected: { kind: 'new-tab' } },
    {
      name: 'a nonsense step count counts as one',
      historyLength: 4,
      steps: 0,
      expected: { kind: 'history', steps: 1 },
    },
    { name: 'a fractional step count counts as one', historyLength: 1, steps: 1.5, expected: { kind: 'new-tab' } },
  ];
