import type { Page } from 'playwright-core';

/**
 * Waits until the page's URL satisfies `ok`, by polling `page.url()`. Unlike `page.waitForURL`
 * it does not wait for a load event, so a navigation that the extension aborts on purpose (its
 * redirect to the blocked page replaces the pending one: net::ERR_ABORTED) is not an error.
 */
export async function waitForPageUrl(page: Page, ok: (url: URL) => boolean, timeout = 15_000): Promise<string> {
  const end = Date.now() + timeout;
  for (;;) {
    const href = page.url();
    try {
      if (ok(new URL(href))) return href;
    } catch {
      // about:blank and the like: not yet
    }
    if (Date.now() > end) throw new Error(`waitForPageUrl: still at ${href} after ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
