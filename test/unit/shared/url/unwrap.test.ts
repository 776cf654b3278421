import { describe, expect, it } from 'vitest';
import { knownEnd, unwrap } from '@/src/shared/url/unwrap';
import { UNWRAP_EXAMPLES, WRAP } from '@/src/shared/url/unwrap.examples';
import { WRAPPERS } from '@/src/shared/url/unwrap/wrappers';
import { registrableDomain } from '@/src/shared/url/site';

describe('unwrap example table', () => {
  it.each(UNWRAP_EXAMPLES.map((e) => [e.rule, e] as const))('%s', (_rule, e) => {
    const r = unwrap(e.input);
    const self = e.input.startsWith('http') ? [new URL(e.input).href] : [];
    expect(r.hops).toEqual([...self, ...e.next]);
    expect(r.destination).toBe(e.destination);
    expect(r.wrappers.map((w) => w.kind)).toEqual(e.kinds);
    expect(r.wrappers.map((w) => w.url)).toEqual(r.hops.slice(0, e.kinds.length));
    expect(r.guessed).toBe(e.guessed ?? false);
    expect(r.unreadable).toEqual(e.unreadable);
  });

  it('has a successful example for every known wrapper kind', () => {
    const covered = new Set(UNWRAP_EXAMPLES.flatMap((e) => e.kinds));
    for (const rule of WRAPPERS) expect(covered, rule.kind).toContain(rule.kind);
  });

  it('names the generic parameter it followed', () => {
    const r = unwrap('https://t.example/?ReturnUrl=https://other.example/');
    expect(r.wrappers).toEqual([
      {
        kind: 'generic',
        url: 'https://t.example/?ReturnUrl=https://other.example/',
        via: 'return-param',
        param: 'ReturnUrl',
      },
    ]);
  });
});

describe('unwrap options and inputs', () => {
  const continueLink = 'https://accounts.example.com/login?continue=https://mail.example.com/inbox';

  it("uses the caller's sameSite for the generic rule (registrable domains in the background)", () => {
    // The cheap default only knows host/subdomain relations: accounts. and mail. look different.
    expect(unwrap(continueLink).hops).toHaveLength(2);
    const bySite = (a: string, b: string) => registrableDomain(a) === registrableDomain(b);
    expect(unwrap(continueLink, { sameSite: bySite }).hops).toEqual([continueLink]);
    // Known wrappers are not subject to it: a Google link to Google is still read.
    const google = WRAP.google('https://docs.google.com/x');
    expect(unwrap(google, { sameSite: bySite }).destination).toBe('https://docs.google.com/x');
  });

  it('gives an empty result, not a throw, for non-strings from untyped callers', () => {
    for (const bad of [undefined, null, 42, {}, ['https://a.example/']]) {
      expect(unwrap(bad as unknown as string)).toEqual({ hops: [], destination: null, wrappers: [], guessed: false });
    }
  });

  it('counts its work in the meter', () => {
    const meter = { reads: 0, chars: 0 };
    const link = WRAP.safelinks(WRAP.google('https://example.com/'));
    unwrap(link, { meter });
    expect(meter.reads).toBe(3); // safelinks, google, and the destination (nothing more to read)
    expect(meter.chars).toBe(link.length + WRAP.google('https://example.com/').length + 'https://example.com/'.length);
  });
});

describe('knownEnd', () => {
  it('is the last hop reached through known wrappers only', () => {
    expect(knownEnd(unwrap(WRAP.safelinks('https://t.example/c?url=https%3A%2F%2Fshop.example%2F')))).toBe(
      'https://t.example/c?url=https%3A%2F%2Fshop.example%2F',
    );
    expect(knownEnd(unwrap(WRAP.google('https://a.example/')))).toBe('https://a.example/');
    expect(knownEnd(unwrap('https://evil.example/?url=https://bank.example/'))).toBe(
      'https://evil.example/?url=https://bank.example/',
    );
    expect(knownEnd(unwrap('mailto:a@b.example'))).toBeNull();
  });
});
