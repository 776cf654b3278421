/**
 * Which hosts are "not the public web" and so must never be sent to the scanning service
 * (docs/decisions/012-least-url.md: loopback, private, link-local, CGNAT, intranet names; docs/decisions/001-content-tier.md:
 * special-purpose and documentation ranges, 6to4 and Teredo by their embedded IPv4, and names
 * under a top-level domain that is not on the public suffix list). Pure.
 *
 * Input is usually the `host` of normalizeUrl (already canonical: WHATWG turns 127.1 and
 * 0x7f.0.0.1 into 127.0.0.1), but raw spellings are handled too so a caller passing a host
 * it got elsewhere cannot slip past: 2130706433, 0177.0.0.1, [::ffff:7f00:1], LOCALHOST., ...
 * Examples: privacy.examples.ts.
 */
import { publicSuffixOf } from './public-suffix';
import { ipv4Bytes, parseIPv4, parseIPv6 } from './ip';

export type HostClass = 'public' | 'loopback' | 'private' | 'link-local' | 'intranet';

/**
 * Name suffixes that only resolve inside a network. RFC 6762 (.local, mDNS), RFC 8375
 * (home.arpa), ICANN's reservation of .internal (2024); .intranet/.lan/.corp/.home/.localdomain
 * are common private conventions (.corp and .home were withheld from delegation by ICANN).
 * Beyond these, any name whose top-level domain is not an ICANN suffix of the public suffix list
 * (public-suffix.ts) is an intranet name (`wiki.intra.mycorp`): .test, .example and .invalid too,
 * except in test builds (PUBLIC_TEST_TLDS). A TLD delegated after the bundled list (generated from
 * tldts's copy) counts as intranet until the list is regenerated: the safe side for privacy.
 */
export const INTRANET_SUFFIXES: readonly string[] = [
  'local',
  'internal',
  'intranet',
  'lan',
  'home.arpa',
  'corp',
  'home',
  'localdomain',
  // Special-use, never in the public DNS: Tor's hidden services (RFC 7686), non-DNS names (RFC 9476).
  'onion',
  'alt',
];

/**
 * Top-level domains treated as the public web although not on the public suffix list: `.test`
 * in browser-test builds (the tests map `*.test` to loopback servers and expect it treated as the
 * web, *.test hosts resolve to loopback), `.test` and `.example` in unit tests. Empty in the shipped build.
 * Set at build time (wxt.config.ts, vitest.config.ts).
 */
export const PUBLIC_TEST_TLDS: readonly string[] =
  typeof __LINKLENS_PUBLIC_TEST_TLDS__ !== 'undefined' && Array.isArray(__LINKLENS_PUBLIC_TEST_TLDS__)
    ? __LINKLENS_PUBLIC_TEST_TLDS__
    : [];

export interface ClassifyOptions {
  /** Defaults to this build's PUBLIC_TEST_TLDS. */
  publicTestTlds?: readonly string[];
}

export function classifyHost(host: string, opts: ClassifyOptions = {}): HostClass {
  return classify(String(host).trim().toLowerCase(), true, opts.publicTestTlds ?? PUBLIC_TEST_TLDS);
}

function classify(raw: string, mayCanonicalize: boolean, testTlds: readonly string[]): HostClass {
  let h = raw;
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.includes(':')) {
    const v6 = parseIPv6(h.replace(/%.*$/, '')); // drop an IPv6 zone id (fe80::1%eth0)
    if (v6) return classifyIPv6(v6);
    const withoutPort = /^([^:[\]]*):\d*$/.exec(h);
    // Not an IPv6 literal nor host:port: not a host a browser can reach. Not proven public.
    if (!withoutPort) return 'intranet';
    h = withoutPort[1] as string;
  }
  h = h.replace(/\.+$/, '');
  if (!/^[a-z0-9._-]*$/.test(h)) {
    // Unicode (IDN, full-width digits or dots), percent-escapes...: let the WHATWG host parser
    // map it the way the browser will, then classify the ASCII result once.
    if (!mayCanonicalize) return 'intranet';
    const canonical = canonicalHostname(h);
    return canonical === null ? 'intranet' : classify(canonical, false, testTlds);
  }
  const v4 = parseIPv4(h);
  if (v4 !== null) return classifyIPv4(v4);
  return classifyName(h, testTlds);
}

