import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { NORMALIZE_EXAMPLES } from '@/src/shared/url/normalize.examples';

describe('normalizeUrl example table', () => {
  it.each(NORMALIZE_EXAMPLES.map((e) => [e.rule, e] as const))('%s', (_rule, e) => {
    expect(normalizeUrl(e.input, { stripQuery: e.q })).toEqual(e.expected);
  });

  it('gives one cache key for spellings of one page', () => {
    const spellings = [
      'https://Example.com/page',
      'https://example.com./page#intro',
      'https://user:pw@EXAMPLE.COM:443/page',
      'https://example.com/x/../page?',
    ];
    const keys = new Set(spellings.map((s) => (normalizeUrl(s, { stripQuery: false }) as { url: string }).url));
    expect([...keys]).toEqual(['https://example.com/page']);
  });

  it('returns invalid-url for non-string input instead of throwing', () => {
    expect(normalizeUrl(undefined as unknown as string, { stripQuery: true })).toEqual({
      ok: false,
      reason: 'invalid-url',
    });
    expect(normalizeUrl({} as unknown as string, { stripQuery: true })).toEqual({ ok: false, reason: 'invalid-url' });
  });
});

/** URL-shaped strings with every part that normalization must handle, plus noise. */
const scheme = fc.constantFrom(
  'http',
  'https',
  'HTTP',
  'HtTpS',
  'ftp',
  'javascript',
  'chrome',
  'data',
  'blob',
  'about',
  'file',
  'ws',
);
const host = fc.oneof(
  fc.domain(),
  fc.ipV4(),
  fc.ipV6().map((h) => `[${h}]`),
  fc.constantFrom(
    'bücher.example',
    'EXAMPLE.com.',
    'localhost',
    '127.1',
    '0x7f.0.0.1',
    'xn--nxasmq6b.example',
    'a..b',
    '.',
  ),
);
const text = fc.string({ unit: 'binary-ascii', maxLength: 12 });
const urlish = fc
  .record({
    scheme,
    slashes: fc.constantFrom('//', '/', '', '\\\\', '///'),
    user: fc.option(fc.tuple(text, fc.option(text)), { nil: undefined }),
    host,
    port: fc.option(fc.oneof(fc.integer({ min: 0, max: 70000 }).map(String), fc.constantFrom('80', '443', '')), {
      nil: undefined,
    }),
    path: fc.array(fc.oneof(text, fc.constantFrom('..', '.', '%2e', '@', '#', '?')), { maxLength: 4 }),
    query: fc.option(text, { nil: undefined }),
    hash: fc.option(text, { nil: undefined }),
  })
  .map((p) => {
    const userinfo = p.user ? `${p.user[0]}${p.user[1] !== null ? `:${p.user[1]}` : ''}@` : '';
    const port = p.port !== undefined ? `:${p.port}` : '';
    const q = p.query !== undefined ? `?${p.query}` : '';
    const h = p.hash !== undefined ? `#${p.hash}` : '';
    return `${p.scheme}:${p.slashes}${userinfo}${p.host}${port}/${p.path.join('/')}${q}${h}`;
  });
const anyInput = fc.oneof(
  urlish,
  fc.webUrl({ withFragments: true, withQueryParameters: true }),
  fc.string({ unit: 'binary' }),
  fc.string(),
);

describe('normalizeUrl properties', () => {
  it('never throws', () => {
    fc.assert(
      fc.property(anyInput, fc.boolean(), (raw, stripQuery) => {
        normalizeUrl(raw, { stripQuery });
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: normalizing the output gives the output', () => {
    fc.assert(
      fc.property(anyInput, fc.boolean(), (raw, stripQuery) => {
        const once = normalizeUrl(raw, { stripQuery });
        if (!once.ok) return;
        expect(normalizeUrl(once.url, { stripQuery })).toEqual(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('never outputs credentials, a fragment, or (when stripping) a query', () => {
    fc.assert(
      fc.property(anyInput, fc.boolean(), (raw, stripQuery) => {
        const r = normalizeUrl(raw, { stripQuery });
        if (!r.ok) return;
        const u = new URL(r.url);
        expect(u.username).toBe('');
        expect(u.password).toBe('');
        // No '@' in the authority (between '//' and the path).
        expect(r.url.replace(/^https?:\/\//, '').split('/')[0]).not.toContain('@');
        expect(r.url).not.toContain('#');
        if (stripQuery) expect(r.url).not.toContain('?');
      }),
      { numRuns: 2000 },
    );
  });

  it('outputs only http(s) URLs whose host is the reported host, lowercase ASCII without trailing dot', () => {
    fc.assert(
      fc.property(anyInput, fc.boolean(), (raw, stripQuery) => {
        const r = normalizeUrl(raw, { stripQuery });
        if (!r.ok) return;
        const u = new URL(r.url);
        expect(['http:', 'https:']).toContain(u.protocol);
        expect(u.hostname).toBe(r.host);
        expect(r.host).toMatch(/^[\x21-\x7e]+$/);
        expect(r.host).toBe(r.host.toLowerCase());
        expect(r.host.endsWith('.')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
