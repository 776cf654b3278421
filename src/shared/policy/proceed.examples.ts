/** Example table for mayProceed (proceed.ts), tested in proceed.test.ts. */
import type { ProceedDecision, ProceedFacts } from './proceed';

const base: ProceedFacts = { allowProceed: true, orgBlocked: false, pending: false, action: 'block', known: true };

export const PROCEED_EXAMPLES: readonly { name: string; facts: ProceedFacts; expected: ProceedDecision }[] = [
  { name: 'a block-level verdict, policy allows: the host for this session', facts: base, expected: { grant: 'host' } },
  { name: 'strict mode without a verdict (unreachable, timeout, credits, budget): this URL once', facts: { ...base, known: false }, expected: { grant: 'once' } },
  { name: 'policy removes "Proceed anyway"', facts: { ...base, allowProceed: false }, expected: { grant: false, code: 'not_allowed' } },
  { name: "the organization's block list names the host: never undone", facts: { ...base, orgBlocked: true }, expected: { grant: false, code: 'not_allowed' } },
  { name: "the organization's block list, strict mode still waiting: not_allowed says what holds", facts: { ...base, orgBlocked: true, pending: true }, expected: { grant: false, code: 'not_allowed' } },
  { name: 'strict mode still waiting', facts: { ...base, pending: true }, expected: { grant: false, code: 'pending' } },
  { name: 'a warn-level verdict needs no pass', facts: { ...base, action: 'warn' }, expected: { grant: false, code: 'not_blocked' } },
  { name: 'an allowed URL needs no pass', facts: { ...base, action: 'allow' }, expected: { grant: false, code: 'not_blocked' } },
  { name: 'audit-only annotation needs no pass', facts: { ...base, action: 'annotate' }, expected: { grant: false, code: 'not_blocked' } },
];
