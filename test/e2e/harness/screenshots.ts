// Screenshots of extension pages in the light and the dark theme (docs/decisions/017-surfaces.md:
// "screenshots of each page in light and dark written to a folder the tests name"). The theme is
// chosen by prefers-color-scheme, which Playwright emulates per page.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './paths';

/** Where the screenshots go: <repo>/test-results/screenshots/<name>-<light|dark>.png */
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'screenshots');

export type Theme = 'light' | 'dark';

/**
 * Writes `<name>-light.png` and `<name>-dark.png` (full page) and returns their paths. The page's
 * colour scheme is left as the browser's default afterwards.
 */
export async function screenshotThemes(page: Page, name: string): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const paths: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    // One frame for the new custom properties to apply before the capture.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    const path = join(SCREENSHOT_DIR, `${name}-${theme}.png`);
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    paths.push(path);
  }
  await page.emulateMedia({ colorScheme: null, reducedMotion: null });
  return paths;
}

/** The background colour and text colour of <body> in a theme (a cheap "did dark apply" check). */
export async function bodyColours(page: Page, theme: Theme): Promise<{ background: string; color: string }> {
  await page.emulateMedia({ colorScheme: theme });
  const colours = await page.evaluate(() => {
    const s = getComputedStyle(document.body);
    return { background: s.backgroundColor, color: s.color };
  });
  await page.emulateMedia({ colorScheme: null });
  return colours;
}
