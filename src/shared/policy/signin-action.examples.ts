/** Example table for signInResponse (signin-action.ts), tested in test/unit/shared/policy/signin-action.test.ts. */
import type { LookalikeVerdict } from '../url/lookalike';
import type { SignInAction, SignInResponse } from './signin-action';

const lookalike: LookalikeVerdict = { kind: 'lookalike', protectedDomain: 'login.example.com', reason: 'confusable' };

export const SIGNIN_RESPONSE_EXAMPLES: readonly {
  name: string;
  verdict: LookalikeVerdict;
  action: SignInAction;
  expected: SignInResponse;
}[] = [
  {
    name: 'block: a look-alike ends on the blocked page (and warns if opened anyway)',
    verdict: lookalike,
    action: 'block',
    expected: { navigation: 'block', page: 'warn' },
  },
  {
    name: 'warn: a look-alike opens with the warning',
    verdict: lookalike,
    action: 'warn',
    expected: { navigation: 'open', page: 'warn' },
  },
  {
    name: 'log: the person and the page see nothing (only the report)',
    verdict: lookalike,
    action: 'log',
    expected: { navigation: 'open', page: 'nothing' },
  },
  {
    name: 'block: the real sign-in page opens',
    verdict: { kind: 'verified', protectedDomain: 'login.example.com' },
    action: 'block',
    expected: { navigation: 'open', page: 'nothing' },
  },
  {
    name: "block: another host of the real page's site opens",
    verdict: { kind: 'same-site', protectedDomain: 'login.example.com' },
    action: 'block',
    expected: { navigation: 'open', page: 'nothing' },
  },
  {
    name: "block: the organization's own other domain opens",
    verdict: { kind: 'allowlisted', entry: 'example.net' },
    action: 'block',
    expected: { navigation: 'open', page: 'nothing' },
  },
  {
    name: 'block: an unrelated host opens',
    verdict: { kind: 'none' },
    action: 'block',
    expected: { navigation: 'open', page: 'nothing' },
  },
  {
    name: 'warn: an unrelated host opens',
    verdict: { kind: 'none' },
    action: 'warn',
    expected: { navigation: 'open', page: 'nothing' },
  },
];
