// Drives the options page by its visible labels, as a person would (docs/decisions/017-surfaces.md: "configure through
// the options page by its labels"). Shared by the options browser tests.
import type { Locator, Page } from 'playwright-core';
import type { ChromiumExtension } from './chromium';
import { openExtensionPage } from './extension-messages';

/** Opens options.html in a new tab (the first run also opens a page by itself; this one is the test's). */
export async function openOptionsPage(ext: ChromiumExtension): Promise<Page> {
  const page = await openExtensionPage(ext, 'options.html');
  await page.getByLabel('Service URL', { exact: true }).waitFor();
  return page;
}

/** Reloads the page; it comes back at the group its address names (the fragment stays). */
export async function reloadOptionsPage(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.locator('section#connection input').first().waitFor({ state: 'attached' });
}

/** The groups of the side navigation, in its order (src/ui/options/option-groups.ts). */
export const OPTIONS_GROUPS = [
  'connection',
  'protection',
  'privacy',
  'lists',
  'activity',
  'account',
  'advanced',
] as const;
export type OptionsGroup = (typeof OPTIONS_GROUPS)[number];

/** Anything that runs a function in the page: a Playwright page or a journey page of either browser. */
interface PageLike {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

/**
 * Shows one group of the options page, as its side-navigation link does (the fragment), and
 * resolves once the group is displayed. The page shows one group at a time: fields of the
 * others are in the document but hidden, so a test that types or clicks there opens the group
 * first. Waits for the page's own change (a DOM mutation), not for time.
 */
export async function showOptionsGroup(page: PageLike, group: OptionsGroup): Promise<void> {
  await page.evaluate((g) => void (location.hash !== `#${g}` && (location.hash = g)), group);
  await waitForOptionsGroup(page, group);
}

/** Resolves once the options page displays `group` (and no other), on the page's own DOM change. */
export async function waitForOptionsGroup(page: PageLike, group: OptionsGroup): Promise<void> {
  await page.evaluate(
    (g) =>
      new Promise<void>((resolve) => {
        const shown = () => {
          const groups = [...document.querySelectorAll<HTMLElement>('[data-group]')];
          return (
            groups.some((el) => el.dataset.group === g && !el.hidden) &&
            groups.every((el) => el.dataset.group === g || el.hidden)
          );
        };
        if (shown()) return resolve();
        const watch = new MutationObserver(() => {
          if (!shown()) return;
          watch.disconnect();
          resolve();
        });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
      }),
    group,
  );
}

/** One section of the page by its anchor id: connection, keys, credits, account, … */
export const optionsSection = (page: Page, id: string): Locator => page.locator(`section#${id}`);

/** Opens Connection, fills "Service URL" and "API key" and presses Save; resolves once the page says "Saved.". */
export async function saveConnection(page: Page, serviceUrl: string, apiKey: string): Promise<void> {
  await showOptionsGroup(page, 'connection');
  await page.getByLabel('Service URL', { exact: true }).fill(serviceUrl);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await optionsSection(page, 'connection').getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
}

/**
 * Opens Connection, fills the connection fields (not saved) and presses Test connection; returns the outcome's
 * text. An empty `apiKey` tests the stored key.
 */
export async function runTestConnection(page: Page, serviceUrl: string, apiKey: string): Promise<string> {
  await showOptionsGroup(page, 'connection');
  await page.getByLabel('Service URL', { exact: true }).fill(serviceUrl);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  const outcome = optionsSection(page, 'connection').locator('.notice').filter({ hasNotText: 'Saved.' });
  // The page removes a previous outcome when a test starts: wait for it to go, then for the new one.
  const previous = (await outcome.count()) > 0 ? await outcome.first().elementHandle() : null;
  await page.getByRole('button', { name: 'Test connection' }).click();
  await previous?.waitForElementState('hidden', { timeout: 60_000 });
  await outcome.first().waitFor({ timeout: 60_000 });
  return (await outcome.first().innerText()).trim();
}
