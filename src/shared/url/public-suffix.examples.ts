/**
 * Examples for public-suffix.ts, tested in public-suffix.test.ts.
 *
 * PSL_TEST_CASES: the public suffix list's own test file (tests/test_psl.txt of
 * github.com/publicsuffix/list, public domain, CC0; here the copy Debian ships in
 * /usr/share/doc/publicsuffix/examples/test_psl.txt), every `checkPublicSuffix(host, domain)`
 * line as [host, expected registrable domain], rules of both sections counted. The one case
 * with a null host is left out (our function takes strings).
 */
export const PSL_TEST_CASES: readonly (readonly [string, string | null])[] = [
  // null input.
  // Mixed case.
  ['COM', null],
  ['example.COM', 'example.com'],
  ['WwW.example.COM', 'example.com'],
  // Leading dot.
  ['.com', null],
  ['.example', null],
  ['.example.com', null],
  ['.example.example', null],
  // Unlisted TLD.
  ['example', null],
  ['example.example', 'example.example'],
  ['b.example.example', 'example.example'],
  ['a.b.example.example', 'example.example'],
  // Listed, but non-Internet, TLD.
  // (commented out in the list's file) checkPublicSuffix('local', null);
  // (commented out in the list's file) checkPublicSuffix('example.local', null);
  // (commented out in the list's file) checkPublicSuffix('b.example.local', null);
  // (commented out in the list's file) checkPublicSuffix('a.b.example.local', null);
  // TLD with only 1 rule.
  ['biz', null],
  ['domain.biz', 'domain.biz'],
  ['b.domain.biz', 'domain.biz'],
  ['a.b.domain.biz', 'domain.biz'],
  // TLD with some 2-level rules.
  ['com', null],
  ['example.com', 'example.com'],
  ['b.example.com', 'example.com'],
  ['a.b.example.com', 'example.com'],
  ['uk.com', null],
  ['example.uk.com', 'example.uk.com'],
  ['b.example.uk.com', 'example.uk.com'],
  ['a.b.example.uk.com', 'example.uk.com'],
  ['test.ac', 'test.ac'],
  // TLD with only 1 (wildcard) rule.
  ['mm', null],
  ['c.mm', null],
  ['b.c.mm', 'b.c.mm'],
  ['a.b.c.mm', 'b.c.mm'],
  // More complex TLD.
  ['jp', null],
  ['test.jp', 'test.jp'],
  ['www.test.jp', 'test.jp'],
  ['ac.jp', null],
  ['test.ac.jp', 'test.ac.jp'],
  ['www.test.ac.jp', 'test.ac.jp'],
  ['kyoto.jp', null],
  ['test.kyoto.jp', 'test.kyoto.jp'],
  ['ide.kyoto.jp', null],
  ['b.ide.kyoto.jp', 'b.ide.kyoto.jp'],
  ['a.b.ide.kyoto.jp', 'b.ide.kyoto.jp'],
  ['c.kobe.jp', null],
  ['b.c.kobe.jp', 'b.c.kobe.jp'],
  ['a.b.c.kobe.jp', 'b.c.kobe.jp'],
  ['city.kobe.jp', 'city.kobe.jp'],
  ['www.city.kobe.jp', 'city.kobe.jp'],
  // TLD with a wildcard rule and exceptions.
  ['ck', null],
  ['test.ck', null],
  ['b.test.ck', 'b.test.ck'],
  ['a.b.test.ck', 'b.test.ck'],
  ['www.ck', 'www.ck'],
  ['www.www.ck', 'www.ck'],
  // US K12.
  ['us', null],
  ['test.us', 'test.us'],
  ['www.test.us', 'test.us'],
  ['ak.us', null],
  ['test.ak.us', 'test.ak.us'],
  ['www.test.ak.us', 'test.ak.us'],
  ['k12.ak.us', null],
  ['test.k12.ak.us', 'test.k12.ak.us'],
  ['www.test.k12.ak.us', 'test.k12.ak.us'],
  // IDN labels.
  ['食狮.com.cn', '食狮.com.cn'],
  ['食狮.公司.cn', '食狮.公司.cn'],
  ['www.食狮.公司.cn', '食狮.公司.cn'],
  ['shishi.公司.cn', 'shishi.公司.cn'],
  ['公司.cn', null],
  ['食狮.中国', '食狮.中国'],
  ['www.食狮.中国', '食狮.中国'],
  ['shishi.中国', 'shishi.中国'],
  ['中国', null],
  // Same as above, but punycoded.
  ['xn--85x722f.com.cn', 'xn--85x722f.com.cn'],
  ['xn--85x722f.xn--55qx5d.cn', 'xn--85x722f.xn--55qx5d.cn'],
  ['www.xn--85x722f.xn--55qx5d.cn', 'xn--85x722f.xn--55qx5d.cn'],
  ['shishi.xn--55qx5d.cn', 'shishi.xn--55qx5d.cn'],
  ['xn--55qx5d.cn', null],
  ['xn--85x722f.xn--fiqs8s', 'xn--85x722f.xn--fiqs8s'],
  ['www.xn--85x722f.xn--fiqs8s', 'xn--85x722f.xn--fiqs8s'],
  ['shishi.xn--fiqs8s', 'shishi.xn--fiqs8s'],
  ['xn--fiqs8s', null],
];

