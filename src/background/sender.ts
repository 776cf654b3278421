/**
 * Who sent a runtime message, and the questions the router and the handlers ask about it. Its
 * own module so the router and the handlers it dispatches to both import it without importing
 * each other (no import cycles: eslint import-x/no-cycle).
 */

export interface SenderLike {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number; incognito?: boolean; url?: string };
  frameId?: number;
  /** Chromium ≥ 106: the sending document (a frame's next document gets a new one). */
  documentId?: string;
}

/** scheme://host of a URL. (URL.origin is "null" for chrome-extension: outside browsers.) */
export function originOf(u: string | undefined): string | null {
  if (!u) return null;
  try {
    const p = new URL(u);
    return p.host ? `${p.protocol}//${p.host}` : null;
  } catch {
    return null;
  }
}

/** True only for documents of our own extension origin. */
export function isExtensionPage(sender: SenderLike, extensionOrigin: string, runtimeId: string): boolean {
  if (sender.id !== runtimeId) return false;
  const fromUrl = originOf(sender.url);
  if (fromUrl !== extensionOrigin) return false;
  // Chromium also reports sender.origin, set by the browser process: it must agree when present.
  if (sender.origin !== undefined && sender.origin !== extensionOrigin) return false;
  return true;
}
