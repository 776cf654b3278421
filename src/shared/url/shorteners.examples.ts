/** Example tables for isShortener and isShortLink. */

export const SHORTENER_HOST_EXAMPLES: ReadonlyArray<readonly [host: string, expected: boolean, why: string]> = [
  ['t.co', true, 'listed'],
  ['bit.ly', true, 'listed'],
  ['www.bit.ly', true, 'www. of an exact entry'],
  ['T.CO.', true, 'case and trailing dot'],
  ['tinyurl.com', true, 'listed'],
  ['lnkd.in', true, 'listed'],
  ['myapp.page.link', true, 'customer subdomain of a link platform'],
  ['a.b.app.link', true, 'deeper customer subdomain'],
  ['page.link', false, 'bare host of a subdomain entry: the platform itself'],
  ['dev.bitly.com', false, "other subdomain of an exact entry: the service's own site"],
  ['preview.tinyurl.com', false, 'other subdomain of an exact entry'],
  ['notbit.ly', false, 'suffix without a dot boundary'],
  ['bit.ly.evil.example', false, 'shortener name as a subdomain of another site'],
  ['xpage.link', false, 'suffix without a dot boundary (subdomain entry)'],
  ['youtu.be', false, 'first-party: leads to YouTube'],
  ['amzn.to', false, 'first-party: leads to Amazon'],
  ['linktr.ee', false, 'a page, not a redirect'],
  ['protect-eu.mimecast.com', true, 'Mimecast URL Protect: the destination is held on its servers'],
  ['url.uk.m.mimecastprotect.com', true, 'Mimecast URL Protect, newer links'],
  ['www.mimecast.com', false, "Mimecast's own site"],
  ['example.com', false, 'not a shortener'],
  ['', false, 'empty'],
];

export const SHORT_LINK_EXAMPLES: ReadonlyArray<readonly [url: string, expected: boolean]> = [
  ['https://bit.ly/3abcDEF', true],
  ['http://t.co/xyz', true],
  ['https://myapp.page.link/Xy12', true],
  ['https://protect-eu.mimecast.com/s/AbCdEfGhIjKlMn?domain=example.com', true],
  ['https://bit.ly/', false], // home page
  ['https://bit.ly', false],
  ['https://bitly.example/3abc', false],
  ['ftp://bit.ly/3abc', false],
  ['bit.ly/3abc', false], // not absolute
  ['', false],
];
