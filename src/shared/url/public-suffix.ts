/**
 * The public suffix list (https://publicsuffix.org/list/), ICANN and private sections, with its
 * own algorithm: the matching rule with the most labels wins, `*` matches any one label, an
 * exception rule (`!www.ck`) wins over every other rule and its suffix is the rule without its
 * first label; when no rule matches, the suffix is the last label (the default rule `*`).
 * Examples: public-suffix.examples.ts (the list's own test file, plus our private-section cases).
 *
 * Ours instead of tldts (docs/decisions/009-bundle-weight.md): the same rules (generated from tldts's copy of the list,
 * scripts/gen-public-suffix.mjs) as ~76 kB of packaged text (public/psl.txt) instead of ~134 kB of
 * code, read into a tree by suffix-table.ts. Until that table is loaded every function here
 * throws SuffixTableError (suffix-table.ts says why). Input: a hostname (no URL parsing here).
 */
import { ICANN, NONE, PRIVATE, suffixRules } from './suffix-table';

export interface SuffixMatch {
  /** The public suffix: `co.uk` for `a.example.co.uk`. */
  suffix: string;
  /** The registrable domain (suffix + one label), or null when the host is itself a suffix. */
  domain: string | null;
  /** A rule of the list matched (false: only the default rule, i.e. an unknown top-level name). */
  listed: boolean;
  /** The rule that decided is in the list's ICANN section. */
  icann: boolean;
}

/**
 * The public suffix and registrable domain of a hostname, or null when it is not one (empty,
 * an empty label, a label over 63 characters, characters a host name cannot have). Case and
 * trailing dots do not matter. `privateRules: false` reads the ICANN section only (then
 * `alice.github.io` has the suffix `io`).
 */
export function publicSuffixOf(hostname: string, opts: { privateRules: boolean }): SuffixMatch | null {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  // The table holds the punycode form of the list's Unicode rules only: a Unicode name is
  // matched in punycode, and answered in the spelling it was asked in (label for label).
  const ascii = /[^\x21-\x7e]/.test(host) ? toAscii(host) : host;
  if (ascii === null || !isHostname(ascii)) return null;
  const labels = ascii.split('.');
  const asked = host.split('.');
  const out = asked.length === labels.length ? asked : labels;
  const first = suffixStart(labels, opts.privateRules);
  return {
    suffix: out.slice(first.index).join('.'),
    domain: first.index > 0 ? out.slice(first.index - 1).join('.') : null,
    listed: first.kind !== NONE,
    icann: first.kind === ICANN,
  };
}

/** Index of the first label of the public suffix, and the kind of rule that decided. */
function suffixStart(labels: readonly string[], privateRules: boolean): { index: number; kind: number } {
  let node = suffixRules();
  let first = labels.length - 1;
  let kind = NONE;
  for (let i = labels.length - 1; i >= 0 && node.children; i -= 1) {
    const label = labels[i]!;
    const exception = node.children.get(`!${label}`);
    if (exception && allowed(exception.kind, privateRules)) {
      first = i + 1;
      kind = exception.kind;
      break;
    }
    const exact = node.children.get(label);
    const wildcard = node.children.get('*');
    const next = exact ?? wildcard;
    if (!next) break;
    // `*.x` is a rule for `a.x` even where `a` is also the first step of a longer rule (`b.a.x`).
    const rule = allowed(next.kind, privateRules)
      ? next
      : exact && wildcard && allowed(wildcard.kind, privateRules)
        ? wildcard
        : null;
    if (rule) {
      first = i;
      kind = rule.kind;
    }
    node = next;
  }
  return { index: first, kind };
}

/** The URL parser's IDNA (UTS 46) conversion, or null when it refuses the name. */
function toAscii(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/** The registrable domain with private suffixes counted (`alice.github.io`), or null. */
export function registrableOf(hostname: string): string | null {
  return publicSuffixOf(hostname, { privateRules: true })?.domain ?? null;
}

const allowed = (kind: number, privateRules: boolean) => kind === ICANN || (kind === PRIVATE && privateRules);

/** Letters, digits, `-` (not at a label's ends) and `_`; labels 1–63 characters, total ≤ 253. */
function isHostname(h: string): boolean {
  if (h.length === 0 || h.length > 253) return false;
  for (const label of h.split('.')) {
    if (label.length === 0 || label.length > 63 || label.startsWith('-') || label.endsWith('-')) return false;
    for (let i = 0; i < label.length; i += 1) if (!hostChar(label.charCodeAt(i))) return false;
  }
  return true;
}

const hostChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 95;
