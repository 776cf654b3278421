/** Example tables for registrableDomain, hostMatches and parseHostEntry. */
import type { HostEntryProblem } from './site';

export const REGISTRABLE_DOMAIN_EXAMPLES: ReadonlyArray<readonly [host: string, site: string]> = [
  ['example.com', 'example.com'],
  ['a.b.example.com', 'example.com'],
  ['shop.example.co.uk', 'example.co.uk'],
  ['alice.github.io', 'alice.github.io'], // private suffix: each user is a site
  ['EXAMPLE.COM.', 'example.com'],
  ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ['127.0.0.1', '127.0.0.1'],
  ['[::1]', '[::1]'],
  ['localhost', 'localhost'],
  ['intranet', 'intranet'],
];

export interface HostMatchExample {
  host: string;
  entries: string[];
  expected: string | null;
}

export const HOST_MATCH_EXAMPLES: readonly HostMatchExample[] = [
  { host: 'example.com', entries: ['example.com'], expected: 'example.com' },
  { host: 'a.b.example.com', entries: ['example.com'], expected: 'example.com' },
  { host: 'notexample.com', entries: ['example.com'], expected: null },
  { host: 'example.com.evil.net', entries: ['example.com'], expected: null },
  { host: 'example.com', entries: ['sub.example.com'], expected: null },
  { host: 'a.example.com', entries: ['*.example.com'], expected: '*.example.com' },
  { host: 'example.com', entries: ['*.example.com'], expected: '*.example.com' },
  { host: 'a.example.com', entries: ['.example.com'], expected: '.example.com' },
  {
    host: 'docs.example.com',
    entries: ['https://docs.example.com/path?q#f'],
    expected: 'https://docs.example.com/path?q#f',
  },
  { host: 'example.com', entries: ['Example.COM:8080'], expected: 'Example.COM:8080' },
  { host: 'xn--bcher-kva.example', entries: ['bücher.example'], expected: 'bücher.example' },
  { host: 'bücher.example', entries: ['xn--bcher-kva.example'], expected: 'xn--bcher-kva.example' },
  { host: 'example.com.', entries: ['example.com'], expected: 'example.com' },
  { host: 'a.example.com', entries: ['example.com', 'a.example.com'], expected: 'a.example.com' }, // most specific
  { host: '10.0.0.1', entries: ['10.0.0.1'], expected: '10.0.0.1' },
  { host: '10.0.0.1', entries: ['0.0.1'], expected: null }, // IPs match whole only
  { host: '127.0.0.1', entries: ['127.1'], expected: '127.1' },
  { host: '[::1]', entries: ['::1'], expected: '::1' },
  { host: 'example.com', entries: ['', '   ', '# comment', 'foo.*.com'], expected: null },
  { host: 'example.com', entries: [], expected: null },
  // A path entry names part of the site (list-entry.ts), never the whole host.
  { host: 'example.com', entries: ['example.com/login/*', 'example.com/admin'], expected: null },
  // A stored entry with a user name never widens to what follows its `@` (a public suffix).
  { host: 'example.com', entries: ['login.mybank.com@com'], expected: null },
  { host: 'example.com', entries: ['mybank.com:443@com'], expected: null },
  { host: 'example.com', entries: ['https://mybank.com@com/'], expected: null },
  { host: 'example.com', entries: ['http://@com'], expected: null },
  { host: 'alice.github.io', entries: ['https://me@github.io/'], expected: null },
  // A URL with a user name stands for its host when that is a site or an address (a block list
  // holding a pasted phishing URL still blocks it).
  { host: 'www.evil.example', entries: ['https://x@evil.example/'], expected: 'https://x@evil.example/' },
  { host: '0.0.0.0', entries: ['http://user:pass@0/'], expected: 'http://user:pass@0/' },
];

/** parseHostEntry: an entry → the host stored, or why it is refused. */
export const HOST_ENTRY_EXAMPLES: ReadonlyArray<
  readonly [entry: string, expected: string | { error: HostEntryProblem }]
