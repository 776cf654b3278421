/**
 * Content script entry (issue 4): builds the app with the real browser and a lifetime that
 * follows the extension (lifetime.ts). Runs in every frame (entrypoints/content-script.ts and the
 * manifest's content_scripts: all frames), each frame with its own overlay.
 *
 * Load-time work stays at registering listeners (issue 16): nothing here touches the extension
 * API or walks the page; discovery waits for idle time, the overlay for the first warning.
 */
import { createContentApp } from './app';
import { createLifetime } from './lifetime';
import { openUrl } from './open-intent';
import { browserPlatform } from './platform';

/** Discovery starts within this long after load even on a page that never goes idle. */
const IDLE_TIMEOUT_MS = 500;

export function startContent(): void {
  const ctx = createLifetime({ extensionAlive: browserPlatform.alive, win: window });
  let isTop = true;
  try {
    isTop = window.top === window;
  } catch {
    isTop = false;
  }
  const app = createContentApp({
    ctx,
    win: window,
    doc: document,
    send: browserPlatform.send,
    now: () => Date.now(),
    navigate: (url, intent) => openUrl(window, url, intent),
    idle: (cb) => void ctx.requestIdleCallback(cb, { timeout: IDLE_TIMEOUT_MS }),
    isTop,
  });
  app.start();
}
