/**
 * Example tables for checkLinkText and claimedUrl: true positives and the near
 * misses that must stay quiet. Tested in test/unit/shared/url/lying-text.test.ts.
 */
import { WRAP } from './unwrap.examples';

export interface LyingTextExample {
  why: string;
  text: string;
  href: string;
  /** 'lies' rows give [shown host, leads-to host]; 'matches' rows give the site. */
  expected:
    | { kind: 'lies'; shown: string; leadsTo: string; unreadable?: boolean }
    | { kind: 'matches'; site: string }
    | { kind: 'no-claim' }
    | { kind: 'not-web' };
}

const lies = (shown: string, leadsTo: string, unreadable?: boolean) => ({
  kind: 'lies' as const,
  shown,
  leadsTo,
  ...(unreadable ? { unreadable } : {}),
});
const matches = (site: string) => ({ kind: 'matches' as const, site });
const noClaim = { kind: 'no-claim' as const };

export const LYING_TEXT_EXAMPLES: readonly LyingTextExample[] = [
  // True positives
  {
    why: "URL text, link to another site (the issue's example)",
    text: 'https://mybank.example',
    href: 'http://evil.example',
    expected: lies('mybank.example', 'evil.example'),
  },
  {
    why: 'upper-case URL text with a path',
    text: 'HTTPS://MYBANK.EXAMPLE/login',
    href: 'https://evil.example/login',
    expected: lies('mybank.example', 'evil.example'),
  },
  {
    why: 'www. text, look-alike subdomain of another site',
    text: 'www.paypal.com',
    href: 'https://paypal.com.evil.example/login',
    expected: lies('www.paypal.com', 'paypal.com.evil.example'),
  },
  {
    why: 'bare host text',
    text: 'paypal.com',
    href: 'https://evil.example/',
    expected: lies('paypal.com', 'evil.example'),
  },
  {
    why: 'text starts with the address',
    text: 'https://bank.com/login — sign in now',
    href: 'https://evil.example/',
    expected: lies('bank.com', 'evil.example'),
  },
  {
    why: 'wrapped link whose destination differs',
    text: 'https://www.bank.com/login',
    href: WRAP.safelinks('https://evil.example/login'),
    expected: lies('www.bank.com', 'evil.example'),
  },
  {
    why: 'a generic-rule guess is not agreement',
    text: 'https://bank.com',
    href: 'https://evil.example/?url=https://bank.com',
    expected: lies('bank.com', 'evil.example'),
  },
  {
    why: "text names only the wrapper's own site",
    text: 'google.com',
    href: WRAP.google('https://evil.example/'),
    expected: lies('google.com', 'evil.example'),
  },
  {
    why: 'look-alike (Cyrillic а) in the text',
    text: 'https://p\u0430ypal.com',
    href: 'https://paypal.com/',
    expected: lies('xn--pypal-4ve.com', 'paypal.com'),
  },
  {
    why: 'look-alike in the link',
    text: 'paypal.com',
    href: 'https://p\u0430ypal.com/',
    expected: lies('paypal.com', 'xn--pypal-4ve.com'),
  },
  {
    why: 'zero-width space hidden in the text',
    text: 'bank\u200B.com',
    href: 'https://evil.example/',
    expected: lies('bank.com', 'evil.example'),
  },
  {
    why: 'bidi control hidden in the text',
    text: '\u202Ahttps://bank.com\u202C',
    href: 'https://evil.example/',
    expected: lies('bank.com', 'evil.example'),
  },
  {
    why: 'ideographic full stop as the dot',
    text: 'bank\u3002com',
    href: 'https://evil.example/',
    expected: lies('bank.com', 'evil.example'),
  },
  {
    why: 'quotes, brackets and trailing punctuation around the address',
    text: '("https://bank.com/x").',
    href: 'https://evil.example/',
    expected: lies('bank.com', 'evil.example'),
  },
  {
    why: 'private suffix: each github.io user is a site',
    text: 'alice.github.io',
    href: 'https://bob.github.io/',
    expected: lies('alice.github.io', 'bob.github.io'),
  },
  {
    why: 'IP address with a scheme',
    text: 'http://192.168.0.1',
    href: 'https://evil.example/',
    expected: lies('192.168.0.1', 'evil.example'),
  },
  {
    why: 'unreadable wrapper: what the link leads to is unknown',
    text: 'https://example.com',
    href: 'https://urldefense.com/v3/__https://example.com/*__;I!!x$',
    expected: lies('example.com', 'urldefense.com', true),
  },
  // Near misses
  {
    why: 'bare host to its www. host',
    text: 'example.com',
    href: 'https://www.example.com/',
    expected: matches('example.com'),
  },
  {
    why: 'subdomain in the text, same site',
    text: 'login.bank.com',
    href: 'https://bank.com/',
    expected: matches('bank.com'),
  },
  {
    why: 'country second-level suffix',
    text: 'https://shop.example.co.uk',
    href: 'https://www.example.co.uk/',
    expected: matches('example.co.uk'),
  },
  { why: 'trailing full stop', text: 'example.com.', href: 'https://example.com/', expected: matches('example.com') },
  {
    why: 'Unicode text, punycode link',
    text: 'bücher.de',
    href: 'https://xn--bcher-kva.de/',
    expected: matches('xn--bcher-kva.de'),
  },
  {
    why: 'punycode text, Unicode link',
    text: 'xn--bcher-kva.de',
    href: 'https://bücher.de/',
    expected: matches('xn--bcher-kva.de'),
  },
  {
    why: 'wrapped link to the site the text names',
    text: 'https://bank.com',
    href: WRAP.safelinks(WRAP.proofpointV2('https://www.bank.com/login')),
    expected: matches('bank.com'),
  },
  {
    why: 'pasted wrapper URL as the text',
    text: WRAP.safelinks('https://bank.com/x'),
    href: WRAP.safelinks('https://bank.com/x'),
    expected: matches('bank.com'),
  },
  {
    why: "userinfo trick: the parser reads the text's host as evil.example too",
    text: 'https://bank.com@evil.example',
    href: 'https://evil.example/',
    expected: matches('evil.example'),
  },
  {
    why: 'local development link',
    text: 'http://localhost:3000',
    href: 'http://localhost:3000/x',
    expected: matches('localhost'),
  },
  { why: 'words, not an address', text: 'Click here', href: 'https://evil.example/', expected: noClaim },
  { why: 'address not at the start', text: 'Visit example.com', href: 'https://evil.example/', expected: noClaim },
  { why: 'e-mail address as text', text: 'support@bank.com', href: 'https://evil.example/', expected: noClaim },
  { why: 'mailto: as text', text: 'mailto:support@bank.com', href: 'https://evil.example/', expected: noClaim },
  {
    why: 'file name with a TLD-like extension',
    text: 'README.md',
    href: 'https://github.com/a/b/blob/main/README.md',
    expected: noClaim,
  },
  { why: 'name without a public suffix', text: 'Node.js', href: 'https://nodejs.org/', expected: noClaim },
  { why: 'file name', text: 'index.html', href: 'https://evil.example/', expected: noClaim },
  { why: 'version number', text: 'v1.2.3', href: 'https://evil.example/', expected: noClaim },
  { why: 'bare IP address', text: '10.0.0.1', href: 'https://evil.example/', expected: noClaim },
  {
    why: 'bare name of a reserved test TLD (no public suffix)',
    text: 'mybank.example',
    href: 'https://evil.example/',
    expected: noClaim,
  },
  { why: 'empty text', text: '', href: 'https://evil.example/', expected: noClaim },
  { why: 'a scheme alone', text: 'https://', href: 'https://evil.example/', expected: noClaim },
  { why: 'link is javascript:', text: 'https://bank.com', href: 'javascript:void(0)', expected: { kind: 'not-web' } },
];
