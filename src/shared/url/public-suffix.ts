/**
 * The public suffix list (https://publicsuffix.org/list/), ICANN and private sections, with its
 * own algorithm: the matching rule with the most labels wins, `*` matches any one label, an
 * exception rule (`!www.ck`) wins over every other rule and its suffix is the rule without its
 * first label; when no rule matches, the suffix is the last label (the default rule `*`).
 * Examples: public-suffix.examples.ts (the list's own test file, plus our private-section cases).
 *
 * Ours instead of tldts (issue 14 §2): the same rules (generated from tldts's copy of the list,
 * scripts/gen-public-suffix.mjs) as ~90 kB of text instead of ~134 kB of code, read into a tree
 * on the first question, not while the worker starts. Input: a hostname (no URL parsing here).
 */
import { PSL_CODES, PSL_TREE, PSL_WORDS } from './public-suffix-data';

const NONE = 0;
const ICANN = 1;
const PRIVATE = 2;

interface RuleNode {
  kind: number;
  /** Child labels (`!label` for an exception rule), null for a leaf. */
  children: Map<string, RuleNode> | null;
}

let tree: RuleNode | null = null;
const LEAVES: readonly RuleNode[] = [NONE, ICANN, PRIVATE].map((kind) => Object.freeze({ kind, children: null }));

/** Reads PSL_TREE (format: scripts/gen-public-suffix.mjs) into nested maps, once. */
function rules(): RuleNode {
  if (tree) return tree;
  const root: RuleNode = { kind: NONE, children: new Map() };
  // Frequent labels are written as codes: the i-th word as one code character, then as two.
  const n = PSL_CODES.length;
  const words = new Map(PSL_WORDS.split(',').map((w, i) => [i < n ? PSL_CODES[i]! : PSL_CODES[Math.floor(i / n) - 1]! + PSL_CODES[i % n]!, w]));
  const stack: RuleNode[] = [root];
  let last: RuleNode = root;
  let start = 0;
  for (let i = 0; i <= PSL_TREE.length; i += 1) {
    const c = i < PSL_TREE.length ? PSL_TREE[i] : ',';
    if (c !== ',' && c !== '(' && c !== ')') continue;
    if (i > start) {
      let token = PSL_TREE.slice(start, i);
      const mark = token[token.length - 1];
      const kind = mark === '+' ? PRIVATE : mark === '-' ? NONE : ICANN;
      if (kind !== ICANN) token = token.slice(0, -1);
      token = words.get(token) ?? token;
      // Most rules are leaves: one shared node per kind (fewer objects on the first question).
      last = c === '(' ? { kind, children: null } : LEAVES[kind]!;
      const parent = stack[stack.length - 1]!;
      (parent.children ??= new Map()).set(token, last);
    }
    if (c === '(') stack.push(last);
    else if (c === ')') stack.pop();
    start = i + 1;
  }
  tree = root;
  return root;
}

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
  let node = rules();
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
    const rule = allowed(next.kind, privateRules) ? next : exact && wildcard && allowed(wildcard.kind, privateRules) ? wildcard : null;
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
