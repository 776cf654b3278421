// Talks to the extension's background the way its own pages do: chrome.runtime.sendMessage from
// an extension page (privileged tier, router.ts). Independent of any page's UI: the page only
// provides an extension-origin document to send from.
import type { Page } from 'playwright-core';
import type { Reply } from '../../../src/shared/messaging/protocol';
import type { ChromiumExtension } from './chromium';

interface ExtensionGlobals {
  chrome: {
    runtime: { sendMessage(message: unknown): Promise<unknown> };
    storage: { session: { clear(): Promise<void> } };
  };
}

/** Opens an extension page (default: options.html) in a new tab and waits for its DOM. */
export async function openExtensionPage(ext: ChromiumExtension, path = 'options.html'): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(ext.pageUrl(path), { waitUntil: 'domcontentloaded' });
  return page;
}

/** Sends one message from an extension page and returns the background's reply. */
export async function sendFromExtensionPage<T = unknown>(page: Page, message: unknown): Promise<Reply<T>> {
  const reply = await page.evaluate(
    (m) => (globalThis as unknown as ExtensionGlobals).chrome.runtime.sendMessage(m),
    message as Record<string, unknown>,
  );
  return reply as Reply<T>;
}

/** The data of an ok reply, or a thrown error that shows the refusal. */
export async function requestFromExtensionPage<T = unknown>(page: Page, message: unknown): Promise<T> {
  const reply = await sendFromExtensionPage<T>(page, message);
  if (!reply || reply.ok !== true) throw new Error(`${JSON.stringify(message)} was refused: ${JSON.stringify(reply)}`);
  return reply.data;
}

/**
 * Empties the extension's storage.session, which is what the browser does on restart (Chromium
 * keeps storage.session in memory only). Used to show "until the browser restarts" ends.
 */
export async function clearSessionStorage(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as ExtensionGlobals).chrome.storage.session.clear());
}
