// Counts the messages content scripts send to the extension's service worker, seen from the
// worker itself: an extra runtime.onMessage listener, added through Playwright's handle on the
// worker (CDP), that only records and never answers (it returns undefined, so the background's
// own listener still sends the reply). Content scripts run in isolated worlds, so a page-side
// init script could not see their messages; the receiving end can.
//
// The listener lives as long as this worker does: a stopped-and-restarted worker starts with
// none, and `read()` then fails loudly instead of reporting zero.
import type { Worker } from 'playwright-core';
import type { ChromiumExtension } from './chromium';

export interface ContentMessage {
  type: string;
  /** URLs carried (links.lookup: urls.length; link.hover / link.proceed: 1; else 0). */
  urls: number;
  /** The sending frame's URL (the page). */
  senderUrl: string;
}

export interface MessageCounter {
  /** Every message from a tab since install, in arrival order. */
  read(): Promise<ContentMessage[]>;
}

interface CounterGlobals {
  __llContentMessages?: ContentMessage[];
  chrome: {
    runtime: {
      onMessage: {
        addListener(cb: (message: unknown, sender: { tab?: { id?: number }; url?: string }) => undefined): void;
      };
    };
  };
}

const MAX_RECORDED = 20_000;

function currentWorker(ext: ChromiumExtension): Worker {
  const w = ext.context.serviceWorkers().find((x) => x.url().startsWith(`chrome-extension://${ext.extensionId}/`));
  if (!w) throw new Error('The extension has no running service worker to count messages in');
  return w;
}

export async function installMessageCounter(ext: ChromiumExtension): Promise<MessageCounter> {
  const worker = currentWorker(ext);
  await worker.evaluate((max) => {
    const g = globalThis as unknown as CounterGlobals;
    if (g.__llContentMessages) return;
    const log: ContentMessage[] = [];
    g.__llContentMessages = log;
    g.chrome.runtime.onMessage.addListener((message, sender) => {
      if (!sender.tab || log.length >= max) return undefined;
      const m = (message ?? {}) as { type?: unknown; urls?: unknown; url?: unknown };
      const urls = Array.isArray(m.urls) ? m.urls.length : typeof m.url === 'string' ? 1 : 0;
      log.push({ type: String(m.type), urls, senderUrl: String(sender.url ?? '') });
      return undefined; // never answers: the background's own listener does
    });
  }, MAX_RECORDED);
  return {
    read: async () => {
      const w = currentWorker(ext);
      const log = await w.evaluate(() => (globalThis as unknown as CounterGlobals).__llContentMessages ?? null);
      if (!log) throw new Error('The message counter is gone: the service worker restarted since it was installed');
      return log;
    },
  };
}
