// Navigating a tab in tests where the extension may redirect it to its blocked page.
import type { Page } from 'playwright-core';
import type { ChromiumExtension } from './chromium';
import { waitForPageUrl } from './url-wait';

/**
 * Starts a navigation and waits for the DOM. A navigation the extension redirects to its blocked
 * page ends in net::ERR_ABORTED (or "interrupted by another navigation") for page.goto, and one
 * its request-blocking rules stop before the request (a known-bad URL, strict mode's hold) in
 * net::ERR_BLOCKED_BY_CLIENT: expected outcomes here, not failures.
 */
export async function visit(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded' });
  } catch (error) {
    if (!/net::ERR_ABORTED|net::ERR_BLOCKED_BY_CLIENT|interrupted by another navigation/.test(String(error)))
      throw error;
  }
}

export const isBlockedPageUrl = (ext: ChromiumExtension, url: string) =>
  url.startsWith(`${ext.pageUrl('blocked.html')}?t=`);

/** Waits until the tab shows the blocked page with its details rendered (an h1 and buttons). */
export async function waitForBlockedPage(ext: ChromiumExtension, page: Page, timeout = 15_000): Promise<void> {
  await waitForPageUrl(page, (u) => isBlockedPageUrl(ext, u.href), timeout);
  await page.locator('main.blocked h1').waitFor({ timeout });
  // The details arrive by message after the first render: wait for a settled page (buttons).
  await page.getByRole('button', { name: 'Go back to safety' }).waitFor({ timeout });
}

/** The id of the tab that shows `page` (asked from an extension page, which may query tabs). */
export async function tabIdOf(control: Page, page: Page): Promise<number> {
  const url = page.url();
  const tabs = await control.evaluate(() =>
    (
      globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> } } }
    ).chrome.tabs.query({}),
  );
  const matches = tabs.filter((t) => t.url === url);
  if (matches.length !== 1 || matches[0]!.id === undefined)
    throw new Error(`Expected one tab showing ${url}, found ${JSON.stringify(tabs)}`);
  return matches[0]!.id;
}
