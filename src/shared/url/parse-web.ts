/**
 * A URL the browser would open as a web page (http or https), parsed; null for anything else
 * (no URL, another scheme). Relative input resolves against `base` when one is given. The one
 * spelling of "parse, and only the web" for every module that needs it.
 */
export function parseWeb(s: string, base?: string): URL | null {
  let u: URL;
  try {
    u = new URL(s, base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  return u.hostname === '' ? null : u;
}
