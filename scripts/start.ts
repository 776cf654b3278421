/**
 * `npm start` (tsx scripts/start.ts [--once] [--no-browser]): the demo of Linklens' main job.
 * Builds the Chrome extension, starts the local scanning service, then (scripts/demo.ts) opens
 * Chromium with the extension, configures it through the options page as a person would, and
 * shows a hover warning, the popup's verdict and a blocked navigation.
 * With a display ($DISPLAY) the window stays open until Ctrl-C. Without one it runs headless,
 * writes screenshots to the folder it prints, and exits. --no-browser only prints the base URL,
 * demo key and extension folder for loading it by hand.
 */
import { ensureBuilt } from './lib/build.mjs';
import { startService, type ScanningService } from '../test/service/server';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ensureBrowser } from './lib/browsers.mjs';
import { runDemo } from './demo';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Same default port as `npm run service`, so a configured extension keeps working across runs. */
const PORT = 8787;

function wantsToExitAfterPrinting(): boolean {
  return process.argv.includes('--once') || Boolean(process.env.CI) || !process.stdin.isTTY;
}

async function startOnFreePort(): Promise<ScanningService> {
  try {
    return await startService({ port: PORT });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.log(`Port ${PORT} is busy; using a free port instead.`);
    return startService({ port: 0 });
  }
}

async function main(): Promise<void> {
  const extensionDir = ensureBuilt(ROOT, 'chromium');
  const service = await startOnFreePort();

  // Printed on purpose: a throwaway key of a local test server, needed to configure the extension.
  console.log('');
  console.log('Linklens is built and its local scanning service is running.');
  console.log(`  Service base URL:     ${service.baseUrl}`);
  console.log(`  Demo API key:         ${service.demoKey}`);
  console.log(`  Unpacked extension:   ${extensionDir}`);
  console.log('');
  console.log('Load the extension: chrome://extensions → Developer mode → "Load unpacked" → the folder above;');
  console.log('then enter the base URL and the demo key on the Linklens options page.');

  if (process.argv.includes('--no-browser')) {
    if (wantsToExitAfterPrinting()) return void (await service.stop());
    return keepRunning(async () => service.stop());
  }

  const headless = !process.env.DISPLAY || process.argv.includes('--headless');
  const outDir = join(ROOT, 'test-results', 'demo');
  // On a fresh machine: Debian's chromium (installed when missing and possible), never a download.
  process.env.CHROME_PATH ??= ensureBrowser('chromium');
  console.log('');
  console.log(headless ? 'No display: running the demo headless.' : 'Opening Chromium with Linklens…');
  const demo = await runDemo({ extensionDir, service, headless, outDir, log: (l) => console.log(l) });
  if (headless) {
    await demo.close();
    await service.stop();
    console.log('Demo finished.');
    return;
  }
  keepRunning(async () => {
    await demo.close();
    await service.stop();
  });
}

function keepRunning(stop: () => Promise<void>): void {
  console.log('Press Ctrl-C to stop.');
  const shutdown = () => void stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
