/** Example tables for registrableDomain and hostMatches. */

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
  { host: 'docs.example.com', entries: ['https://docs.example.com/path?q#f'], expected: 'https://docs.example.com/path?q#f' },
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
];
