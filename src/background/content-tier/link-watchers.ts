/**
 * Which frames asked about which links, so a verdict that arrives later is pushed to exactly
 * those frames (tabs.sendMessage with frameId, and documentId where the browser reports it:
 * a frame that navigated meanwhile holds another document and gets nothing), under the exact
 * string each sent (it maps back by that string). docs/decisions/001-content-tier.md: pushes went to every frame.
 * Memory only: after the worker's death the content script simply asks again.
 */

/** A document in a frame of a tab: who asked. */
export interface FrameRef {
  tabId: number;
  frameId: number;
  /** Chromium ≥ 106 and recent Firefox report it on the sender; absent elsewhere. */
  documentId?: string;
}

export interface Watcher {
  frame: FrameRef;
  raws: Set<string>;
  /**
   * The raws among `raws` whose check this frame's own hover started: they also learn the scan's
   * steps while it runs (docs/decisions/017-surfaces.md, link-info.ts `forHover`).
   */
  hovered: Set<string>;
}

export interface LinkWatchers {
  /** `hovered`: the frame's hover started the check (it may follow the scan's steps). */
  watch(url: string, frame: FrameRef, raw: string, hovered?: boolean): void;
  /** The frames waiting for `url`, forgotten as they are returned. */
  take(url: string): Watcher[];
  /** The frames waiting for `url` that hovered one of its links (kept: the verdict is still to come). */
  hoverers(url: string): Watcher[];
  /** A tab closed: nothing more is pushed to it. */
  forgetTab(tabId: number): void;
}

export const frameKey = (f: FrameRef) => `${f.tabId}:${f.frameId}:${f.documentId ?? ''}`;

export function createLinkWatchers(cap = 20_000): LinkWatchers {
  const m = new Map<string, Map<string, Watcher>>();
  return {
    watch(url, frame, raw, hovered = false) {
      if (m.size >= cap && !m.has(url)) m.delete(m.keys().next().value as string);
      let frames = m.get(url);
      if (!frames) m.set(url, (frames = new Map()));
      const key = frameKey(frame);
      let w = frames.get(key);
      if (!w) frames.set(key, (w = { frame: { ...frame }, raws: new Set(), hovered: new Set() }));
      w.raws.add(raw);
      if (hovered) w.hovered.add(raw);
    },
    hoverers: (url) => [...(m.get(url)?.values() ?? [])].filter((w) => w.hovered.size > 0),
    take(url) {
      const frames = m.get(url);
      m.delete(url);
      return frames ? [...frames.values()] : [];
    },
    forgetTab(tabId) {
      for (const [url, frames] of m) {
        for (const [key, w] of frames) if (w.frame.tabId === tabId) frames.delete(key);
        if (frames.size === 0) m.delete(url);
      }
    },
  };
}
