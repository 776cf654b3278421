/**
 * `npm run screenshots`: the README's pictures, made the way `npm start` runs Linklens — the built
 * Chrome extension in headless Chromium against the bundled local scanning service and demo
 * page. Writes docs/screenshots/<tooltip|popup|blocked|options>-<light|dark>.png (viewport
 * captures at 1x, so each stays small). Every capture waits for what it shows (the verdict, the
 * tooltip, the blocked page's actions), never for a fixed time.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { ensureBuilt } from './lib/build.mjs';
import { ensureBrowser } from './lib/browsers.mjs';
import { launchChromium, startPageServer, type ChromiumExtension } from '../test/e2e/harness';
import { readOverlay } from '../test/e2e/harness/overlay-dom';
import { waitFor } from '../test/e2e/harness/wait-for';
import { startService } from '../test/service/server';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'docs', 'screenshots');
const THEMES = ['light', 'dark'] as const;

/** Both themes of what `page` shows now (prefers-color-scheme drives the pages' colours). */
async function capture(
  page: Page,
  name: string,
  clip?: { x: number; y: number; width: number; height: number },
): Promise<string[]> {
  const files: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    // One frame for the new colours to apply before the capture.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    const path = join(OUT, `${name}-${theme}.png`);
    await page.screenshot({ path, animations: 'disabled', ...(clip ? { clip } : {}) });
    files.push(path);
  }
  return files;
}

/** Asks the background through an extension page (the privileged tier). */
function send<T>(page: Page, message: unknown): Promise<T> {
  return page.evaluate(async (m) => {
    const api = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
      .chrome;
    return (await api.runtime.sendMessage(m)) as never;
  }, message) as Promise<T>;
}

async function main(): Promise<void> {
  const extensionDir = ensureBuilt(ROOT, 'chromium');
  process.env.CHROME_PATH ??= ensureBrowser('chromium');
  const service = await startService({ port: 0, processingDelayMs: 300 });
  const pages = await startPageServer();
  let ext: ChromiumExtension | null = null;
  try {
    ext = await launchChromium({ extensionDir, headless: true });
    await mkdir(OUT, { recursive: true });
    const files: string[] = [];

    const control = await ext.context.newPage();
    await control.goto(ext.popupUrl);
    await send(control, { type: 'settings.set', patch: { serviceUrl: service.baseUrl, apiKey: service.demoKey } });
    await send(control, { type: 'credits.get' });

    // The tooltip over a malicious link of the demo page.
    const demo = await ext.context.newPage();
    await demo.setViewportSize({ width: 820, height: 520 });
    await demo.goto(pages.url('demo.test', '/demo'));
    const malware = demo.getByRole('link', { name: 'Malware download' });
    const href = (await malware.getAttribute('href')) ?? '';
    await waitFor(
      'the verdict on the link',
      () => send<{ ok: boolean; data?: { kind: string } }>(control, { type: 'scan.url', url: href, reason: 'hover' }),
      (r) => r.ok && r.data?.kind === 'verdict',
      30_000,
      250,
    );
    await demo.mouse.move(1, 1);
    await malware.hover();
    await waitFor(
      'the tooltip',
      () => readOverlay(demo),
      (o) => o.tooltip !== null,
      15_000,
    );
    files.push(...(await capture(demo, 'tooltip')));

    // The popup for that tab, opened as a page (headless Chromium has no toolbar).
    const tabId = await control.evaluate(async () => {
      const api = (
        globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id: number; url: string }[]> } } }
      ).chrome;
      return (await api.tabs.query({})).find((t) => t.url.includes('demo.test'))?.id ?? null;
    });
    const popup = await ext.context.newPage();
    await popup.setViewportSize({ width: 380, height: 560 });
    await popup.goto(`${ext.popupUrl}?tabId=${tabId}`);
    await popup.locator('.verdict').waitFor({ timeout: 15_000 });
    await popup.locator('.credits').waitFor();
    files.push(...(await capture(popup, 'popup')));

    // A phishing link followed: the blocked page.
    await demo.setViewportSize({ width: 820, height: 640 });
    await demo.mouse.move(1, 1);
    await demo.getByRole('link', { name: 'Phishing bank login' }).click();
    await demo.waitForURL(/blocked\.html/, { timeout: 20_000 });
    await demo.locator('.blocked-actions').waitFor({ timeout: 15_000 });
    files.push(...(await capture(demo, 'blocked')));

    // The options page at Protection, beside its side navigation.
    const options = await ext.context.newPage();
    await options.setViewportSize({ width: 980, height: 640 });
    await options.goto(`${ext.optionsUrl}#protection`);
    await options
      .locator('[data-group="protection"]:not([hidden]) section#protection input')
      .first()
      .waitFor({ timeout: 15_000 });
    files.push(...(await capture(options, 'options')));

    console.log(`Screenshots written:\n${files.map((f) => `  ${f}`).join('\n')}`);
  } finally {
    await ext?.close();
    await pages.stop();
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