export interface SuffixExample {
  host: string;
  privateRules: boolean;
  expected: { suffix: string; domain: string | null; listed: boolean; icann: boolean } | null;
}

/**
 * Our own cases: the private section matters (each GitHub Pages user is their own site), and
 * the ICANN-only reading (privacy.ts: is the name under a real top-level domain?).
 */
export const SUFFIX_EXAMPLES: readonly SuffixExample[] = [
  {
    host: 'alice.github.io',
    privateRules: true,
    expected: { suffix: 'github.io', domain: 'alice.github.io', listed: true, icann: false },
  },
  {
    host: 'alice.github.io',
    privateRules: false,
    expected: { suffix: 'io', domain: 'github.io', listed: true, icann: true },
  },
  {
    host: 'github.io',
    privateRules: true,
    expected: { suffix: 'github.io', domain: null, listed: true, icann: false },
  },
  {
    host: 'www.bbc.co.uk',
    privateRules: true,
    expected: { suffix: 'co.uk', domain: 'bbc.co.uk', listed: true, icann: true },
  },
  {
    host: 'x.y.s3.amazonaws.com',
    privateRules: true,
    expected: { suffix: 's3.amazonaws.com', domain: 'y.s3.amazonaws.com', listed: true, icann: false },
  },
  {
    host: 'b.s3.us-east-1.amazonaws.com',
    privateRules: true,
    expected: {
      suffix: 's3.us-east-1.amazonaws.com',
      domain: 'b.s3.us-east-1.amazonaws.com',
      listed: true,
      icann: false,
    },
  },
  {
    host: 'EXAMPLE.COM.',
    privateRules: true,
    expected: { suffix: 'com', domain: 'example.com', listed: true, icann: true },
  },
  {
    host: 'printer.corp',
    privateRules: false,
    expected: { suffix: 'corp', domain: 'printer.corp', listed: false, icann: false },
  },
  {
    host: 'a.b.city.kawasaki.jp',
    privateRules: false,
    expected: { suffix: 'kawasaki.jp', domain: 'city.kawasaki.jp', listed: true, icann: true },
  },
  {
    host: 'xn--85x722f.xn--55qx5d.cn',
    privateRules: true,
    expected: { suffix: 'xn--55qx5d.cn', domain: 'xn--85x722f.xn--55qx5d.cn', listed: true, icann: true },
  },
  { host: 'a..example.com', privateRules: true, expected: null },
  { host: '-bad.example.com', privateRules: true, expected: null },
  { host: 'exa mple.com', privateRules: true, expected: null },
  { host: '', privateRules: true, expected: null },
];
