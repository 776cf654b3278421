// Drives the options page by its visible labels, as a person would (docs/decisions/017-surfaces.md: "configure through
// the options page by its labels"). Shared by the options browser tests.
import type { Locator, Page } from 'playwright-core';
import type { ChromiumExtension } from './chromium';
import { openExtensionPage } from './extension-messages';

/** Opens options.html in a new tab (the first run also opens one by itself; this one is the test's). */
export async function openOptionsPage(ext: ChromiumExtension): Promise<Page> {
  const page = await openExtensionPage(ext, 'options.html');
  await page.getByLabel('Service URL', { exact: true }).waitFor();
  return page;
}

export async function reloadOptionsPage(page: Page): Promise<void> {
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByLabel('Service URL', { exact: true }).waitFor();
}

/** One section of the page by its anchor id: connection, keys, credits, account, … */
export const optionsSection = (page: Page, id: string): Locator => page.locator(`section#${id}`);

/** Fills "Service URL" and "API key" and presses Save; resolves once the page says "Saved.". */
export async function saveConnection(page: Page, serviceUrl: string, apiKey: string): Promise<void> {
  await page.getByLabel('Service URL', { exact: true }).fill(serviceUrl);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await optionsSection(page, 'connection').getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
}

/**
 * Fills the connection fields (not saved) and presses Test connection; returns the outcome's
 * text. An empty `apiKey` tests the stored key.
 */
export async function runTestConnection(page: Page, serviceUrl: string, apiKey: string): Promise<string> {
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
