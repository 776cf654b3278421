import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isShortener, isShortLink, SHORTENERS } from '@/src/shared/url/shorteners';
import { SHORT_LINK_EXAMPLES, SHORTENER_HOST_EXAMPLES } from '@/src/shared/url/shorteners.examples';
import { label } from '../arbitraries';

describe('isShortener example table', () => {
  it.each(SHORTENER_HOST_EXAMPLES.map(([h, e, why]) => [`${h || '(empty)'}: ${why}`, h, e] as const))(
    '%s',
    (_n, host, expected) => {
      expect(isShortener(host)).toBe(expected);
    },
  );

  it('is false for non-strings from untyped callers', () => {
    expect(isShortener(undefined as unknown as string)).toBe(false);
    expect(isShortener(7 as unknown as string)).toBe(false);
  });
});

describe('isShortLink example table', () => {
  it.each(SHORT_LINK_EXAMPLES.map(([u, e]) => [u || '(empty)', u, e] as const))('%s', (_n, url, expected) => {
    expect(isShortLink(url)).toBe(expected);
  });
});

describe('shortener host rules', () => {
  it('exact entries match themselves and www., never another site ending in them', () => {
    const exact = SHORTENERS.filter(([, s]) => s === 'exact').map(([h]) => h);
    fc.assert(
      fc.property(fc.constantFrom(...exact), label, (host, l) => {
        expect(isShortener(host)).toBe(true);
        expect(isShortener(`www.${host}`)).toBe(true);
        expect(isShortener(`${host}.${l}.example`)).toBe(false);
        expect(isShortener(`${l}x${host}`)).toBe(false);
        if (l !== 'www') expect(isShortener(`${l}.${host}`)).toBe(false);
      }),
    );
  });

  it('subdomain entries match every subdomain, not the bare platform host', () => {
    const subs = SHORTENERS.filter(([, s]) => s === 'subdomains').map(([h]) => h);
    fc.assert(
      fc.property(fc.constantFrom(...subs), label, (host, l) => {
        expect(isShortener(`${l}.${host}`)).toBe(true);
        expect(isShortener(host)).toBe(false);
      }),
    );
  });
});
