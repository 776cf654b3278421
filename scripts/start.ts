/**
 * `npm start` (tsx scripts/start.ts [--once]): builds the Chrome extension, starts the local
 * scanning service and prints what a person needs to try Linklens: the service's base URL, a
 * demo key and the unpacked extension to load. Runs until Ctrl-C; with --once, or in CI / without
 * a terminal, exits after printing. (Issue 6 turns this into the full browser demo.)
 */
import { ensureBuilt } from './lib/build.mjs';
import { startService, type ScanningService } from '../test/service/server';
import { fileURLToPath } from 'node:url';

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

  if (wantsToExitAfterPrinting()) {
    await service.stop();
    return;
  }
  console.log('Press Ctrl-C to stop.');
  const shutdown = () => void service.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