function canonicalHostname(h: string): string | null {
  if (/[/\\?#@\s]/.test(h)) return null; // would change what URL() treats as the host
  try {
    return new URL(`http://${h}/`).hostname;
  } catch {
    return null;
  }
}

function classifyName(h: string, testTlds: readonly string[]): HostClass {
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback'; // RFC 6761 section 6.3
  // Single-label names (no dot) resolve through the local search domain: intranet hosts.
  if (!h.includes('.')) return 'intranet';
  for (const suffix of INTRANET_SUFFIXES) {
    if (h === suffix || h.endsWith(`.${suffix}`)) return 'intranet';
  }
  if (testTlds.includes(h.slice(h.lastIndexOf('.') + 1))) return 'public';
  // Only names under a top-level domain of the public suffix list (ICANN section) are the web.
  return publicSuffixOf(h, { privateRules: false })?.icann === true ? 'public' : 'intranet';
}

/** IPv4 (as a 32-bit number) by IANA special-purpose registry (RFC 6890) ranges. */
export function classifyIPv4(v: number): HostClass {
  const [a, b, c] = ipv4Bytes(v);
  // 0.0.0.0/8 "this network": 0.0.0.0 reaches local services on Linux and macOS.
  if (a === 0 || a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10) return 'private';
  if (a === 172 && b >= 16 && b <= 31) return 'private';
  if (a === 192 && b === 168) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // CGNAT, RFC 6598
  if (a === 198 && (b === 18 || b === 19)) return 'private'; // benchmarking; fake-IP proxies
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return 'private'; // IETF protocol assignments (RFC 6890), TEST-NET-1
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return 'private'; // TEST-NET-2, -3 (RFC 5737)
  if (a >= 224) return 'private'; // multicast, reserved, broadcast: never a public web host
  return 'public';
}

/** IPv6 (eight 16-bit groups). Embedded IPv4 forms are classified by their IPv4 address. */
export function classifyIPv6(g: number[]): HostClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const v4 = g6 * 65536 + g7;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0) {
    if (g6 === 0 && (g7 === 0 || g7 === 1)) return 'loopback'; // :: (unspecified) and ::1
    return classifyIPv4(v4); // ::a.b.c.d, deprecated IPv4-compatible
  }
  if (firstFiveZero && g5 === 0xffff) return classifyIPv4(v4); // ::ffff:a.b.c.d, mapped
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return classifyIPv4(v4); // RFC 2765
  if (g0 === 0x64 && g1 === 0xff9b) {
    if (g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return classifyIPv4(v4); // NAT64, RFC 6052
    if (g2 === 1) return 'private'; // 64:ff9b:1::/48 local-use NAT64, RFC 8215
  }
  // 6to4 (RFC 3056): 2002:AABB:CCDD::/48 carries the IPv4 address AA.BB.CC.DD.
  if (g0 === 0x2002) return classifyIPv4(g1 * 65536 + g2);
  // Teredo (RFC 4380): 2001:0::/32, server IPv4 in groups 2–3, the client's IPv4 inverted in
  // groups 6–7. Public only when both are.
  if (g0 === 0x2001 && g1 === 0) {
    const server = classifyIPv4(g2 * 65536 + g3);
    const client = classifyIPv4(~(g6 * 65536 + g7) >>> 0);
    return server !== 'public' ? server : client;
  }
  if (g0 === 0x2001 && g1 === 0x0db8) return 'private'; // 2001:db8::/32 documentation (RFC 3849)
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return 'private'; // multicast
  return 'public';
}
