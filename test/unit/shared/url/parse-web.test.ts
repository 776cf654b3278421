import { describe, expect, it } from 'vitest';
import { parseWeb } from '@/src/shared/url/parse-web';

describe('parseWeb: parse, and only the web', () => {
  it.each([
    ['https://a.example/x?y#z', undefined, 'https://a.example/x?y#z'],
    ['HTTP://A.Example', undefined, 'http://a.example/'],
    ['/next', 'https://sho.rt/abc', 'https://sho.rt/next'], // a relative Location against its short link
    ['//b.example/p', 'https://sho.rt/abc', 'https://b.example/p'],
    ['https://c.example/', 'not a url', null], // a base that is no URL refuses even an absolute one (as URL does)
    ['javascript:alert(1)', undefined, null],
    ['data:text/html,x', undefined, null],
    ['ftp://a.example/', undefined, null],
    ['file:///etc/passwd', undefined, null],
    ['chrome-extension://abc/blocked.html', undefined, null],
    ['/next', undefined, null], // relative without a base
    ['', undefined, null],
    ['http://', undefined, null],
    ['https://exa mple.com/', undefined, null],
  ])('%s (base %s) → %s', (input, base, expected) => {
    expect(parseWeb(input, base)?.href ?? null).toBe(expected);
  });
});
