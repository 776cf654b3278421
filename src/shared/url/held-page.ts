/**
 * The held page's address (entrypoints/held/): the hold rules (policy/strict-hold.ts) redirect a
 * load they hold to `<held page>#<the whole URL>`, and the page, the background and the tests
 * read the URL back from there. Pure; the held page's own address comes from the caller
 * (`runtime.getURL('/held.html')`). Examples in held-page.examples.ts.
 */

/** The entrypoint's file, as `runtime.getURL` takes it. */
export const HELD_PAGE_PATH = '/held.html';

/**
 * The web URL a held page's address holds, or null: not the held page, nothing after `#`, or
 * not an http(s) URL (a page may open the held page itself with anything after the `#`).
 */
export function heldTargetOf(pageUrl: string, heldPage: string): string | null {
  const prefix = `${heldPage}#`;
  if (!pageUrl.startsWith(prefix)) return null;
  const target = pageUrl.slice(prefix.length);
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    return new URL(target).href === target ? target : null;
  } catch {
    return null;
  }
}
