import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkLinkText, type LinkTextVerdict } from '@/src/shared/url/lying-text';
import { LYING_TEXT_EXAMPLES, type LyingTextExample } from '@/src/shared/url/lying-text.examples';
import { claimedUrl } from '@/src/shared/url/text-claim';
import { unwrap } from '@/src/shared/url/unwrap';
import { WRAP } from '@/src/shared/url/unwrap.examples';
import { label } from '../arbitraries';

function summary(v: LinkTextVerdict): LyingTextExample['expected'] {
  if (v.kind === 'lies')
    return { kind: 'lies', shown: v.shownHost, leadsTo: v.leadsToHost, ...(v.unreadable ? { unreadable: true } : {}) };
  return v;
}

describe('checkLinkText example table', () => {
  it.each(LYING_TEXT_EXAMPLES.map((e) => [e.why, e] as const))('%s', (_why, e) => {
    expect(summary(checkLinkText(e.text, e.href))).toEqual(e.expected);
  });

  it('gives the sites with a lie', () => {
    expect(checkLinkText('https://login.mybank.co.uk/', 'https://www.evil.example/')).toEqual({
      kind: 'lies',
      shownHost: 'login.mybank.co.uk',
      shownSite: 'mybank.co.uk',
      leadsToHost: 'www.evil.example',
      leadsToSite: 'evil.example',
      unreadable: false,
    });
  });

  it("uses the caller's unwrap result instead of unwrapping again", () => {
    const href = 'https://www.google.com/url?q=https://evil.example/';
    const forged = { ...unwrap('https://bank.com/'), hops: ['https://bank.com/'] };
    expect(checkLinkText('bank.com', href, { unwrapped: forged }).kind).toBe('matches');
    expect(checkLinkText('bank.com', href).kind).toBe('lies');
  });

  it('claims nothing for non-strings from untyped callers', () => {
    expect(claimedUrl(undefined as unknown as string)).toBeNull();
    expect(checkLinkText(null as unknown as string, 'https://a.example/')).toEqual({ kind: 'no-claim' });
    expect(checkLinkText('a.com', 5 as unknown as string)).toEqual({ kind: 'not-web' });
  });
});

describe('claimedUrl', () => {
  it('sees through invisible characters slipped anywhere into the address', () => {
    const invisible = fc.constantFrom(
      '\u00AD',
      '\u034F',
      '\u061C',
      '\u115F',
      '\u1160',
      '\u17B4',
      '\u180E',
      '\u200B',
      '\u200D',
      '\u200E',
      '\u202E',
      '\u2060',
      '\u2066',
      '\u3164',
      '\uFE0F',
      '\uFEFF',
      '\uFFA0',
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(20), invisible), { maxLength: 6 }), (inserts) => {
        let text = 'https://bank.com/x';
        for (const [at, ch] of inserts) text = text.slice(0, at) + ch + text.slice(at);
        expect(claimedUrl(text)?.host).toBe('bank.com');
      }),
    );
  });

  it('reads only the start of a huge text', () => {
    expect(claimedUrl(`https://bank.com/${'a'.repeat(100_000)}`)?.host).toBe('bank.com');
    expect(claimedUrl(`${' '.repeat(100_000)}https://bank.com/`)).toBeNull();
  });
});

const web = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true });

describe('checkLinkText properties', () => {
  it('never throws on any text and link', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), web, fc.domain()), fc.oneof(fc.string(), web), (text, href) => {
        checkLinkText(text, href);
      }),
      { numRuns: 2000 },
    );
  });

  it('a link whose text is its own URL never lies', () => {
    fc.assert(
      fc.property(web, (u) => {
        expect(checkLinkText(u, u).kind).toBe('matches');
      }),
      { numRuns: 1000 },
    );
  });

  it('a URL text to a different registrable domain always lies, whatever wraps the link', () => {
    // Hosts under .example (no public-suffix rules below it): the site is the last two labels,
    // a reference independent of tldts. Few base names, so equal sites come up often. No `xn--`
    // labels: most are invalid punycode, which the URL parser refuses (then nothing is a link).
    const sub = label.filter((l) => !l.startsWith('xn--'));
    const host = fc
      .tuple(fc.array(sub, { maxLength: 2 }), fc.constantFrom('bank', 'evil', 'shop'))
      .map(([subs, base]) => [...subs, base, 'example'].join('.'));
    const wrap = fc.constantFrom<(u: string) => string>(
      (u) => u,
      WRAP.google,
      WRAP.safelinks,
      (u) => WRAP.slack(WRAP.proofpointV3(u)),
    );
    fc.assert(
      fc.property(host, host, wrap, (a, b, w) => {
        const v = checkLinkText(`https://${a}/`, w(`https://${b}/`));
        const site = (h: string) => h.split('.').slice(-2).join('.');
        if (site(a) === site(b)) expect(v).toEqual({ kind: 'matches', site: site(a) });
        else expect(v).toMatchObject({ kind: 'lies', shownSite: site(a), leadsToSite: site(b), unreadable: false });
      }),
      { numRuns: 1000 },
    );
  });
});
