/**
 * Link text that lies (docs/decisions/003-every-hop.md): `<a href="http://evil.example">https://mybank.example</a>`.
 * Decided locally, before and without the service. Pure. Examples: lying-text.examples.ts.
 *
 * The rule: when the text claims an address (text-claim.ts), the site it names must be the site
 * the link provably ends on. Both sides are unwrapped through KNOWN wrappers only (unwrap.ts
 * knownEnd): Outlook's Safe Links around `https://bank.example` with that text is honest, and so
 * is a pasted Safe Links URL as text. A guess of the generic redirect-parameter rule never
 * counts as agreement (`https://evil.example/?url=https://bank.example` with text
 * `https://bank.example` lies: evil.example decides where it sends you), and text that names
 * only a wrapper's own site (`google.com` on a google.com/url?q=… link to evil.example) lies too.
 *
 * "Site" is the registrable domain (site.ts, public-suffix.ts with private suffixes: `login.bank.com` and
 * `bank.com` agree, `alice.github.io` and `bob.github.io` do not). Hosts are compared as the URL
 * parser reads them, so Unicode and punycode spellings of one name agree, and a look-alike
 * (Cyrillic `а` in `pаypal.com`) does not. Bare host names count only with a known public suffix.
 *
 * The public suffix list makes this module heavy (~90 kB minified): run it in the background, or
 * in the content script only if the list is already there. claimedUrl() (text-claim.ts) is the cheap pre-filter.
 */
import { publicSuffixOf } from './public-suffix';
import { registrableDomain } from './site';
import { claimedUrl } from './text-claim';
import { knownEnd, unwrap, type UnwrapResult } from './unwrap';

export type LinkTextVerdict =
  /** The text is not an address ("Click here", an e-mail address, a file name). */
  | { kind: 'no-claim' }
  /** The link is not http(s): nothing to compare with. */
  | { kind: 'not-web' }
  | { kind: 'matches'; site: string }
  | {
      kind: 'lies';
      /** Host the text shows (after unwrapping a wrapped URL in the text), ASCII. */
      shownHost: string;
      shownSite: string;
      /** Host the link provably leads to (its last known hop), ASCII. */
      leadsToHost: string;
      leadsToSite: string;
      /** The link's chain ended on a wrapper we could not read: "leads to" is that wrapper. */
      unreadable: boolean;
    };

export interface LinkTextOptions {
  /** unwrap(href) if the caller has it already (the background unwraps every link anyway). */
  unwrapped?: UnwrapResult;
}

export function checkLinkText(text: string, href: string, opts: LinkTextOptions = {}): LinkTextVerdict {
  const link = opts.unwrapped ?? unwrap(href);
  const linkEnd = knownEnd(link);
  if (linkEnd === null) return { kind: 'not-web' };
  const claim = claimedUrl(text);
  if (claim === null) return { kind: 'no-claim' };
  if (claim.form === 'bare') {
    const p = publicSuffixOf(claim.host, { privateRules: true });
    if (!p?.listed || p.domain === null) return { kind: 'no-claim' };
  }
  const shownHost = hostOf(knownEnd(unwrap(claim.url)) ?? claim.url);
  const leadsToHost = hostOf(linkEnd);
  const shownSite = registrableDomain(shownHost);
  const leadsToSite = registrableDomain(leadsToHost);
  if (shownSite === leadsToSite) return { kind: 'matches', site: shownSite };
  const unreadable = link.unreadable !== undefined && link.wrappers.every((w) => w.via === 'known');
  return { kind: 'lies', shownHost, shownSite, leadsToHost, leadsToSite, unreadable };
}

/** Hop URLs come from the URL parser, so they parse; trailing dots do not make another site. */
function hostOf(url: string): string {
  return new URL(url).hostname.replace(/\.+$/, '');
}
