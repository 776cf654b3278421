/** Example tables for the branding checks (branding.ts). */
export const LOGO_URL_EXAMPLES: ReadonlyArray<readonly [string, boolean]> = [
  ['https://intranet.example.com/logo.png', true],
  ['https://cdn.example.com/brand/logo.svg?v=2', true],
  ['http://intranet.example.com/logo.png', false], // https only
  ['data:image/svg+xml,<svg onload=alert(1)>', false],
  ['javascript:alert(1)', false],
  ['https://user:pass@cdn.example.com/logo.png', false], // no credentials in the address
  ['https://', false],
  ['https://cdn.example.com/a logo.png', false],
  [`https://cdn.example.com/${'a'.repeat(2000)}`, false],
  ['', false],
];

export const ACCENT_COLOR_EXAMPLES: ReadonlyArray<readonly [string, boolean]> = [
  ['#0b5fff', true],
  ['#0B5FFF', true],
  ['#fff', false], // #rrggbb only
  ['0b5fff', false],
  ['red', false],
  ['#0b5fff;background:url(x)', false],
  ['', false],
];
