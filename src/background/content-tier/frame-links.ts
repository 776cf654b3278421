/**
 * The links each document has reported (through its own links.lookup and link.hover), so the
 * background answers a frame only about links of that frame's document (docs/decisions/001-content-tier.md), and
 * a bounded number of them: a document cannot sweep a list of 100,000 URLs through the cache.
 *
 * What this can and cannot do: the document is the page's, so a hostile page can put any URL
 * in a link of its own, and a compromised content script can report anything. The bound is
 * the count per document; the real protection is what the answer holds (link-info.ts
 * `forContent`: warn/block-level verdicts only, no timestamps). Memory only.
 */
import { frameKey, type FrameRef } from './link-watchers';

/** Links one document may ask about. The content e2e page has 5,000; real pages far fewer. */
export const MAX_LINKS_PER_DOCUMENT = 10_000;
/** Documents remembered at once (oldest forgotten first). */
const MAX_DOCUMENTS = 500;
/**
 * Characters of URLs remembered at once, all documents together (~16 MB): a page with many
 * frames, each reporting its 10,000 links of 8 KB, must not fill the worker. Past it the oldest
 * documents are forgotten (their frames then learn nothing until they report their links again).
 */
export const MAX_TOTAL_CHARS = 8_000_000;

export interface FrameLinks {
  /**
   * Records `url` as a link of the frame's document. False when it is a new URL and the
   * document already reported MAX_LINKS_PER_DOCUMENT links: then the frame learns nothing of it.
   */
  note(frame: FrameRef, url: string): boolean;
  has(frame: FrameRef, url: string): boolean;
  /**
   * A frame committed a new document (webNavigation.onCommitted): its links start afresh; for
   * the top frame (0) the whole tab's, as its subframes belonged to the page it left (script-made
   * frames never report a commit of their own).
   */
  forgetFrame(tabId: number, frameId: number): void;
  forgetTab(tabId: number): void;
}

export function createFrameLinks(
  perDocument = MAX_LINKS_PER_DOCUMENT,
  documents = MAX_DOCUMENTS,
  totalChars = MAX_TOTAL_CHARS,
): FrameLinks {
  const docs = new Map<string, { frame: FrameRef; urls: Set<string>; chars: number }>();
  let total = 0;
  const forget = (k: string) => {
    total -= docs.get(k)?.chars ?? 0;
    docs.delete(k);
  };
  const drop = (pred: (f: FrameRef) => boolean) => {
    for (const [k, d] of docs) if (pred(d.frame)) forget(k);
  };
  return {
    note(frame, url) {
      const key = frameKey(frame);
      let d = docs.get(key);
      if (!d) {
        if (docs.size >= documents) forget(docs.keys().next().value as string);
        docs.set(key, (d = { frame: { ...frame }, urls: new Set(), chars: 0 }));
      }
      if (d.urls.has(url)) return true;
      // One document alone may hold a quarter of the total: the rest stays for the others.
      if (d.urls.size >= perDocument || d.chars + url.length > totalChars / 4) return false;
      d.urls.add(url);
      d.chars += url.length;
      total += url.length;
      for (const k of docs.keys()) {
        if (total <= totalChars) break;
        if (k !== key) forget(k);
      }
      return true;
    },
    has: (frame, url) => docs.get(frameKey(frame))?.urls.has(url) ?? false,
    forgetFrame: (tabId, frameId) => drop((f) => f.tabId === tabId && (frameId === 0 || f.frameId === frameId)),
    forgetTab: (tabId) => drop((f) => f.tabId === tabId),
  };
}
