/**
 * Look-alikes of the organization's own sign-in pages (docs/decisions/016-organizations.md). Pure, local and immediate:
 * no service round trip. Examples: lookalike.examples.ts; false-positive budget: BENCHMARKS.md.
 *
 * For a host and the policy's `protectedSignInDomains`:
 *   verified    the host is a protected host (or below it): the popup shows a verified state
 *   same-site   another host of a protected host's own site (the organization's): never warns
 *   allowlisted on the organization's allowlist: never warns
 *   lookalike   warns, with the first reason that applies, in this order:
 *     mixed-script   an IDN label mixing scripts (Latin + Cyrillic, …) that reads as the name
 *     confusable     the site's name has the protected name's TR39-style skeleton
 *     edit-distance  the site's name is within 2 edits of it (1 for names of 4–7 letters)
 *     embedded       the protected name stands in another domain: as a label of its subdomain
 *                    part (google.com.evil.test), as the protected site spelled with hyphens
 *                    (microsoftonline-com.evil.test), or beside a sign-in word or another
 *                    word of the protected host (google-login.test, example-okta.test)
 *   none        anything else
 *
 * "Name" is the label the registrable domain starts with (`microsoftonline` in
 * login.microsoftonline.com). On shared sign-in platforms (TENANT_PLATFORMS: example.okta.com)
 * the tenant's label is the name, and every tenant is its own site. A name on another public
 * suffix (google.de for accounts.google.com) is not a look-alike: it is the same name, and the
 * most common domains on the web would otherwise warn.
 */
import { publicSuffixOf } from './public-suffix';
import { hostMatches } from './site';
import { unicodeOf } from './punycode';
import { CONFUSABLE_SEQUENCES, CONFUSABLE_TO_LATIN } from './lookalike/confusables';

export type LookalikeReason = 'mixed-script' | 'confusable' | 'edit-distance' | 'embedded';
export type LookalikeVerdict =
  | { kind: 'verified'; protectedDomain: string }
  | { kind: 'same-site'; protectedDomain: string }
  | { kind: 'allowlisted'; entry: string }
  | { kind: 'lookalike'; protectedDomain: string; reason: LookalikeReason }
  | { kind: 'none' };

/** Shared sign-in platforms where the leftmost label names the tenant (its own site). */
export const TENANT_PLATFORMS: readonly string[] = [
  'okta.com', 'oktapreview.com', 'okta-emea.com', 'onelogin.com', 'auth0.com', 'my.salesforce.com',
  'b2clogin.com', 'ciamlogin.com', 'awsapps.com', 'duosecurity.com', 'jumpcloud.com', 'my.idaptive.app',
];

/** Words that, beside a protected name, make a domain a sign-in lure (google-login.test). */
export const SIGN_IN_WORDS: readonly string[] = [
  'login', 'logon', 'signin', 'sign-in', 'account', 'auth', 'secure', 'verify', 'sso', 'password', 'mfa', 'session', 'portal', 'identity', 'recover', 'unlock',
];

/** A host reduced to what the rules compare. */
interface Parts {
  host: string;
  /** The registrable domain, or the tenant host on a shared platform. */
  site: string;
  /** The site's first label, ASCII as in the URL (punycode kept). */
  name: string;
  /** Labels left of the site (Unicode). */
  sub: string[];
  /** Every label but the public suffix's, in Unicode. */
  labels: string[];
}

const MIN_NAME = 3;

export function parts(host: string): Parts | null {
  const h = host.trim().toLowerCase().replace(/\.+$/, '');
  if (!h || !/^[a-z0-9.-]+$/.test(h) || /^[\d.]+$/.test(h) || !h.includes('.')) return null;
  const platform = TENANT_PLATFORMS.find((p) => h.endsWith(`.${p}`));
  let site: string;
  if (platform) {
    const rest = h.slice(0, -platform.length - 1).split('.');
    site = `${rest[rest.length - 1]}.${platform}`;
  } else {
    site = publicSuffixOf(h, { privateRules: true })?.domain ?? h;
  }
  const suffix = platform ?? publicSuffixOf(h, { privateRules: true })?.suffix ?? '';
  const siteLabels = site.split('.');
  const name = siteLabels[0] ?? '';
  const own = h.slice(0, Math.max(0, h.length - suffix.length - 1)).split('.').filter(Boolean);
  const labels = own.map((l) => unicodeOf(l));
  const sub = h === site ? [] : h.slice(0, -site.length - 1).split('.').map((l) => unicodeOf(l));
  return { host: h, site, name, sub, labels };
}

