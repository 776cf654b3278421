/** Example table for planJoin, tested in test/unit/background/engine/submit-gate.test.ts. */
import type { JoinInput, JoinPlan } from './submit-gate';

export interface JoinExample {
  name: string;
  input: JoinInput;
  expected: JoinPlan;
}

export const JOIN_EXAMPLES: readonly JoinExample[] = [
  { name: 'a lone navigation goes alone, at once', input: { othersPreparing: 0, batchOpen: false }, expected: 'alone' },
  { name: 'the second of a burst opens a batch', input: { othersPreparing: 1, batchOpen: false }, expected: 'open' },
  { name: 'the third joins the open batch', input: { othersPreparing: 2, batchOpen: true }, expected: 'join' },
  {
    name: 'the open batch closed (a member was ready): a new batch',
    input: { othersPreparing: 5, batchOpen: false },
    expected: 'open',
  },
  {
    name: 'nobody else preparing: alone, even with a batch somehow open',
    input: { othersPreparing: 0, batchOpen: true },
    expected: 'alone',
  },
  { name: 'a nonsense count counts as nobody', input: { othersPreparing: -3, batchOpen: true }, expected: 'alone' },
  {
    name: 'a navigation while POSTs are on their way, slots left: alone, at once',
    input: { othersPreparing: 0, batchOpen: false, inFlight: 2 },
    expected: 'alone',
  },
  {
    name: 'every slot taken by POSTs on their way: it opens a batch that waits for one',
    input: { othersPreparing: 0, batchOpen: false, inFlight: 3 },
    expected: 'open',
  },
  {
    name: 'every slot taken and a batch waiting: it joins that batch',
    input: { othersPreparing: 0, batchOpen: true, inFlight: 3 },
    expected: 'join',
  },
  {
    name: 'more on their way than slots (a resend too): still gathers',
    input: { othersPreparing: 0, batchOpen: true, inFlight: 7 },
    expected: 'join',
  },
  {
    name: 'a nonsense in-flight count holds no slot',
    input: { othersPreparing: 0, batchOpen: false, inFlight: Number.NaN },
    expected: 'alone',
  },
];
