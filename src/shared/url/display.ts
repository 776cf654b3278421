/**
 * A URL as Linklens shows it to the person (blocked page, in-page confirmation). Pure, no
 * imports: the content script bundles it.
 */

/**
 * The URL without `user:pass@`: a password must not be displayed, and
 * `https://www.bank.com@evil.test/` must not read as the bank's address. Unparsable input is
 * returned as it came (it is shown as text, never navigated to from here).
 */
export function withoutCredentials(raw: string): string {
  try {
    const u = new URL(raw);
    if (!u.username && !u.password) return raw;
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return raw;
  }
}
