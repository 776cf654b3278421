/**
 * Properties of unwrap(): never throws, bounded work (counted by the meter, not timed),
 * idempotent on what it returns, every hop an absolute http(s) URL, and a round trip through
 * random nestings of the wrappers' own encodings (unwrap.examples.ts WRAP).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_HOP_GROWTH, MAX_UNWRAP_DEPTH, unwrap, type UnwrapResult } from '@/src/shared/url/unwrap';
import { base64Url, WRAP } from '@/src/shared/url/unwrap.examples';

/** Invariants every result must hold, whatever the input. */
function checkShape(r: UnwrapResult): void {
  for (const h of r.hops) {
    expect(h).toMatch(/^https?:\/\/[^/]/);
    expect(new URL(h).href).toBe(h);
  }
  expect(new Set(r.hops).size).toBe(r.hops.length);
  expect(r.hops.length).toBeLessThanOrEqual(MAX_UNWRAP_DEPTH + 1);
  if (r.hops.length > 0) expect(r.wrappers.length).toBe(r.hops.length - 1);
  else expect(r.wrappers).toEqual([]);
  r.wrappers.forEach((w, i) => expect(w.url).toBe(r.hops[i]));
  if (r.destination !== null) expect(r.hops).toContain(r.destination);
  if (r.guessed) expect(r.destination).not.toBeNull();
}

/** Idempotence: what unwrap stopped on (without "could not read") has nothing more to unwrap. */
function checkFixpoint(r: UnwrapResult): void {
  if (r.unreadable !== undefined || r.hops.length === 0) return;
  const last = r.hops[r.hops.length - 1] as string;
  expect(unwrap(last)).toEqual({ hops: [last], destination: null, wrappers: [], guessed: false });
}

const PREFIXES = [
  'https://www.google.com/url?q=',
  'https://nam12.safelinks.protection.outlook.com/?url=',
  'https://urldefense.proofpoint.com/v1/url?u=',
  'https://urldefense.proofpoint.com/v2/url?u=',
  'https://urldefense.com/v3/__',
  'https://l.facebook.com/l.php?u=',
  'https://slack-redir.net/link?url=',
  'https://out.reddit.com/x?url=',
  'https://t.example/?redirect_uri=',
  'https://t.example/?goto=',
];
const NOISE = [
  'a',
  'h',
  't',
  'p',
  's',
  ':',
  '/',
  '//',
  '.',
  'x.example',
  '%',
  '%25',
  '%3A',
  '%2F',
  '%E9',
  '-',
  '-3A',
  '_',
  '__',
  '__;',
  '*',
  '**',
  '**A',
  '**_',
  ';',
  '!',
  '!!',
  '$',
  '=',
  '&',
  '?',
  '#',
  '\\',
  '@',
  'é',
  ' ',
  '+',
  'Iw',
  'JSM',
  '&amp;',
  '&#0;',
  'url=',
  'https://',
];
const noise = fc.array(fc.constantFrom(...NOISE), { maxLength: 40 }).map((p) => p.join(''));
const wrapperShaped = fc.tuple(fc.constantFrom(...PREFIXES), noise).map(([p, n]) => p + n);

const dest = fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true });
type Enc = keyof typeof WRAP;
const encoder = fc.constantFrom<Enc>(
  'google',
  'safelinks',
  'slack',
  'facebook',
  'proofpointV1',
  'proofpointV2',
  'proofpointV3',
);
const nested = fc.tuple(dest, fc.array(encoder, { minLength: 1, maxLength: MAX_UNWRAP_DEPTH })).map(([d, encs]) => ({
  d,
  encs,
  link: encs.reduce((u, e) => WRAP[e](u), d),
}));

const anyInput = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  dest,
  wrapperShaped,
  nested.map((n) => n.link),
);

