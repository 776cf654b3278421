/**
 * Content script entry (issue 4): builds the app with the real browser and WXT's context.
 * Runs in every frame (entrypoints/content.ts: allFrames), each frame with its own overlay.
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { sendFromContent } from '@/src/shared/messaging/send';
import { createContentApp } from './app';
import { openUrl } from './open-intent';

export function startContent(ctx: ContentScriptContext): void {
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
    yieldToPage:
      typeof requestIdleCallback === 'function'
        ? (cb) => void ctx.requestIdleCallback(() => cb(), { timeout: 200 })
        : (cb) => void ctx.setTimeout(cb, 0),
    isTop,
  });
  app.start();
}
