import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  escapeRegex,
  exactUrlFilter,
  hostRegex,
  keyRegex,
  pathEntryRegex,
  requestDomainsFor,
} from '@/src/shared/url/request-filter';
import { urlFilterRegex } from '../../background/harness/fake-dnr';
import {
  EXACT_URL_FILTER_EXAMPLES,
  HOST_REGEX_EXAMPLES,
  KEY_REGEX_EXAMPLES,
  NOT_A_KEY,
  PATH_REGEX_EXAMPLES,
  REQUEST_DOMAINS_EXAMPLES,
} from '@/src/shared/url/request-filter.examples';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { hostMatches } from '@/src/shared/url/site';
import { listMatches } from '@/src/shared/url/list-entry';

/** How the browsers evaluate a regexFilter with isUrlFilterCaseSensitive: true. */
const matches = (regex: string, url: string) => new RegExp(regex).test(url);

describe('keyRegex example table', () => {
  for (const e of KEY_REGEX_EXAMPLES) {
    describe(e.rule, () => {
      const regex = keyRegex(e.key, { stripQuery: e.stripQuery });
      it('the key is a normalized URL and gets a regex', () => {
        expect(normalizeUrl(e.key, { stripQuery: e.stripQuery })).toMatchObject({ ok: true, url: e.key });
        expect(regex).not.toBeNull();
      });
      it.each(e.requests.map(([url, hit]) => [url, hit] as const))('%s → %s', (url, hit) => {
        expect(matches(regex!, url)).toBe(hit);
        // The row agrees with normalizeUrl: matched exactly when the request's cache key is the key.
        const n = normalizeUrl(url, { stripQuery: e.stripQuery });
        expect(n.ok && n.url === e.key).toBe(hit);
      });
    });
  }

  it.each(NOT_A_KEY.map((k) => [k]))('%s is not a key: no regex', (k) => {
    expect(keyRegex(k, { stripQuery: true })).toBeNull();
  });
});

describe('keyRegex matches exactly the requests normalizeUrl maps to the key (generated URLs)', () => {
  // Not an `xn--` label: most are not valid punycode, and the URL parser refuses them (the
  // browser never hands such a URL over; "xn--0.test" once made this property fail at random).
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?$/).filter((l) => !l.startsWith('xn--'));
  const host = fc.oneof(
    fc.tuple(label, fc.constantFrom('test', 'example', 'com')).map(([a, b]) => `${a}.${b}`),
    fc.constantFrom('203.0.113.9', '[2001:db8::1]'),
  );
  const segment = fc
    .stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@%|^[\]-]{0,6}$/)
    .filter((s) => s !== '.' && s !== '..' && !/%(?![0-9A-F]{2})/.test(s));
  const parts = fc.record({
    scheme: fc.constantFrom('http', 'https'),
    user: fc.constantFrom('', 'u@', 'u:p@'),
    host,
    dots: fc.constantFrom('', '.'),
    port: fc.constantFrom('', ':8080', ':80', ':443'),
    path: fc.array(segment, { maxLength: 3 }).map((s) => `/${s.join('/')}`),
    query: fc.constantFrom('', '?', '?a=1', '?a=1&b=*', '?x=http://k.test/'),
    fragment: fc.constantFrom('', '#', '#f', '#a?b'),
  });
  const toUrl = (p: {
    scheme: string;
    user: string;
    host: string;
    dots: string;
    port: string;
    path: string;
    query: string;
    fragment: string;
  }) => {
    const dots = p.host.startsWith('[') || /^[\d.]+$/.test(p.host) ? '' : p.dots;
    // As the browser hands it over: canonical (the URL parser), fragment and userinfo kept.
    return new URL(`${p.scheme}://${p.user}${p.host}${dots}${p.port}${p.path}${p.query}${p.fragment}`).href;
  };

  for (const stripQuery of [true, false]) {
    it(`stripQuery ${stripQuery}`, () => {
      fc.assert(
        fc.property(parts, parts, fc.boolean(), (a, b, same) => {
          const keyUrl = toUrl(a);
          const key = normalizeUrl(keyUrl, { stripQuery });
          if (!key.ok) return;
          const regex = keyRegex(key.url, { stripQuery })!;
          // Half the time a variant of the same URL (other userinfo, dots, query, fragment).
          const request = same
            ? toUrl({ ...a, user: b.user, dots: b.dots, query: b.query, fragment: b.fragment })
            : toUrl(b);
          const n = normalizeUrl(request, { stripQuery });
          expect(matches(regex, request)).toBe(n.ok && n.url === key.url);
        }),
        { numRuns: 3000 },
      );
    });
  }
});

describe('exactUrlFilter example table', () => {
  it.each(EXACT_URL_FILTER_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const filter = exactUrlFilter(e.address);
    expect(filter).toBe(e.filter);
    // Read by the documented urlFilter syntax, as the browsers do (case-sensitive).
    for (const [url, hit] of e.requests)
      expect([url, new RegExp(urlFilterRegex(filter!)).test(url)]).toEqual([url, hit]);
  });
});

describe('hostRegex example table', () => {
  for (const e of HOST_REGEX_EXAMPLES) {
    it.each(e.requests.map(([url, hit]) => [url, hit] as const))(`${e.host}: %s → %s`, (url, hit) => {
      expect(matches(hostRegex(e.host), url)).toBe(hit);
      // Agrees with the host normalizeUrl finds (http(s) only).
      const n = normalizeUrl(url, { stripQuery: true });
      expect(n.ok && n.host === e.host).toBe(hit);
    });
  }
});

describe('pathEntryRegex example table', () => {
  for (const e of PATH_REGEX_EXAMPLES) {
    it.each(e.requests.map(([url, hit]) => [url, hit] as const))(
      `${e.host}${e.path}${e.prefix ? '*' : ''}: %s → %s`,
      (url, hit) => {
        expect(matches(pathEntryRegex(e.host, e.path, e.prefix), url)).toBe(hit);
        // Agrees with the decision's own reading of the entry (listMatches on the normalized URL).
        const n = normalizeUrl(url, { stripQuery: true });
        const entry = `${e.host}${e.path}${e.prefix ? '*' : ''}`;
        expect(n.ok && listMatches(n.host, new URL(n.url).pathname, [entry]) !== null).toBe(hit);
      },
    );
  }
});

describe('requestDomainsFor', () => {
  it.each(REQUEST_DOMAINS_EXAMPLES.map(([h, d]) => [h, d] as const))('%j → %j', (hosts, domains) => {
    expect(requestDomainsFor(hosts)).toEqual(domains);
  });

  it("covers what hostMatches covers, by the browsers' rule: the host or a subdomain of an entry", () => {
    const domains = requestDomainsFor(['evil.example']);
    const covered = (host: string) => domains.some((d) => host === d || host.endsWith(`.${d}`));
    for (const host of [
      'evil.example',
      'a.evil.example',
      'evil.example.',
      'a.b.evil.example.',
      'notevil.example',
      'evil.example.com',
    ]) {
      expect(covered(host)).toBe(hostMatches(host, ['evil.example']) !== null);
    }
  });
});

describe('escapeRegex', () => {
  it('makes every special character literal', () => {
    const text = 'a.b*c+d?e^f$g(h)i[j]k{l}m|n\\o';
    expect(new RegExp(`^${escapeRegex(text)}$`).test(text)).toBe(true);
    expect(new RegExp(`^${escapeRegex(text)}$`, 'u').test(text)).toBe(true); // valid in unicode mode too
    expect(new RegExp(`^${escapeRegex('a.b')}$`).test('axb')).toBe(false);
  });
});
