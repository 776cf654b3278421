/**
 * `links.collect`: the page's http(s) link URLs for the popup's "check every link on this page".
 * Deduplicated, in document order, capped (the background batches them further). Covers the
 * document, the open shadow roots discovery has found, and same-origin child frames that our
 * script could read (cross-origin frames are out of reach of the top frame by design).
 */
import { MAX_BATCH } from '@/src/shared/messaging/limits';
import { LINK_SELECTOR, linkUrlOf } from './link-url';

export const MAX_COLLECT = MAX_BATCH * 4;

export function collectLinks(doc: Document, shadowRoots: Iterable<ShadowRoot>, cap = MAX_COLLECT): string[] {
  const seen = new Set<string>();
  const add = (root: Document | ShadowRoot): boolean => {
    for (const el of root.querySelectorAll(LINK_SELECTOR)) {
      const url = linkUrlOf(el);
      if (url) seen.add(url);
      if (seen.size >= cap) return false;
    }
    return true;
  };
  if (!add(doc)) return [...seen];
  for (const root of shadowRoots) if (root.isConnected && !add(root)) return [...seen];
  for (const frame of doc.querySelectorAll('iframe,frame')) {
    const inner = (frame as HTMLIFrameElement).contentDocument; // null when cross-origin (HTML: never throws)
    if (inner && !add(inner)) break;
  }
  return [...seen];
}
