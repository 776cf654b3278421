/**
 * Example tables for request-filter.ts, tested in
 * test/unit/shared/url/request-filter.test.ts. Request URLs are written as the browser hands them
 * to its request-blocking layer (canonical, fragment and userinfo kept). Each row also holds, by
 * test: a request matches the key's regex exactly when normalizeUrl maps it to that key.
 */

export interface KeyRegexExample {
  rule: string;
  key: string;
  stripQuery: boolean;
  /** [request URL, matched?] */
  requests: ReadonlyArray<readonly [string, boolean]>;
}

export const KEY_REGEX_EXAMPLES: readonly KeyRegexExample[] = [
  {
    rule: 'stripped query: the path with any query, any fragment',
    key: 'http://phish-bank.test:8080/login',
    stripQuery: true,
    requests: [
      ['http://phish-bank.test:8080/login', true],
      ['http://phish-bank.test:8080/login?next=%2Fhome', true],
      ['http://phish-bank.test:8080/login?', true],
      ['http://phish-bank.test:8080/login#top', true],
      ['http://phish-bank.test:8080/login?a=1#top', true],
      ['http://phish-bank.test:8080/login/', false], // trailing slash: another page, another key
      ['http://phish-bank.test:8080/login/more', false],
      ['http://phish-bank.test:8080/loginx', false],
      ['http://phish-bank.test:8080/LOGIN', false], // path case is kept by the key
      ['http://phish-bank.test/login', false], // another port
      ['http://phish-bank.test:80801/login', false],
      ['https://phish-bank.test:8080/login', false], // another scheme
      ['http://a.phish-bank.test:8080/login', false], // a subdomain is another host
      ['http://xphish-bank.test:8080/login', false],
      ['http://phish-bank.testx:8080/login', false],
      ['http://safe.test:8080/?u=http://phish-bank.test:8080/login', false], // the key inside another URL
    ],
  },
  {
    rule: 'userinfo and trailing dots of the host are dropped by normalizeUrl: matched too',
    key: 'https://evil.example/a',
    stripQuery: true,
    requests: [
      ['https://user:pw@evil.example/a', true],
      ['https://user@evil.example/a', true],
      ['https://evil.example./a', true],
      ['https://evil.example../a?x', true],
      ['https://evil.example.com/a', false],
      ['https://evil.example:444/a', false],
      ['https://evil.example@good.example/a', false], // userinfo that looks like the host
    ],
  },
  {
    rule: 'kept query: only that query (fragment aside)',
    key: 'https://example.com/s?q=cats&p=2',
    stripQuery: false,
    requests: [
      ['https://example.com/s?q=cats&p=2', true],
      ['https://example.com/s?q=cats&p=2#r', true],
      ['https://example.com/s?q=cats&p=3', false],
      ['https://example.com/s?q=cats&p=2&x', false],
      ['https://example.com/s', false],
      ['https://example.com/s?', false],
    ],
  },
  {
    rule: 'kept queries, key without one: no query or an empty one',
    key: 'https://example.com/s',
    stripQuery: false,
    requests: [
      ['https://example.com/s', true],
      ['https://example.com/s?', true],
      ['https://example.com/s#f', true],
      ['https://example.com/s?q=1', false],
    ],
  },
  {
    rule: 'regex characters in the path are literal',
    key: 'https://example.com/a.b/(x)+[y]*|z^$/%7B%7D',
    stripQuery: true,
    requests: [
      ['https://example.com/a.b/(x)+[y]*|z^$/%7B%7D', true],
      ['https://example.com/a.b/(x)+[y]*|z^$/%7B%7D?q', true],
      ['https://example.com/aXb/(x)+[y]*|z^$/%7B%7D', false], // `.` is not "any character"
      ['https://example.com/a.b/(x)[y]|z^$/%7B%7D', false],
      ['https://example.com/a.b/xx[y]*|z^$/%7B%7D', false],
    ],
  },
  {
    rule: 'root path',
    key: 'http://phish.test/',
    stripQuery: true,
    requests: [
      ['http://phish.test/', true],
      ['http://phish.test/?utm=1', true],
      ['http://phish.test/index.html', false],
    ],
  },
  {
    rule: 'IPv4 host: no trailing dots',
    key: 'http://203.0.113.9/x',
    stripQuery: true,
    requests: [
      ['http://203.0.113.9/x', true],
      ['http://203.0.113.90/x', false],
      ['http://203a0a113a9/x', false],
    ],
  },
  {
    rule: 'IPv6 host keeps its brackets',
    key: 'http://[2001:db8::1]:8080/x',
    stripQuery: true,
    requests: [
      ['http://[2001:db8::1]:8080/x', true],
      ['http://[2001:db8::12]:8080/x', false],
    ],
  },
  {
    rule: 'punycode host',
    key: 'https://xn--bcher-kva.example/',
    stripQuery: true,
    requests: [
      ['https://xn--bcher-kva.example/', true],
      ['https://xn--bcher-kvaxexample/', false],
    ],
  },
];

/** Keys that are not normalized web URLs: no regex (nothing to block). */
export const NOT_A_KEY: readonly string[] = [
  'ftp://example.com/',
  'https://example.com/a#frag',
  'https://u:p@example.com/',
  'HTTPS://Example.com/',
  'not a url',
  'https://example.com', // normalized form has the '/'
];

