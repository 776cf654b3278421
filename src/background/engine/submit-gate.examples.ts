/** Example table for planJoin, tested in test/unit/background/engine/submit-gate.test.ts. */
import type { JoinPlan } from './submit-gate';

export interface JoinExample {
  name: string;
  input: { othersPreparing: number; batchOpen: boolean };
  expected: JoinPlan;
}

export const JOIN_EXAMPLES: readonly JoinExample[] = [
  { name: 'a lone navigation goes alone, at once', input: { othersPreparing: 0, batchOpen: false }, expected: 'alone' },
  { name: 'the second of a burst opens a batch', input: { othersPreparing: 1, batchOpen: false }, expected: 'open' },
  { name: 'the third joins the open batch', input: { othersPreparing: 2, batchOpen: true }, expected: 'join' },
  { name: 'the open batch closed (a member was ready): a new batch', input: { othersPreparing: 5, batchOpen: false }, expected: 'open' },
  { name: 'nobody else preparing: alone, even with a batch somehow open', input: { othersPreparing: 0, batchOpen: true }, expected: 'alone' },
  { name: 'a nonsense count counts as nobody', input: { othersPreparing: -3, batchOpen: true }, expected: 'alone' },
];