> = [
  ['example.com', 'example.com'],
  ['  Docs.Example.COM  ', 'docs.example.com'],
  ['example.com.', 'example.com'], // one trailing dot: the same name
  ['example.com..', { error: 'invalid' }],
  ['*.example.com', 'example.com'], // same meaning as plain (hostMatches)
  ['.example.com', 'example.com'],
  ['foo.*.com', { error: 'wildcard' }],
  ['*example.com', { error: 'wildcard' }],
  ['*', { error: 'wildcard' }],
  ['alice.github.io', 'alice.github.io'],
  ['shop.example.co.uk', 'shop.example.co.uk'],
  ['www.ck', 'www.ck'], // the list's exception rule: a site, not a suffix
  // Userinfo: read as a URL, what follows `@` would be the host.
  ['login.mybank.com@com', { error: 'userinfo' }],
  ['mybank.com:443@com', { error: 'userinfo' }],
  ['@example.com', { error: 'userinfo' }],
  // Ports, paths, queries, fragments, schemes.
  ['example.com:443', { error: 'port' }],
  ['example.com:', { error: 'port' }],
  ['[::1]:8080', { error: 'port' }],
  ['example.com/login', { error: 'path' }],
  ['example.com?u=1', { error: 'path' }],
  ['example.com#top', { error: 'path' }],
  ['example.com\\evil.test', { error: 'path' }],
  ['https://example.com', { error: 'scheme' }],
  ['https://example.com/a?b', { error: 'scheme' }],
  ['javascript://example.com', { error: 'scheme' }],
  // Whole public suffixes: ICANN, multi-label, wildcard rule, private section.
  ['com', { error: 'public-suffix' }],
  ['COM.', { error: 'public-suffix' }],
  ['*.com', { error: 'public-suffix' }],
  ['co.uk', { error: 'public-suffix' }],
  ['github.io', { error: 'public-suffix' }],
  ['*.github.io', { error: 'public-suffix' }],
  ['anything.ck', { error: 'public-suffix' }], // `*.ck`
  ['рф', { error: 'public-suffix' }],
  // Names the list does not know are intranet hosts, not suffixes.
  ['intranet', 'intranet'],
  ['localhost', 'localhost'],
  // IDN: Unicode accepted, stored in its ASCII form.
  ['bücher.example', 'xn--bcher-kva.example'],
  ['BÜCHER.example', 'xn--bcher-kva.example'],
  ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
  // IP addresses.
  ['10.0.0.1', '10.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['0x7f.0.0.1', '127.0.0.1'],
  ['999.1.1.1', { error: 'invalid' }],
  ['1.2.3.4.5', { error: 'invalid' }],
  ['::1', '[::1]'],
  ['[::1]', '[::1]'],
  ['[2001:DB8::1]', '[2001:db8::1]'],
  ['2001:db8::zz', { error: 'invalid' }],
  ['[::1', { error: 'invalid' }],
  // Whitespace, characters a host cannot have, sizes.
  ['', { error: 'empty' }],
  ['   ', { error: 'empty' }],
  ['exa mple.com', { error: 'invalid' }],
  ['example.com\tevil.test', { error: 'invalid' }],
  ['ex%41mple.com', { error: 'invalid' }],
  ['a!b.com', { error: 'invalid' }],
  ['-a.com', { error: 'invalid' }],
  ['# comment', { error: 'path' }],
  [`${'a'.repeat(64)}.com`, { error: 'too-long' }],
  [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
  [`${'abcdefghi.'.repeat(25)}com`, `${'abcdefghi.'.repeat(25)}com`], // 253 characters: the most a name has
  [`${'abcdefghi.'.repeat(26)}com`, { error: 'too-long' }],
  ['x'.repeat(301), { error: 'too-long' }],
];

/** parsePersonEntry: what the person adds → the host, or why it is refused. */
export const PERSON_ENTRY_EXAMPLES: ReadonlyArray<
  readonly [entry: string, expected: string | { error: HostEntryProblem }]
> = [
  ['https://login.shop.example/x?y=1#z', 'login.shop.example'], // a pasted address counts by its host
  ['HTTP://Example.COM:8080/', 'example.com'],
  ['https://[::1]:8443/', '[::1]'],
  ['https://bücher.example/', 'xn--bcher-kva.example'],
  ['*.Login.Shop.Example', 'login.shop.example'],
  ['https://mybank.com@evil.test/', { error: 'userinfo' }],
  ['https://mybank.com:443@com/', { error: 'userinfo' }],
  ['https://user:pw@example.com/', { error: 'userinfo' }],
  ['https://com/', { error: 'public-suffix' }],
  ['https://github.io/', { error: 'public-suffix' }],
  ['https://', { error: 'invalid' }],
  ['ftp://example.com/', { error: 'scheme' }], // not a web address: read strictly
  ['example.com:8080', { error: 'port' }], // without a scheme it is not a pasted address
  ['example.com/login', { error: 'path' }],
  ['login.mybank.com@com', { error: 'userinfo' }],
  ['not a site', { error: 'invalid' }],
];