describe('unwrap properties', () => {
  it('never throws, and every result has a sound shape', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        checkShape(unwrap(input));
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent: the URL it stops on unwraps to itself', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        checkFixpoint(unwrap(input));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves plain web URLs alone (no redirect-style parameter)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http', 'https'], withFragments: true }), (u) => {
        expect(unwrap(u)).toEqual({ hops: [new URL(u).href], destination: null, wrappers: [], guessed: false });
      }),
      { numRuns: 1000 },
    );
  });

  it('reads back the destination through any nesting of up to five wrappers', () => {
    fc.assert(
      fc.property(nested, ({ d, encs, link }) => {
        const r = unwrap(link);
        const inner = unwrap(d); // a random destination may itself carry a redirect parameter
        fc.pre(encs.length + inner.wrappers.length <= MAX_UNWRAP_DEPTH);
        const kinds = encs.map(
          (e) =>
            ({ proofpointV1: 'proofpoint-v1', proofpointV2: 'proofpoint-v2', proofpointV3: 'proofpoint-v3' })[
              e as string
            ] ?? e,
        );
        expect(r.wrappers.map((w) => w.kind)).toEqual([...kinds.reverse(), ...inner.wrappers.map((w) => w.kind)]);
        expect(r.hops.slice(encs.length)).toEqual(inner.hops);
        expect(r.hops[encs.length]).toBe(new URL(d).href);
        expect(r.unreadable).toEqual(inner.unreadable);
      }),
      { numRuns: 1500 },
    );
  });
});

/** 100 kB links built to make a careless unwrapper loop, recurse or blow up. */
const BIG = 100_000;
const pad = (s: string) => s + 'a'.repeat(Math.max(0, BIG - s.length));
const hostile = fc.oneof(
  // 2,000 raw (unencoded) nested layers of one wrapper, then padding
  fc.constantFrom(...PREFIXES).map((p) => pad(p.repeat(2000) + 'https://x.example/')),
  // a generic chain of 2,000 different sites
  fc.constant(
    pad(Array.from({ length: 2000 }, (_, i) => `https://s${i}.example/?url=`).join('') + 'https://end.example/'),
  ),
  // Proofpoint v3 stuffed with substitution tokens and a long valid base64 tail
  fc
    .constantFrom('*', '**A', '**_', '**')
    .map(
      (tok) =>
        `https://urldefense.com/v3/__https://x.example/${tok.repeat(BIG / 2 / tok.length)}__;${base64Url('%'.repeat((BIG * 3) / 8))}!!a!b$`,
    ),
  // 10,000 parameters with redirect names and values that are almost URLs
  fc
    .constantFrom('url=http%3A', 'u=https:', 'next=http', 'redirect_uri=https%253A')
    .map((kv) => `https://t.example/?${`${kv}&`.repeat(BIG / (kv.length + 1))}`),
  // escapes everywhere
  fc
    .constantFrom('%E9', '%', '-3', '&amp;')
    .map((e) => `https://www.google.com/url?q=https://x.example/${e.repeat(BIG / e.length)}`),
  // deep Safe Links › Google › … nesting, padded inside the destination
  fc
    .integer({ min: 6, max: 9 })
    .map((n) =>
      [...Array(n)].reduce(
        (u: string, _x, i) => (i % 2 ? WRAP.google(u) : WRAP.safelinks(u)),
        `https://x.example/${'b'.repeat(BIG)}`,
      ),
    ),
);

describe('unwrap on 100 kB hostile links', () => {
  it('does bounded work: at most MAX_UNWRAP_DEPTH + 1 reads, each of a URL no longer than the link plus the growth bound', () => {
    fc.assert(
      fc.property(hostile, (link) => {
        expect(link.length).toBeGreaterThanOrEqual(BIG * 0.9);
        const meter = { reads: 0, chars: 0 };
        const r = unwrap(link, { meter });
        checkShape(r);
        expect(meter.reads).toBeLessThanOrEqual(MAX_UNWRAP_DEPTH + 1);
        const longestRead = new URL(link).href.length + MAX_UNWRAP_DEPTH * MAX_HOP_GROWTH;
        expect(meter.chars).toBeLessThanOrEqual((MAX_UNWRAP_DEPTH + 1) * longestRead);
        for (const h of r.hops) expect(h.length).toBeLessThanOrEqual(longestRead);
      }),
      { numRuns: 60 },
    );
  });

  it('stops deep nestings with "too deep", keeping the five layers it read', () => {
    const r = unwrap(pad(PREFIXES[6]!.repeat(2000) + 'https://x.example/'));
    expect(r.wrappers).toHaveLength(MAX_UNWRAP_DEPTH);
    expect(r.unreadable).toEqual({ kind: 'slack', reason: 'too-deep' });
  });
});