export interface HostRegexExample {
  host: string;
  requests: ReadonlyArray<readonly [string, boolean]>;
}

export const HOST_REGEX_EXAMPLES: readonly HostRegexExample[] = [
  {
    host: 'phish.test',
    requests: [
      ['http://phish.test/', true],
      ['https://phish.test:8443/a?b#c', true],
      ['http://u:p@phish.test/x', true],
      ['http://phish.test./x', true],
      ['http://phish.test?x', true],
      ['http://phish.test', true],
      ['http://a.phish.test/', false],
      ['http://phish.testing/', false],
      ['http://xphish.test/', false],
      ['http://good.test/?phish.test/', false],
      ['ftp://phish.test/', false],
    ],
  },
  {
    host: '[::1]',
    requests: [
      ['http://[::1]:3000/', true],
      ['http://[::12]/', false],
    ],
  },
];

export interface PathRegexExample {
  host: string;
  path: string;
  prefix: boolean;
  requests: ReadonlyArray<readonly [string, boolean]>;
}

/** pathEntryRegex: the requests a path list entry's rule stops, as listMatches decides them. */
export const PATH_REGEX_EXAMPLES: readonly PathRegexExample[] = [
  {
    host: 'shop.test',
    path: '/phish/',
    prefix: true,
    requests: [
      ['https://shop.test/phish/', true],
      ['https://shop.test/phish/login?x=1#y', true],
      ['https://a.b.shop.test:8443/phish/x', true],
      ['http://u:p@shop.test./phish/x', true],
      ['https://shop.test/phish', false],
      ['https://shop.test/Phish/x', false],
      ['https://shop.test/a/phish/x', false],
      ['https://xshop.test/phish/x', false],
      ['https://shop.test.evil.test/phish/x', false],
      ['https://good.test/?u=shop.test/phish/x', false],
    ],
  },
  {
    host: 'shop.test',
    path: '/login',
    prefix: false,
    requests: [
      ['https://shop.test/login', true],
      ['https://shop.test/login?next=%2F', true],
      ['https://shop.test/login#top', true],
      ['https://shop.test/login/', false],
      ['https://shop.test/loginx', false],
    ],
  },
  {
    host: '10.0.0.1',
    path: '/admin/',
    prefix: true,
    requests: [
      ['http://10.0.0.1:8080/admin/x', true],
      ['http://110.0.0.1/admin/x', false],
    ],
  },
];

/** [hosts, requestDomains] */
export const REQUEST_DOMAINS_EXAMPLES: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
  [['evil.example'], ['evil.example', 'evil.example.']],
  [
    ['10.0.0.1', '[::1]'],
    ['10.0.0.1', '[::1]'],
  ],
  [[], []],
];

/** exactUrlFilter (request-filter.ts): an address, its urlFilter (or null), and requests it matches. */
export const EXACT_URL_FILTER_EXAMPLES: readonly {
  name: string;
  address: string;
  filter: string | null;
  requests: readonly (readonly [string, boolean])[];
}[] = [
  {
    name: 'a wrapped link: the whole address, its long query included, and nothing else through the same wrapper',
    address: `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://quarterly-report.test/q3')}&data=05%7C02%7C${'x'.repeat(200)}&reserved=0`,
    filter: `|https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://quarterly-report.test/q3')}&data=05%7C02%7C${'x'.repeat(200)}&reserved=0|`,
    requests: [
      [
        `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://quarterly-report.test/q3')}&data=05%7C02%7C${'x'.repeat(200)}&reserved=0`,
        true,
      ],
      [
        `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent('https://phish.test/')}&data=05%7C02%7C${'x'.repeat(200)}&reserved=0`,
        false,
      ],
      ['https://nam12.safelinks.protection.outlook.com/', false],
    ],
  },
  {
    name: 'no query: that address only, not with one added',
    address: 'http://y.test:8080/a/b',
    filter: '|http://y.test:8080/a/b|',
    requests: [
      ['http://y.test:8080/a/b', true],
      ['http://y.test:8080/a/b?next=1', false],
      ['http://y.test:8080/a/bc', false],
      ['http://evil.test/?http://y.test:8080/a/b', false],
    ],
  },
  {
    name: 'a `*` in the query (urlFilter would read a wildcard): left to a regex',
    address: 'https://a.test/?q=*',
    filter: null,
    requests: [],
  },
  {
    name: 'a `^` in the query (urlFilter would read a separator): left to a regex',
    address: 'https://a.test/?q=^x',
    filter: null,
    requests: [],
  },
  { name: 'a `|` in the query: left to a regex', address: 'https://a.test/?q=a|b', filter: null, requests: [] },
  {
    name: "not in the URL parser's form (upper-case host): none",
    address: 'https://A.test/',
    filter: null,
    requests: [],
  },
  { name: 'a fragment is never part of a request: none', address: 'https://a.test/#x', filter: null, requests: [] },
  { name: 'credentials: none', address: 'https://u:p@a.test/', filter: null, requests: [] },
  { name: 'not http(s): none', address: 'ftp://a.test/', filter: null, requests: [] },
];
