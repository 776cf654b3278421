/**
 * Fake senders of runtime messages, as the browser stamps them. The background takes a sender's
 * window from its tab's `incognito` flag (src/shared/window-kind.ts) and counts a tab without
 * the flag as private, so every fake here says which window it is in: a normal one unless the
 * test asks for a private one. A test about the missing flag builds that sender itself.
 */
import type { SenderLike } from '@/src/background/router';

/** The extension as fakeBrowser's runtime reports it; our own pages are at this origin. */
export const EXTENSION_ID = 'test-extension-id';
export const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;

/** One of our own pages outside a tab (the options page as the popup would be): no window to tell. */
export const pageSender: SenderLike = {
  id: EXTENSION_ID,
  url: `${EXTENSION_ORIGIN}/options.html`,
  origin: EXTENSION_ORIGIN,
};

export interface ContentSenderOptions {
  /** The sending document's URL (the frame's own); the tab's too unless `tabUrl` says otherwise. */
  url?: string;
  tabUrl?: string;
  frameId?: number;
  documentId?: string;
  /** The window the browser says the tab is in. */
  incognito?: boolean;
}

/** A content script in a frame of a web page's tab: the page's own code may be the one speaking. */
export function contentSender(tabId: number, o: ContentSenderOptions = {}): SenderLike {
  const url = o.url ?? 'https://evil.example/';
  return {
    id: EXTENSION_ID,
    url,
    origin: new URL(url).origin,
    tab: { id: tabId, incognito: o.incognito ?? false, url: o.tabUrl ?? url },
    frameId: o.frameId ?? 0,
    ...(o.documentId ? { documentId: o.documentId } : {}),
  };
}

/** One of our own pages (`page`: its file) open in a tab of a normal window, unless `incognito`. */
export function pageInTab(tabId: number, page = 'options.html', incognito = false): SenderLike {
  const url = `${EXTENSION_ORIGIN}/${page}`;
  return { id: EXTENSION_ID, url, origin: EXTENSION_ORIGIN, tab: { id: tabId, incognito, url } };
}
