/**
 * Example table for differingRuns (diff.ts), tested in test/unit/shared/url/lookalike.test.ts:
 * the page's host with its differing letters in [brackets].
 */
export const DIFF_EXAMPLES: readonly { host: string; real: string; marked: string; why: string }[] = [
  {
    host: 'login.rnicrosoftonline.com',
    real: 'login.microsoftonline.com',
    marked: 'login.[rn]icrosoftonline.com',
    why: 'rn for m',
  },
  {
    host: 'xn--paypa-o7a.com',
    real: 'www.paypal.com',
    marked: 'paypa[ł].com',
    why: 'ł for l, shown in Unicode; the real host’s www is not on this side',
  },
  { host: 'paypal-security.com', real: 'www.paypal.com', marked: 'paypal[-security].com', why: 'the extra word' },
  { host: 'g00gle.com', real: 'accounts.google.com', marked: 'g[00]gle.com', why: 'digits for letters' },
  { host: 'examp1e.okta.com', real: 'example.okta.com', marked: 'examp[1]e.okta.com', why: 'one digit for a letter' },
  {
    host: 'microsoftonline.com.co',
    real: 'login.microsoftonline.com',
    marked: 'microsoftonline.com[.co]',
    why: 'another suffix',
  },
  {
    host: 'login.example.com',
    real: 'login.example.com',
    marked: 'login.example.com',
    why: 'the same host: nothing marked',
  },
];

/** Runs written as in the table: differing runs in brackets. */
export const bracketed = (runs: readonly { text: string; differs: boolean }[]): string =>
  runs.map((r) => (r.differs ? `[${r.text}]` : r.text)).join('');
