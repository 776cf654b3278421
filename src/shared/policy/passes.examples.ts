/**
 * Example tables for decideProceed and addPass. Tested in passes.test.ts.
 */
import type { ProceedDecision, ProceedRequest } from './passes';

export const PROCEED_EXAMPLES: readonly { name: string; request: ProceedRequest; expected: ProceedDecision }[] = [
  { name: 'a block-level verdict, policy allows', request: { allowProceed: true, orgBlocked: false, pending: false, action: 'block' }, expected: { grant: true } },
  { name: 'policy removes "Proceed anyway"', request: { allowProceed: false, orgBlocked: false, pending: false, action: 'block' }, expected: { grant: false, code: 'not_allowed' } },
  { name: "the organization's block list names the host: never undone", request: { allowProceed: true, orgBlocked: true, pending: false, action: 'block' }, expected: { grant: false, code: 'not_allowed' } },
  { name: "the organization's block list, strict mode still waiting: not_allowed says what holds", request: { allowProceed: true, orgBlocked: true, pending: true, action: 'block' }, expected: { grant: false, code: 'not_allowed' } },
  { name: 'strict mode still waiting', request: { allowProceed: true, orgBlocked: false, pending: true, action: 'block' }, expected: { grant: false, code: 'pending' } },
  { name: 'a warn-level verdict needs no pass', request: { allowProceed: true, orgBlocked: false, pending: false, action: 'warn' }, expected: { grant: false, code: 'not_blocked' } },
  { name: 'an allowed URL needs no pass', request: { allowProceed: true, orgBlocked: false, pending: false, action: 'allow' }, expected: { grant: false, code: 'not_blocked' } },
  { name: 'audit-only annotation needs no pass', request: { allowProceed: true, orgBlocked: false, pending: false, action: 'annotate' }, expected: { grant: false, code: 'not_blocked' } },
];

const T = 1_000_000;

export const ADD_PASS_EXAMPLES: readonly {
  name: string;
  before: Record<string, number>;
  key: string;
  now: number;
  max?: number;
  expected: Record<string, number>;
}[] = [
  { name: 'first pass lives 15 s', before: {}, key: '1 https://a.test/', now: T, expected: { '1 https://a.test/': T + 15_000 } },
  { name: 'expired passes are dropped', before: { '1 https://old.test/': T - 1 }, key: '1 https://a.test/', now: T, expected: { '1 https://a.test/': T + 15_000 } },
  { name: 'the same pass again is renewed, not doubled', before: { '1 https://a.test/': T + 5_000 }, key: '1 https://a.test/', now: T, expected: { '1 https://a.test/': T + 15_000 } },
  {
    name: 'beyond the bound the oldest goes',
    before: { 'a': T + 1_000, 'b': T + 2_000, 'c': T + 3_000 },
    key: 'd',
    now: T,
    max: 3,
    expected: { 'b': T + 2_000, 'c': T + 3_000, 'd': T + 15_000 },
  },
];
