/** Example tables for mayProceed and grantsThrough (proceed.ts), tested in test/unit/shared/policy/passes.test.ts. */
import type { grantsThrough, ProceedDecision, ProceedFacts } from './proceed';

const base: ProceedFacts = { allowProceed: true, orgBlocked: false, pending: false, action: 'block', known: true };

export const PROCEED_EXAMPLES: readonly { name: string; facts: ProceedFacts; expected: ProceedDecision }[] = [
  { name: 'a block-level verdict, policy allows: the host for this session', facts: base, expected: { grant: 'host' } },
  {
    name: 'strict mode without a verdict (unreachable, timeout, credits, budget): this URL once',
    facts: { ...base, known: false },
    expected: { grant: 'once' },
  },
  {
    name: 'policy removes "Proceed anyway"',
    facts: { ...base, allowProceed: false },
    expected: { grant: false, code: 'not_allowed' },
  },
  {
    name: "the organization's block list names the host: never undone",
    facts: { ...base, orgBlocked: true },
    expected: { grant: false, code: 'not_allowed' },
  },
  {
    name: "the organization's block list, strict mode still waiting: not_allowed says what holds",
    facts: { ...base, orgBlocked: true, pending: true },
    expected: { grant: false, code: 'not_allowed' },
  },
  { name: 'strict mode still waiting', facts: { ...base, pending: true }, expected: { grant: false, code: 'pending' } },
  {
    name: 'a warn-level verdict needs no pass',
    facts: { ...base, action: 'warn' },
    expected: { grant: false, code: 'not_blocked' },
  },
  {
    name: 'an allowed URL needs no pass',
    facts: { ...base, action: 'allow' },
    expected: { grant: false, code: 'not_blocked' },
  },
  {
    name: 'audit-only annotation needs no pass',
    facts: { ...base, action: 'annotate' },
    expected: { grant: false, code: 'not_blocked' },
  },
  {
    name: 'a look-alike of the sign-in page: this URL once, never the host',
    facts: { ...base, lookalike: true },
    expected: { grant: 'once' },
  },
  {
    name: 'a look-alike, policy removes "Proceed anyway"',
    facts: { ...base, lookalike: true, allowProceed: false },
    expected: { grant: false, code: 'not_allowed' },
  },
  {
    name: "a look-alike also on the organization's block list",
    facts: { ...base, lookalike: true, orgBlocked: true },
    expected: { grant: false, code: 'not_allowed' },
  },
];

type Through = ReturnType<typeof grantsThrough>;
export const THROUGH_EXAMPLES: readonly {
  name: string;
  facts: Parameters<typeof grantsThrough>[0];
  expected: Through;
}[] = [
  {
    name: 'a verdict block: exception, proceed pass and release pass count',
    facts: { allowProceed: true, orgBlocked: false },
    expected: { exception: true, proceedPass: true, releasePass: true },
  },
  {
    name: 'proceeding not allowed: only strict mode’s release',
    facts: { allowProceed: false, orgBlocked: false },
    expected: { exception: false, proceedPass: false, releasePass: true },
  },
  {
    name: "the organization's block list: only strict mode’s release",
    facts: { allowProceed: true, orgBlocked: true },
    expected: { exception: false, proceedPass: false, releasePass: true },
  },
  {
    name: 'a look-alike: only the person’s proceed pass for the URL',
    facts: { allowProceed: true, orgBlocked: false, lookalike: true },
    expected: { exception: false, proceedPass: true, releasePass: false },
  },
  {
    name: 'a look-alike, proceeding not allowed: nothing gets through',
    facts: { allowProceed: false, orgBlocked: false, lookalike: true },
    expected: { exception: false, proceedPass: false, releasePass: false },
  },
];
