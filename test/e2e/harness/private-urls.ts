// URLs a hostile page can use to make the extension send what it must not (docs/decisions/018-tests.md, "URLs with
// credentials and private hosts in every spelling"), and what the service must never see. The
// loopback spellings reach `port` on 127.0.0.1 (the hostile site); the others are answered by a
// Playwright route in the tests, so nothing leaves the machine.

/** Private hosts in the spellings a page can use. */
export const privateUrls = (port: number): string[] => [
  `http://127.1:${port}/`,
  `http://2130706433:${port}/`,
  `http://0x7f.0.0.1:${port}/`,
  `http://0177.0.0.1:${port}/`,
  `http://[::1]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`,
  `http://0.0.0.0:${port}/`,
  `http://localhost.:${port}/`,
  `http://LOCALHOST:${port}/`,
  `http://app.localhost:${port}/`,
  'http://10.0.0.1/',
  'http://192.168.1.1/admin',
  'http://169.254.169.254/latest/meta-data/',
  'http://user:pass@10.0.0.1/',
  'http://intranet/',
  'http://router.local/',
  'http://wiki.corp/',
];

/** A public (phishing) URL with credentials: it may be sent, but only without them. */
export const credentialUrl = (port: number): string => `http://user:pass@phish-cred.test:${port}/login`;

/** Substrings the service's request log must never contain: credentials and private spellings. */
export const NEVER_SENT: readonly string[] = [
  'user:pass',
  'pass@',
  'user@',
  '127.',
  '2130706433',
  '0x7f',
  '0177',
  '[::',
  '0.0.0.0',
  'localhost',
  '10.0.0.1',
  '192.168.',
  '169.254.',
  'intranet',
  '.local/',
  '.corp',
];
