import { describe, expect, it } from 'vitest';
import { lookalikeDecision, signInResponse, SIGNIN_ACTIONS } from '@/src/shared/policy/signin-action';
import { SIGNIN_RESPONSE_EXAMPLES } from '@/src/shared/policy/signin-action.examples';
import { DecisionRuleSchema } from '@/src/shared/policy/decision-rule';
import { readManaged } from '@/src/shared/policy/managed';

describe('signInResponse example table', () => {
  it.each(SIGNIN_RESPONSE_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(signInResponse(row.verdict, row.action)).toEqual(row.expected);
  });

  it('only a look-alike is ever blocked or warned, under every action', () => {
    for (const action of SIGNIN_ACTIONS) {
      for (const kind of ['verified', 'same-site', 'allowlisted', 'none'] as const)
        expect(signInResponse({ kind }, action)).toEqual({ navigation: 'open', page: 'nothing' });
    }
  });
});

describe('lookalikeDecision', () => {
  it('a block naming the real host, whose rule survives storage (the blocked-page token)', () => {
    const d = lookalikeDecision('login.example.com', 'confusable');
    expect(d).toEqual({
      action: 'block',
      reason: 'lookalike',
      rule: { rule: 'lookalike', protectedHost: 'login.example.com', resemblance: 'confusable' },
    });
    expect(DecisionRuleSchema.parse(d.rule)).toEqual(d.rule);
  });
});

describe('signInLookalikeAction in the policy', () => {
  it.each(['log', 'warn', 'block'])('accepts %s', (v) => {
    const r = readManaged({ signInLookalikeAction: v });
    expect(r.invalid).toEqual([]);
    expect(r.values.signInLookalikeAction).toBe(v);
  });
  it.each(['Block', 'deny', 1, ['block']])('refuses %s as a policy problem', (v) => {
    expect(readManaged({ signInLookalikeAction: v }).invalid).toEqual(['signInLookalikeAction']);
  });
});
