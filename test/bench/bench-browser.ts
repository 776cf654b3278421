// Browsers for the benchmarks: Chromium with the built extension (configured against a local
// service from one of its own pages, like the e2e tests), and the same Chromium without it.
import { rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { extensionDir, launchChromium, type ChromiumExtension } from '../e2e/harness';
import { CHROMIUM_SWITCHES, HOST_MAP_SWITCH } from '../e2e/harness/chromium';
import { openExtensionPage, requestFromExtensionPage } from '../e2e/harness/extension-messages';
import { findBrowser } from '../../scripts/lib/browsers.mjs';
import type { ScanningService } from '../service/server';

export interface BenchExtension {
  ext: ChromiumExtension;
  /** An extension page (popup.html) used as the privileged sender and as an in-browser clock. */
  control: Page;
  close(): Promise<void>;
}

let snapshot: Promise<string> | null = null;

/**
 * A private copy of .output/chrome-mv3 for this run: other people rebuild the shared output while
 * a benchmark runs, and a browser whose extension files vanish mid-run measures nothing. The
 * manifest's fixed key keeps the extension id the same wherever the copy lives.
 */
export function extensionSnapshot(): Promise<string> {
  snapshot ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linklens-bench-ext-'));
    await cp(extensionDir('chromium'), dir, { recursive: true });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })();
  return snapshot;
}

/** Launches Chromium with the extension and points it at `svc` (settings.set from an extension page). */
export async function launchWithExtension(
  svc: ScanningService,
  patch: Record<string, unknown> = {},
  args: string[] = [],
): Promise<BenchExtension> {
  const ext = await launchChromium({ extensionDir: await extensionSnapshot(), args });
  // popup.html: on install the background opens the first-run page by itself, in a tab of its own.
  const control = await openExtensionPage(ext, 'popup.html');
  await requestFromExtensionPage(control, {
    type: 'settings.set',
    patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey, ...patch },
  });
  // The options tab the background opened at install is not part of any measurement.
  for (const p of ext.context.pages())
    if (p !== control && p.url().includes('options.html')) await p.close().catch(() => undefined);
  return { ext, control, close: () => ext.close() };
}

/** The same Chromium with the same switches, minus the extension (the "without" side of a comparison). */
export async function launchPlain(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const executablePath = findBrowser('chromium');
  if (!executablePath) throw new Error('Chromium not found (set CHROME_PATH).');
  const userDataDir = await mkdtemp(join(tmpdir(), 'linklens-bench-plain-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_SWITCHES, HOST_MAP_SWITCH],
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
