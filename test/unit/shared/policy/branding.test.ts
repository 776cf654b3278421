import { describe, expect, it } from 'vitest';
import { isAccentColor, isBrandLogoUrl } from '@/src/shared/policy/branding';
import { ACCENT_COLOR_EXAMPLES, LOGO_URL_EXAMPLES } from '@/src/shared/policy/branding.examples';
import { readManaged } from '@/src/shared/policy/managed';

describe('branding checks', () => {
  it.each(LOGO_URL_EXAMPLES.map(([u, ok]) => [u.slice(0, 60), u, ok] as const))('logo %s', (_n, url, ok) =>
    expect(isBrandLogoUrl(url)).toBe(ok),
  );
  it.each(ACCENT_COLOR_EXAMPLES)('accent %s → %s', (c, ok) => expect(isAccentColor(c)).toBe(ok));

  it('the policy check refuses what the examples refuse, and empties count as not set', () => {
    const r = readManaged({
      brandLogoUrl: 'http://x.example/logo.png',
      brandAccentColor: 'red',
      brandName: 'Example Corp',
      customWarningMessage: '<b>Call IT</b>',
    });
    expect(r.invalid.sort()).toEqual(['brandAccentColor', 'brandLogoUrl']);
    // Text stays text: markup is kept as characters, and rendered as text by the pages.
    expect(r.values).toEqual({ brandName: 'Example Corp', customWarningMessage: '<b>Call IT</b>' });
    expect(readManaged({ brandLogoUrl: '', brandAccentColor: '' }).invalid).toEqual([]);
  });
});
