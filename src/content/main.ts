/**
 * Content script entry (issue 4): builds the app with the real browser and a lifetime that follows
 * the extension (lifetime.ts), not WXT's page-forgeable invalidation.
 * Runs in every frame (entrypoints/content.ts: allFrames), each frame with its own overlay.
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { browser } from 'wxt/browser';
import { sendFromContent } from '@/src/shared/messaging/send';
import { createContentApp } from './app';
import { createLifetime } from './lifetime';
import { openUrl } from './open-intent';

function extensionAlive(): boolean {
  try {
    return browser.runtime?.id != null;
  } catch {
    return false;
  }
}

export function startContent(wxtCtx: ContentScriptContext): void {
  // Our own lifetime, not WXT's: a page can forge WXT's "newer script started" event (lifetime.ts).
  const ctx = createLifetime({ wxt: wxtCtx, extensionAlive, win: window });
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
    send: sendFromContent,
    now: () => Date.now(),
    navigate: (url, intent) => openUrl(window, url, intent),
    // Idle callbacks keep discovery out of the page's busy moments; the timeout bounds the wait.
    yieldToPage: (cb) => void ctx.requestIdleCallback(cb, { timeout: 200 }),
    isTop,
  });
  app.start();
}
