/**
 * Example table for normalizeUrl: each row is one rule, kept beside the code and
 * tested in test/unit/shared/url/normalize.test.ts. `q` = stripQuery.
 */
import type { NormalizeResult } from './normalize';

export interface NormalizeExample {
  rule: string;
  input: string;
  q: boolean;
  expected: NormalizeResult;
}

const ok = (url: string, host: string): NormalizeResult => ({ ok: true, url, host });
const scheme: NormalizeResult = { ok: false, reason: 'scheme' };
const invalid: NormalizeResult = { ok: false, reason: 'invalid-url' };

export const NORMALIZE_EXAMPLES: readonly NormalizeExample[] = [
  {
    rule: 'plain https URL unchanged',
    input: 'https://example.com/a/b?x=1',
    q: false,
    expected: ok('https://example.com/a/b?x=1', 'example.com'),
  },
  {
    rule: 'empty path becomes /',
    input: 'https://example.com',
    q: false,
    expected: ok('https://example.com/', 'example.com'),
  },
  {
    rule: 'host lowercased, path case kept',
    input: 'HTTPS://WWW.Example.COM/Path',
    q: false,
    expected: ok('https://www.example.com/Path', 'www.example.com'),
  },
  {
    rule: 'userinfo dropped',
    input: 'https://alice:s3cret@example.com/',
    q: false,
    expected: ok('https://example.com/', 'example.com'),
  },
  {
    rule: 'username alone dropped',
    input: 'http://bob@example.com/x',
    q: false,
    expected: ok('http://example.com/x', 'example.com'),
  },
  {
    rule: 'fragment dropped',
    input: 'https://example.com/doc#section-2',
    q: false,
    expected: ok('https://example.com/doc', 'example.com'),
  },
  {
    rule: 'query kept when not stripping',
    input: 'https://example.com/s?q=cats&p=2',
    q: false,
    expected: ok('https://example.com/s?q=cats&p=2', 'example.com'),
  },
  {
    rule: 'query stripped when asked',
    input: 'https://example.com/s?q=cats&p=2#top',
    q: true,
    expected: ok('https://example.com/s', 'example.com'),
  },
  {
    rule: 'stripping strips the query of a destination carried in the path (Cisco)',
    input: 'https://secure-web.cisco.com/1abcDEF/https%3A%2F%2Fbank.example%2Freset%3Ftoken%3Ds3cret%23top',
    q: true,
    expected: ok('https://secure-web.cisco.com/1abcDEF/https%3A%2F%2Fbank.example%2Freset', 'secure-web.cisco.com'),
  },
  {
    rule: '… and of its raw query after an encoded path',
    input: 'https://secure-web.cisco.com/1abcDEF/https%3A%2F%2Fbank.example%2Freset?token=s3cret',
    q: true,
    expected: ok('https://secure-web.cisco.com/1abcDEF/https%3A%2F%2Fbank.example%2Freset', 'secure-web.cisco.com'),
  },
  {
    rule: '… (Amazon SES: the one path segment it is in)',
    input: 'https://a1.r.us-east-1.awstrack.me/L0/https:%2F%2Fshop.example%2Fcart%3Fsession=42/1/0100abc/XyZ=1',
    q: true,
    expected: ok(
      'https://a1.r.us-east-1.awstrack.me/L0/https%3A%2F%2Fshop.example%2Fcart/1/0100abc/XyZ=1',
      'a1.r.us-east-1.awstrack.me',
    ),
  },
  {
    rule: 'a carried destination kept whole when not stripping',
    input: 'https://secure-web.cisco.com/1abcDEF/https%3A%2F%2Fbank.example%2Freset%3Ftoken%3Ds3cret',
    q: false,
    expected: ok(
      'https://secure-web.cisco.com/1abcDEF/https%3A%2F%2Fbank.example%2Freset%3Ftoken%3Ds3cret',
      'secure-web.cisco.com',
    ),
  },
  {
    rule: 'empty query dropped',
    input: 'https://example.com/?',
    q: false,
    expected: ok('https://example.com/', 'example.com'),
  },
  {
    rule: 'default http port removed',
    input: 'http://example.com:80/',
    q: false,
    expected: ok('http://example.com/', 'example.com'),
  },
  {
    rule: 'default https port removed',
    input: 'https://example.com:443/a',
    q: false,
    expected: ok('https://example.com/a', 'example.com'),
  },
  {
    rule: 'other port kept',
    input: 'https://example.com:8443/',
    q: false,
    expected: ok('https://example.com:8443/', 'example.com'),
  },
  {
    rule: 'cross default port kept',
    input: 'http://example.com:443/',
    q: false,
    expected: ok('http://example.com:443/', 'example.com'),
  },
  {
    rule: 'trailing dot of host removed',
    input: 'https://example.com./',
    q: false,
    expected: ok('https://example.com/', 'example.com'),
  },
  {
    rule: 'several trailing dots removed',
    input: 'https://example.com../a',
    q: false,
    expected: ok('https://example.com/a', 'example.com'),
  },
  {
    rule: 'IDN to punycode',
    input: 'https://bücher.example/',
    q: false,
    expected: ok('https://xn--bcher-kva.example/', 'xn--bcher-kva.example'),
  },
  {
    rule: 'dot segments resolved',
    input: 'https://example.com/a/./b/../c',
    q: false,
    expected: ok('https://example.com/a/c', 'example.com'),
  },
  {
    rule: 'surrounding spaces ignored',
    input: '  https://example.com/  ',
    q: false,
    expected: ok('https://example.com/', 'example.com'),
  },
  {
    rule: 'IPv4 short form canonical',
    input: 'http://127.1/',
    q: false,
    expected: ok('http://127.0.0.1/', '127.0.0.1'),
  },
  {
    rule: 'IPv4 hex form canonical',
    input: 'http://0x7f.0.0.1/',
    q: false,
    expected: ok('http://127.0.0.1/', '127.0.0.1'),
  },
  {
    rule: 'IPv6 compressed and bracketed',
    input: 'http://[0:0:0:0:0:0:0:1]:80/',
    q: false,
    expected: ok('http://[::1]/', '[::1]'),
  },
  { rule: 'chrome: is not the web', input: 'chrome://settings/', q: false, expected: scheme },
  { rule: 'about: is not the web', input: 'about:blank', q: false, expected: scheme },
  { rule: 'file: is not the web', input: 'file:///etc/passwd', q: false, expected: scheme },
  { rule: 'data: is not the web', input: 'data:text/html,<b>hi</b>', q: false, expected: scheme },
  { rule: 'javascript: is not the web', input: 'javascript:alert(1)', q: false, expected: scheme },
  { rule: 'blob: is not the web', input: 'blob:https://example.com/0b8f-11aa', q: false, expected: scheme },
  { rule: 'view-source: is not the web', input: 'view-source:https://example.com/', q: false, expected: scheme },
  {
    rule: 'chrome-extension: is not the web',
    input: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html',
    q: false,
    expected: scheme,
  },
  {
    rule: 'moz-extension: is not the web',
    input: 'moz-extension://1b2c3d4e-0000-4000-8000-123456789abc/options.html',
    q: false,
    expected: scheme,
  },
  { rule: 'ws: is not the web', input: 'ws://example.com/socket', q: false, expected: scheme },
  { rule: 'ftp: is not the web', input: 'ftp://example.com/file.txt', q: false, expected: scheme },
  { rule: 'mailto: is not the web', input: 'mailto:someone@example.com', q: false, expected: scheme },
  { rule: 'no scheme at all', input: 'example.com/path', q: false, expected: invalid },
  { rule: 'empty string', input: '', q: false, expected: invalid },
  { rule: 'space in host', input: 'https://exa mple.com/', q: false, expected: invalid },
  { rule: 'IPv4 out of range', input: 'http://256.0.0.1/', q: false, expected: invalid },
  { rule: 'host of dots only', input: 'http://./', q: false, expected: invalid },
];
