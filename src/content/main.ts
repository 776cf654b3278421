/**
 * Content script entry (docs/decisions/013-content-script.md): builds the app with the real browser and a lifetime that
 * follows the extension (lifetime.ts). Runs in every frame (the manifest's content_scripts: all
 * frames), each frame with its own overlay.
 *
 * Load-time work is a few listeners (docs/decisions/009-bundle-weight.md, docs/decisions/013-content-script.md): nothing here touches the extension API or
 * the page until the person first comes to the frame (visit.ts); then discovery waits for idle
 * time, and the overlay for the first warning.
 */
import { createContentApp } from './app';
import { createLifetime } from './lifetime';
import { openUrl } from './open-intent';
import { browserPlatform } from './platform';
import { onFirstVisit } from './visit';

/** Discovery starts within this long after load even on a page that never goes idle. */
const IDLE_TIMEOUT_MS = 500;

export function startContent(): void {
  // Every frame sets itself up when the person first comes into it (visit.ts says why).
  onFirstVisit(window, (first) => browserPlatform.alive() && start(first));
}

function start(first: Event): void {
  const ctx = createLifetime({ extensionAlive: browserPlatform.alive, win: window });
  const app = createContentApp({
    ctx,
    win: window,
    doc: document,
    send: browserPlatform.send,
    now: () => Date.now(),
    navigate: (url, intent) => openUrl(window, url, intent),
    idle: (cb) => void ctx.requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS }),
  });
  app.start(first);
}
