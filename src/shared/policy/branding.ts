/**
 * The organization's brand on Linklens' own pages (policy brandName, brandLogoUrl,
 * brandAccentColor, customWarningMessage; docs/admin/policy.md "Branding"). Pure checks of the
 * values, applied when the policy is read (settings.ts) and again where a page uses them.
 *
 * - The logo is an https address the browser fetches as an image, on our pages only (the blocked
 *   page, options): never shown inside a web page, never HTML, no user name or password in it
 *   (a credential in an address ends up in logs), at most 2000 characters.
 * - The accent colour is `#rrggbb` only: anything else could carry CSS beyond a colour.
 * Examples: branding.examples.ts.
 */

export function isBrandLogoUrl(s: string): boolean {
  if (s.length > 2000 || !/^https:\/\/[^\s]+$/i.test(s)) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

export const isAccentColor = (s: string): boolean => /^#[0-9a-f]{6}$/i.test(s);
