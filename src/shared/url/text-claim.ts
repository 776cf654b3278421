/**
 * What a link's visible text claims as its address, if anything (docs/decisions/003-every-hop.md: "link text
 * that lies"). Pure, cheap and free of the public suffix list so a content script can run it on every link and only
 * ask about links whose text makes a claim. lying-text.ts makes the comparison.
 *
 * The text claims an address when it IS, or STARTS WITH, one of:
 * - a URL with `http://` or `https://` (any case): `https://mybank.example/login`
 * - a host name starting with `www.`: `www.mybank.example`
 * - a bare host name (`mybank.com`, `login.bank.co.uk/x`): letters in its last label, and that
 *   label is not also a common file extension (README.md, setup.py, main.rs, notes.zip look like
 *   hosts of real TLDs but are file names far more often; see FILE_EXTENSION_TLDS). lying-text.ts also requires a known
 *   public suffix for bare names, so `Node.js` or `index.html` claim nothing.
 * Not claims: other text ("Click here", "Visit example.com": the address must come first),
 * e-mail addresses (`support@bank.example`, `mailto:`), bare numbers (`1.2.3`, `10.0.0.1`).
 *
 * Before reading, invisible characters a page can slip into text to break the match are
 * removed (zero-width spaces and joiners, soft hyphens, bidi controls, BOM), leading quotes and
 * brackets and trailing punctuation are dropped (`(see https://a.example).`), and ideographic
 * and full-width dots count as dots (the URL parser maps them the same way).
 */
import { parseWeb } from './parse-web';

export interface TextClaim {
  form: 'url' | 'www' | 'bare';
  /** An absolute http(s) URL for what the text shows (`http://` added for www/bare forms). */
  url: string;
  /** Its host as the browser would read it (lowercase ASCII, punycode). */
  host: string;
}

/** Only the start of the text matters; a host name is at most 253 characters. */
const MAX_TEXT = 2048;
// Combining invisibles (grapheme joiner, Hangul and Khmer fillers, variation selectors) stay
// outside the class: inside it they read as combined with a neighbour (no-misleading-character-class).
const INVISIBLE =
  /[\u00AD\u061C\u115F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]|\u034F|\u1160|[\u17B4\u17B5]|[\u180B-\u180F]|[\uFE00-\uFE0F]/g;
const ODD_DOTS = /[\u3002\uFF0E\uFF61]/g;
const LEADING = /^[("'<[{\u00AB\u2039\u201C\u2018\u300C]+/;
const TRAILING = /[.,;:!?)\]}>"'\u00BB\u203A\u201D\u2019\u2026\u300D]+$/;
/** A host name: dot-separated labels, the last one letters only (or punycode). */
const HOST_NAME =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}_-]*[\p{L}\p{N}\p{M}])?\.)+(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/iu;

/**
 * Real TLDs that are mostly file names in link text (bare form only; `https://x.md` still
 * counts). Kept short on purpose: every entry is a blind spot for bare host names (`docs.rs`).
 * Not here: .pl, .so, .ai, .app and the like, whose sites are common in link text.
 */
export const FILE_EXTENSION_TLDS: ReadonlySet<string> = new Set(['md', 'py', 'rs', 'sh', 'zip', 'mov']);

export function claimedUrl(text: string): TextClaim | null {
  if (typeof text !== 'string') return null;
  const head = text.slice(0, MAX_TEXT).replace(INVISIBLE, '').trimStart();
  const token = (head.split(/\s/, 1)[0] ?? '').replace(LEADING, '').replace(TRAILING, '').replace(ODD_DOTS, '.');
  if (token === '') return null;
  if (/^https?:\/\//i.test(token)) return parse(token, 'url');
  const hostPart = token.split(/[/?#]/, 1)[0] ?? '';
  const hostOnly = hostPart.replace(/:\d{1,5}$/, '');
  if (!HOST_NAME.test(hostOnly)) return null; // also rules out `@` (e-mail) and other `:` (mailto:)
  if (/^www\./i.test(token)) return parse(`http://${token}`, 'www');
  const tld = hostOnly.slice(hostOnly.lastIndexOf('.') + 1).toLowerCase();
  if (FILE_EXTENSION_TLDS.has(tld)) return null;
  return parse(`http://${token}`, 'bare');
}

function parse(url: string, form: TextClaim['form']): TextClaim | null {
  const u = parseWeb(url);
  const host = u?.hostname.replace(/\.+$/, '') ?? '';
  return u && host !== '' ? { form, url: u.href, host } : null;
}