/** TR39-style skeleton (see confusables.ts for the subset and the one deliberate difference). */
export function skeleton(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()) out += CONFUSABLE_TO_LATIN[ch] ?? ch;
  for (const [seq, letter] of CONFUSABLE_SEQUENCES) out = out.replaceAll(seq, letter);
  return out;
}

type Script = 'latin' | 'cyrillic' | 'greek' | 'armenian' | 'other';
function scriptOf(ch: string): Script | null {
  const c = ch.codePointAt(0)!;
  if ((c >= 0x30 && c <= 0x39) || ch === '-') return null; // digits and hyphen belong to every script
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x1d00 && c <= 0x1d7f) || (c >= 0x1e00 && c <= 0x1eff) || (c >= 0x250 && c <= 0x2af)) return 'latin';
  if (c >= 0x400 && c <= 0x52f) return 'cyrillic';
  if ((c >= 0x370 && c <= 0x3ff) || (c >= 0x1f00 && c <= 0x1fff)) return 'greek';
  if (c >= 0x530 && c <= 0x58f) return 'armenian';
  return 'other';
}

/** True for a label written in more than one script (digits and hyphens count for none). */
export function isMixedScript(label: string): boolean {
  const seen = new Set<Script>();
  for (const ch of label.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) {
    const s = scriptOf(ch);
    if (s) seen.add(s);
  }
  return seen.size > 1;
}

/** Optimal-string-alignment distance (a swap of neighbours is one edit), or `max + 1` once past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Edits allowed for a name of this length: none below 4 letters, 1 below 8, else 2. Short names
 * have too many real-word neighbours at distance 2 (google: doodle, noodle; example: examine).
 */
export const allowedEdits = (n: number) => (n < 4 ? 0 : n < 8 ? 1 : 2);

/** Words of the protected host itself besides its name (okta in example.okta.com, login, accounts). */
function contextWords(p: Parts): string[] {
  const labels = p.host.split('.').slice(0, -1);
  return [...new Set([...labels.filter((l) => l !== p.name && l.length >= 3), ...SIGN_IN_WORDS.map((w) => w.replaceAll('-', ''))])];
}

function lookalikeOf(h: Parts, p: Parts): LookalikeReason | null {
  const pName = skeleton(p.name);
  if (pName.length < MIN_NAME) return null;
  const hNameU = unicodeOf(h.name);
  const hName = skeleton(hNameU);
  const sameName = hNameU === p.name;
  const edits = allowedEdits(pName.length);
  const near = !sameName && (hName === pName || (edits > 0 && editDistance(hName, pName, edits) <= edits));
  if (near && isMixedScript(hNameU)) return 'mixed-script';
  if (!sameName && hName === pName) return 'confusable';
  if (near) return 'edit-distance';
  // Embedded: the name as a subdomain label, the protected site hyphenated, or beside a sign-in word.
  if (h.sub.some((l) => skeleton(l) === pName)) return 'embedded';
  const hyphenated = skeleton(p.site.replaceAll('.', '-'));
  if (h.labels.some((l) => skeleton(l).includes(hyphenated))) return 'embedded';
  if (pName.length >= 4 && !sameName && hName.includes(pName) && contextWords(p).some((w) => hName.replace(pName, '').includes(skeleton(w)))) return 'embedded';
  return null;
}

/**
 * The verdict for `host` (lowercase ASCII as the URL parser gives it) against the protected
 * sign-in hosts and the organization's allowlist. Unusable protected entries are ignored.
 */
export function judgeHost(host: string, protectedHosts: readonly string[], allowlist: readonly string[] = []): LookalikeVerdict {
  const h = parts(host);
  if (!h || protectedHosts.length === 0) return { kind: 'none' };
  const prot = protectedHosts.map((e) => parts(String(e).replace(/^\*?\./, ''))).filter((p): p is Parts => p !== null);
  for (const p of prot) if (h.host === p.host || h.host.endsWith(`.${p.host}`)) return { kind: 'verified', protectedDomain: p.host };
  for (const p of prot) if (h.site === p.site) return { kind: 'same-site', protectedDomain: p.host };
  const entry = hostMatches(h.host, allowlist);
  if (entry !== null) return { kind: 'allowlisted', entry };
  for (const p of prot) {
    const reason = lookalikeOf(h, p);
    if (reason) return { kind: 'lookalike', protectedDomain: p.host, reason };
  }
  return { kind: 'none' };
}
