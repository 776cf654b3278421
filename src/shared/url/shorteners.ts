/**
 * Opaque URL shorteners (docs/decisions/003-every-hop.md): public services where anyone can make a short link to
 * anywhere, so the destination is not in the URL at all. unwrap() cannot read them; the service
 * scans the short URL itself, and only an opt-in setting may ask the shortener where it leads
 * (that request tells the shortener about the click). Pure; a Set lookup. Examples:
 * shorteners.examples.ts.
 *
 * Host rules, entry by entry:
 * - 'exact': the host and `www.` + host (`bit.ly`, `www.bit.ly`), nothing else. Other subdomains
 *   of a shortener are its own sites (API, docs, blog), not short links; treating them as
 *   shorteners would make the opt-in resolver contact pages that are not redirects.
 * - 'subdomains': every subdomain, not the bare host: link platforms that give each customer a
 *   subdomain (`myapp.page.link/x`), and the bare host is the platform's own page.
 * Not listed on purpose: first-party shorteners that only their owner fills and that lead to the
 * owner's site (youtu.be, amzn.to, aka.ms, g.co), and link-in-bio pages (linktr.ee) that are
 * pages, not redirects. Custom-domain short links (go.brand.example) cannot be listed at all.
 */

export type ShortenerScope = 'exact' | 'subdomains';

export const SHORTENERS: ReadonlyArray<readonly [host: string, scope: ShortenerScope]> = [
  ['t.co', 'exact'], // X/Twitter: every link in a post
  ['bit.ly', 'exact'],
  ['bitly.com', 'exact'], // Bitly's API offers bit.ly, j.mp and bitly.com as short domains
  ['j.mp', 'exact'],
  ['tinyurl.com', 'exact'],
  ['goo.gl', 'exact'],
  ['ow.ly', 'exact'],
  ['is.gd', 'exact'],
  ['v.gd', 'exact'],
  ['buff.ly', 'exact'],
  ['rebrand.ly', 'exact'],
  ['cutt.ly', 'exact'],
  ['lnkd.in', 'exact'], // LinkedIn: every link in a post
  ['t.ly', 'exact'],
  ['shorturl.at', 'exact'],
  ['rb.gy', 'exact'],
  ['tiny.cc', 'exact'],
  ['bit.do', 'exact'],
  ['s.id', 'exact'],
  ['short.gy', 'exact'],
  ['x.gd', 'exact'],
  ['soo.gd', 'exact'],
  ['clck.ru', 'exact'],
  ['u.to', 'exact'],
  ['qrco.de', 'exact'], // QR code generator links: QR phishing
  ['dlvr.it', 'exact'],
  ['ift.tt', 'exact'],
  ['trib.al', 'exact'],
  ['fb.me', 'exact'],
  ['adf.ly', 'exact'],
  ['shorte.st', 'exact'],
  ['page.link', 'subdomains'], // Firebase Dynamic Links: <app>.page.link/<id>
  ['app.link', 'subdomains'], // Branch: <app>.app.link/<id>
  ['onelink.me', 'subdomains'], // AppsFlyer: <app>.onelink.me/<id>
  // Mimecast URL Protect rewrites every link of a mail to protect-<region>.mimecast.com/s/<id>:
  // the destination is kept on Mimecast's servers (its decoding needs an API key of the
  // customer), so like a shortener the link can only be asked where it goes.
  ['protect.mimecast.com', 'exact'],
  ['protect-us.mimecast.com', 'exact'],
  ['protect-eu.mimecast.com', 'exact'],
  ['protect-au.mimecast.com', 'exact'],
  ['protect-za.mimecast.com', 'exact'],
  ['protect-ca.mimecast.com', 'exact'],
  ['protect-de.mimecast.com', 'exact'],
  ['mimecastprotect.com', 'subdomains'], // newer links: url.<region>.m.mimecastprotect.com/s/<id>
];

const EXACT = new Set<string>();
const SUFFIXES: string[] = [];
for (const [host, scope] of SHORTENERS) {
  if (scope === 'exact') EXACT.add(host).add(`www.${host}`);
  else SUFFIXES.push(`.${host}`);
}

/** Is this host an opaque shortener? Takes URL.hostname (any case, trailing dots ignored). */
export function isShortener(host: string): boolean {
  if (typeof host !== 'string') return false;
  const h = host.trim().toLowerCase().replace(/\.+$/, '');
  return EXACT.has(h) || SUFFIXES.some((s) => h.endsWith(s) && h.length > s.length);
}

/**
 * Is this an http(s) short link (a shortener host and a path beyond `/`)? The shortener's home
 * page is not a link to anything.
 */
export function isShortLink(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.pathname.length > 1 && isShortener(u.hostname);
}
