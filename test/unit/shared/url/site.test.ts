import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hostMatches, normalizeHostEntry, registrableDomain } from '@/src/shared/url/site';
import { HOST_MATCH_EXAMPLES, REGISTRABLE_DOMAIN_EXAMPLES } from '@/src/shared/url/site.examples';
import { label } from '../arbitraries';

describe('registrableDomain example table', () => {
  it.each(REGISTRABLE_DOMAIN_EXAMPLES.map(([h, d]) => [h, d]))('%s → %s', (host, site) => {
    expect(registrableDomain(host)).toBe(site);
  });
});

describe('hostMatches example table', () => {
  it.each(HOST_MATCH_EXAMPLES.map((e) => [`${e.host} in ${JSON.stringify(e.entries)}`, e] as const))('%s', (_n, e) => {
    expect(hostMatches(e.host, e.entries)).toBe(e.expected);
  });

  it('sees entries changed in place (the per-list index is not stale)', () => {
    const list = ['a.example'];
    expect(hostMatches('b.example', list)).toBeNull();
    list.push('b.example');
    expect(hostMatches('b.example', list)).toBe('b.example');
    list[1] = 'c.example';
    expect(hostMatches('b.example', list)).toBeNull();
  });

  it('ignores non-string entries from untyped storage', () => {
    expect(hostMatches('example.com', [42, null, 'example.com'] as unknown as string[])).toBe('example.com');
  });
});

describe('normalizeHostEntry', () => {
  it.each([
    ['https://Docs.Example.com/a?b#c', 'docs.example.com'],
    ['*.example.com', 'example.com'],
    ['.example.com', 'example.com'],
    ['example.com.', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['[::1]', '[::1]'],
    ['::1', '[::1]'],
    ['0x7f.1', '127.0.0.1'],
  ])('%s → %s', (entry, host) => {
    expect(normalizeHostEntry(entry)).toBe(host);
  });

  it.each([[''], ['  '], ['# a comment'], ['foo.*.com'], ['http://'], ['exa mple.com']])('rejects %j', (entry) => {
    expect(normalizeHostEntry(entry)).toBeNull();
  });
});

describe('hostMatches properties', () => {
  const domain = fc.tuple(label, fc.constantFrom('com', 'org', 'co.uk', 'example')).map(([l, t]) => `${l}.${t}`);

  it('an entry matches its domain and every subdomain', () => {
    fc.assert(
      fc.property(domain, fc.array(label, { maxLength: 3 }), (d, subs) => {
        const host = [...subs, d].join('.');
        expect(hostMatches(host, [d])).toBe(d);
      }),
    );
  });

  it('never matches a host that merely ends with the same characters', () => {
    fc.assert(
      fc.property(domain, label, (d, prefix) => {
        expect(hostMatches(`${prefix}${d}`, [d])).toBeNull();
        expect(hostMatches(`${d}.${prefix}.net`, [d])).toBeNull();
      }),
    );
  });
});
