import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  hostMatches,
  normalizeHostEntry,
  parseHostEntry,
  parsePersonEntry,
  registrableDomain,
} from '@/src/shared/url/site';
import {
  HOST_ENTRY_EXAMPLES,
  HOST_MATCH_EXAMPLES,
  PERSON_ENTRY_EXAMPLES,
  REGISTRABLE_DOMAIN_EXAMPLES,
} from '@/src/shared/url/site.examples';
import { publicSuffixOf } from '@/src/shared/url/public-suffix';
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

  it.each([
    [''],
    ['  '],
    ['# a comment'],
    ['foo.*.com'],
    ['http://'],
    ['exa mple.com'],
    ['login.mybank.com@com'],
    ['mybank.com:443@com'],
    ['https://a:b@co.uk/'],
  ])('rejects %j', (entry) => {
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

describe('parseHostEntry example table', () => {
  it.each(HOST_ENTRY_EXAMPLES.map(([e, x]) => [JSON.stringify(e).slice(0, 60), e, x] as const))(
    '%s',
    (_n, entry, expected) => {
      expect(parseHostEntry(entry)).toEqual(typeof expected === 'string' ? { host: expected } : expected);
    },
  );

  it('refuses what is not a string (untyped files)', () => {
    for (const v of [42, null, undefined, ['example.com'], { host: 'example.com' }])
      expect(parseHostEntry(v)).toEqual({ error: 'invalid' });
  });
});

describe('parsePersonEntry example table', () => {
  it.each(PERSON_ENTRY_EXAMPLES.map(([e, x]) => [e, e, x] as const))('%s', (_n, entry, expected) => {
    expect(parsePersonEntry(entry)).toEqual(typeof expected === 'string' ? { host: expected } : expected);
  });
});

describe('parseHostEntry properties', () => {
  const tld = fc.constantFrom('com', 'org', 'co.uk', 'github.io', 'example', 'de', 'blogspot.com');
  const entry = fc
    .tuple(
      fc.array(label, { maxLength: 3 }),
      tld,
      fc.constantFrom('', '@', ':', '/', '?', '#', '.', '*.'),
      fc.array(label, { maxLength: 2 }),
    )
    .map(([pre, t, mark, post]) =>
      mark === '*.' ? `*.${[...pre, t].join('.')}` : `${[...pre, t].join('.')}${mark}${post.join('.')}`,
    );

  it('an accepted entry is never a whole public suffix, and the stored lists read it as the same host', () => {
    fc.assert(
      fc.property(entry, (e) => {
        const r = parseHostEntry(e);
        if (!('host' in r)) return;
        const ps = publicSuffixOf(r.host, { privateRules: true });
        expect(ps !== null && ps.listed && ps.domain === null).toBe(false);
        expect(normalizeHostEntry(e)).toBe(r.host);
        expect(hostMatches(r.host, [r.host])).toBe(r.host);
      }),
    );
  });

  it('an entry with "@" is refused, and the lenient reader never reads it as what follows the "@"', () => {
    fc.assert(
      fc.property(entry, label, (e, after) => {
        const hostile = `${e}@${after}.com`;
        expect(parseHostEntry(hostile)).toEqual({ error: 'userinfo' });
        // Null, or (when the `@` sits in a path or fragment) the host written before it.
        const lenient = normalizeHostEntry(hostile);
        if (lenient !== null) expect(lenient).toBe(normalizeHostEntry(e));
      }),
    );
  });
});
