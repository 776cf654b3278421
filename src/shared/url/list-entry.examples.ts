/** Example tables for parseListEntry and listMatches (list-entry.ts). */
import type { HostEntryProblem } from './site';

/** An entry → how it is stored (listEntryText), or why it is refused. */
export const LIST_ENTRY_EXAMPLES: ReadonlyArray<
  readonly [entry: string, expected: string | { error: HostEntryProblem }]
> = [
  ['example.com', 'example.com'],
  ['*.example.com', 'example.com'], // the host and its subdomains, as a plain host
  ['Example.COM/Login/*', 'example.com/Login/*'], // the host is case-blind, the path is not
  ['example.com/login', 'example.com/login'],
  ['example.com/login*', 'example.com/login*'],
  ['*.example.com/path/*', 'example.com/path/*'],
  ['bücher.example/straße', 'xn--bcher-kva.example/stra%C3%9Fe'], // as the browser writes both
  ['example.com/a b', { error: 'invalid' }],
  ['example.com/', { error: 'path' }], // no path after the slash: read as a host, which has none
  ['example.com/*', 'example.com'], // every path: the whole site
  ['10.0.0.1/admin/*', '10.0.0.1/admin/*'],
  ['example.com/a*b', { error: 'wildcard' }],
  ['example.com/*/x', { error: 'wildcard' }],
  ['foo.*.com/x', { error: 'wildcard' }],
  ['example.com/login?next=1', { error: 'path' }],
  ['example.com/login#top', { error: 'path' }],
  ['example.com/../admin', { error: 'invalid' }],
  ['example.com/a/./b', { error: 'invalid' }],
  ['example.com/a\\b', { error: 'invalid' }],
  ['example.com/a^b', { error: 'invalid' }],
  ['example.com/a|b', { error: 'invalid' }],
  // The host part is held to the host rules.
  ['com/login', { error: 'public-suffix' }],
  ['github.io/x/*', { error: 'public-suffix' }],
  ['login.mybank.com@com/x', { error: 'userinfo' }],
  ['example.com:8080/x', { error: 'port' }],
  ['https://example.com/x', { error: 'scheme' }],
  [`example.com/${'a'.repeat(300)}`, { error: 'too-long' }],
];

export interface ListMatchExample {
  url: string;
  entries: string[];
  expected: string | null;
}

/** An address (host and path) against a list → the entry that covers it. */
export const LIST_MATCH_EXAMPLES: readonly ListMatchExample[] = [
  { url: 'https://example.com/login/reset', entries: ['example.com/login/*'], expected: 'example.com/login/*' },
  { url: 'https://a.example.com/login/x', entries: ['example.com/login/*'], expected: 'example.com/login/*' }, // subdomains too
  { url: 'https://example.com/login', entries: ['example.com/login/*'], expected: null }, // `/login/` is the prefix
  { url: 'https://example.com/login', entries: ['example.com/login*'], expected: 'example.com/login*' },
  { url: 'https://example.com/loginx', entries: ['example.com/login*'], expected: 'example.com/login*' },
  { url: 'https://example.com/login?next=/', entries: ['example.com/login'], expected: 'example.com/login' }, // any query
  { url: 'https://example.com/login/', entries: ['example.com/login'], expected: null }, // exactly that path
  { url: 'https://example.com/Login', entries: ['example.com/login'], expected: null }, // paths are case-sensitive
  { url: 'https://example.com/', entries: ['example.com/login/*'], expected: null }, // the rest of the site is not named
  { url: 'https://notexample.com/login/x', entries: ['example.com/login/*'], expected: null },
  { url: 'https://example.com.evil.test/login/x', entries: ['example.com/login/*'], expected: null },
  { url: 'https://example.com/anything', entries: ['example.com', 'example.com/a/*'], expected: 'example.com' }, // a host entry first
  {
    url: 'https://xn--bcher-kva.example/stra%C3%9Fe',
    entries: ['bücher.example/straße'],
    expected: 'bücher.example/straße',
  },
  { url: 'https://example.com/x', entries: ['https://example.com/other'], expected: 'https://example.com/other' }, // a pasted URL stands for its host
];
