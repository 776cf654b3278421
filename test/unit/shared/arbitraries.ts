/**
 * fast-check generators shared by the URL and gate property tests: IPv4 addresses in every
 * spelling the WHATWG parser accepts, IPv6 in many text forms, and an independent reference
 * classifier (CIDR table) so the properties do not trust the code under test.
 */
import fc from 'fast-check';

export type RefClass = 'public' | 'loopback' | 'private' | 'link-local';

/** [first address, prefix length, class] — written from RFC 6890 independently of privacy.ts. */
export const V4_RANGES: ReadonlyArray<readonly [string, number, RefClass]> = [
  ['0.0.0.0', 8, 'loopback'],
  ['127.0.0.0', 8, 'loopback'],
  ['10.0.0.0', 8, 'private'],
  ['172.16.0.0', 12, 'private'],
  ['192.168.0.0', 16, 'private'],
  ['100.64.0.0', 10, 'private'],
  ['198.18.0.0', 15, 'private'],
  ['224.0.0.0', 3, 'private'],
  ['169.254.0.0', 16, 'link-local'],
  ['192.0.0.0', 24, 'private'],
  ['192.0.2.0', 24, 'private'],
  ['198.51.100.0', 24, 'private'],
  ['203.0.113.0', 24, 'private'],
];

export const dotted = (v: number): string => [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');

const toNum = (d: string): number => d.split('.').reduce((a, p) => a * 256 + Number(p), 0);

export function refClassV4(v: number): RefClass {
  for (const [base, len, cls] of V4_RANGES) {
    const size = 2 ** (32 - len);
    const start = toNum(base);
    if (v >= start && v < start + size) return cls;
  }
  return 'public';
}

/** An address inside one of the non-public ranges. */
export const nonPublicV4 = fc.integer({ min: 0, max: V4_RANGES.length - 1 }).chain((i) => {
  const [base, len] = V4_RANGES[i]!;
  return fc.integer({ min: 0, max: 2 ** (32 - len) - 1 }).map((off) => toNum(base) + off);
});

export const anyV4 = fc.oneof(fc.integer({ min: 0, max: 2 ** 32 - 1 }), nonPublicV4);

type Radix = 'dec' | 'hex' | 'HEX' | 'oct';
const radix = fc.constantFrom<Radix>('dec', 'hex', 'HEX', 'oct');

function spellNumber(n: number, r: Radix, zeros: number): string {
  if (r === 'dec') return String(n);
  if (r === 'oct') return `0${'0'.repeat(zeros)}${n.toString(8)}`;
  const digits = '0'.repeat(zeros) + n.toString(16);
  return r === 'hex' ? `0x${digits}` : `0X${digits.toUpperCase()}`;
}

/** Any WHATWG-accepted spelling of `v`: 1 to 4 parts, each dec/hex/octal, optional trailing dot. */
export function spellV4(v: number): fc.Arbitrary<string> {
  return fc
    .record({
      parts: fc.integer({ min: 1, max: 4 }),
      radices: fc.array(radix, { minLength: 4, maxLength: 4 }),
      zeros: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 }),
      trailingDot: fc.boolean(),
    })
    .map(({ parts, radices, zeros, trailingDot }) => {
      const b = [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
      const nums: number[] = [];
      for (let i = 0; i < parts - 1; i++) nums.push(b[i]!);
      nums.push(b.slice(parts - 1).reduce((a, x) => a * 256 + x, 0));
      const s = nums.map((n, i) => spellNumber(n, radices[i]!, zeros[i]!)).join('.');
      return trailingDot ? `${s}.` : s;
    });
}

/** IPv6 groups as text with random compression, leading zeros and case. */
export function spellV6(groups: number[], dottedTail = false): fc.Arbitrary<string> {
  return fc
    .record({ compress: fc.boolean(), pad: fc.boolean(), upper: fc.boolean() })
    .map(({ compress, pad, upper }) => {
      const hex = (n: number) => (pad ? n.toString(16).padStart(4, '0') : n.toString(16));
      let parts = groups.map(hex);
      if (dottedTail) parts = [...parts.slice(0, 6), dotted(groups[6]! * 65536 + groups[7]!)];
      let s = parts.join(':');
      if (compress) {
        // Compress the longest run of zero groups (any valid run works; longest is typical).
        const m = /(^|:)(0{1,4}(:0{1,4})+)(:|$)/.exec(s);
        if (m) s = s.slice(0, m.index) + '::' + s.slice(m.index + m[0].length);
      }
      return upper ? s.toUpperCase() : s;
    });
}

const g16 = fc.integer({ min: 0, max: 0xffff });

/** Non-public IPv6 addresses (as groups). */
type V6Sample = { groups: number[]; dottedOk: boolean };
export const nonPublicV6Groups: fc.Arbitrary<V6Sample> = fc.oneof(
  fc.constant<V6Sample>({ groups: [0, 0, 0, 0, 0, 0, 0, 1], dottedOk: false }),
  fc.constant<V6Sample>({ groups: [0, 0, 0, 0, 0, 0, 0, 0], dottedOk: false }),
  fc
    .tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), fc.array(g16, { minLength: 7, maxLength: 7 }))
    .map(([a, r]) => ({ groups: [a, ...r], dottedOk: false })),
  fc
    .tuple(fc.integer({ min: 0xfe80, max: 0xfebf }), fc.array(g16, { minLength: 7, maxLength: 7 }))
    .map(([a, r]) => ({ groups: [a, ...r], dottedOk: false })),
  nonPublicV4.map((v) => ({ groups: [0, 0, 0, 0, 0, 0xffff, v >>> 16, v & 0xffff], dottedOk: true })),
  nonPublicV4.map((v) => ({ groups: [0x64, 0xff9b, 0, 0, 0, 0, v >>> 16, v & 0xffff], dottedOk: true })),
  // 6to4 and Teredo (client inverted) of a non-public address.
  fc
    .tuple(nonPublicV4, fc.array(g16, { minLength: 5, maxLength: 5 }))
    .map(([v, r]) => ({ groups: [0x2002, v >>> 16, v & 0xffff, ...r], dottedOk: false })),
  fc.tuple(nonPublicV4, g16, g16, g16, g16).map(([v, s1, s2, f, p]) => {
    const inv = ~v >>> 0;
    return { groups: [0x2001, 0, s1, s2, f, p, inv >>> 16, inv & 0xffff], dottedOk: false };
  }),
);

export const nonPublicV6 = nonPublicV6Groups.chain(({ groups, dottedOk }) =>
  dottedOk ? fc.boolean().chain((d) => spellV6(groups, d)) : spellV6(groups),
);

/** An LDH label, never `xn--…` (most such are not valid punycode and the URL parser refuses them). */
export const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/).filter((l) => !l.startsWith('xn--'));

/** Host names that are never the public web. */
export const privateName = fc.oneof(
  fc.constant('localhost'),
  label.map((l) => `${l}.localhost`),
  label.filter((l) => !/^[0-9]+$/.test(l) && !/^0x[0-9a-f]*$/i.test(l)), // single label (not a number)
  fc
    .tuple(label, fc.constantFrom('local', 'internal', 'intranet', 'lan', 'home.arpa', 'corp'))
    .map(([l, s]) => `${l}.${s}`),
);
