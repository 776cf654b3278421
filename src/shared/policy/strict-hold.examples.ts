/**
 * Example table for strict mode's hold rule (strict-hold.ts): which top-level loads the browser
 * stops before their request while strict mode is on. Tested in strict-hold.test.ts, both
 * through strictHoldMatches and through the rule itself evaluated as the browsers do.
 */
export interface StrictHoldExample {
  name: string;
  url: string;
  method?: string;
  allowlist?: string[];
  held: boolean;
}

export const STRICT_HOLD_EXAMPLES: readonly StrictHoldExample[] = [
  { name: 'a public page is held', url: 'https://example.com/login', held: true },
  { name: 'a subdomain, a port, a query, a fragment', url: 'https://a.b.example.co.uk:8443/x?y=1#z', held: true },
  { name: 'plain http too', url: 'http://news.example.org/', held: true },
  { name: 'a host with a trailing dot', url: 'https://example.com./', held: true },
  { name: 'userinfo does not hide the host', url: 'https://user:pw@example.com/', held: true },
  {
    name: 'a dot in the userinfo does not make an intranet host public',
    url: 'http://first.last@intranet/',
    held: false,
  },
  { name: 'an IDN host (punycode)', url: 'https://xn--bcher-kva.example/', held: true },
  {
    name: 'a form POST is not held (its body could not be sent again)',
    url: 'https://example.com/login',
    method: 'post',
    held: false,
  },
  { name: 'a public IPv4 address is held (it is sent)', url: 'http://93.184.215.14/', held: true },
  {
    name: 'a private IPv4 address is held too, and let through at once (a rule cannot tell)',
    url: 'http://192.168.1.10/admin',
    held: true,
  },
  { name: 'the loopback address is not held', url: 'http://127.0.0.1:8080/', held: false },
  { name: 'an IPv6 address', url: 'http://[::1]:8080/', held: false },
  { name: 'a single-label intranet name', url: 'http://intranet/wiki', held: false },
  { name: 'localhost', url: 'http://localhost:3000/', held: false },
  { name: 'a .local name (mDNS)', url: 'http://printer.local/', held: false },
  { name: 'a home.arpa name', url: 'http://nas.home.arpa/', held: false },
  { name: 'a .internal name', url: 'https://git.corp.internal/', held: false },
  { name: 'an allowlisted host', url: 'https://docs.trusted.example/a', allowlist: ['trusted.example'], held: false },
  {
    name: 'the allowlist names the host, not look-alikes',
    url: 'https://trusted.example.evil.example/',
    allowlist: ['trusted.example'],
    held: true,
  },
  { name: 'a dot in the path does not make a host public', url: 'http://intranet/file.html', held: false },
  { name: 'not a web page', url: 'ftp://example.com/', held: false },
];
