/**
 * What this frame knows about its links, kept in our own memory only: the page's anchors are
 * never marked (no attributes, no expandos), so a hostile page cannot read or forge our state
 * (issue 4, "Hostile pages"). Element → URL is a WeakMap, so removed links can be collected;
 * URL → elements is pruned of disconnected elements whenever it is read.
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { replacesInfo, type AskState } from './freshness';

export interface UrlEntry extends AskState {
  anchors: Set<Element>;
  /** Sent in a `links.lookup` batch already (lookups are once per page life; updates are pushed). */
  lookedUp: boolean;
}

export interface TrackResult {
  entry: UrlEntry;
  /** First element seen with this URL: the URL needs a lookup. */
  isNewUrl: boolean;
  /** The element pointed elsewhere before (its href changed). */
  previousUrl: string | null;
}

/** Bound on distinct URLs per frame (infinite scroll): beyond it new URLs are not tracked. */
export const MAX_TRACKED_URLS = 50_000;

export class LinkStore {
  private readonly byEl = new WeakMap<Element, string>();
  private readonly byUrl = new Map<string, UrlEntry>();

  constructor(private readonly maxUrls = MAX_TRACKED_URLS) {}

  get size(): number {
    return this.byUrl.size;
  }

  /** Records that `el` points to `url`; null when the store is full and `url` is new. */
  track(el: Element, url: string): TrackResult | null {
    const before = this.byEl.get(el) ?? null;
    const same = before === url ? this.byUrl.get(url) : undefined;
    if (same) return { entry: same, isNewUrl: false, previousUrl: null };
    let entry = this.byUrl.get(url);
    const isNewUrl = entry === undefined;
    if (!entry) {
      if (this.byUrl.size >= this.maxUrls) return null;
      entry = { anchors: new Set(), lookedUp: false };
      this.byUrl.set(url, entry);
    }
    if (before !== null) this.byUrl.get(before)?.anchors.delete(el);
    entry.anchors.add(el);
    this.byEl.set(el, url);
    return { entry, isNewUrl, previousUrl: before };
  }

  /** The element no longer points to an http(s) URL. Returns the URL it had. */
  untrack(el: Element): string | null {
    const before = this.byEl.get(el) ?? null;
    if (before !== null) {
      this.byUrl.get(before)?.anchors.delete(el);
      this.byEl.delete(el);
    }
    return before;
  }

  urlOf(el: Element): string | null {
    return this.byEl.get(el) ?? null;
  }

  entry(url: string): UrlEntry | undefined {
    return this.byUrl.get(url);
  }

  /** Connected elements pointing to `url` (disconnected ones are dropped on the way). */
  anchors(url: string): Element[] {
    const entry = this.byUrl.get(url);
    if (!entry) return [];
    const out: Element[] = [];
    for (const el of entry.anchors) {
      if (el.isConnected && this.byEl.get(el) === url) out.push(el);
      else entry.anchors.delete(el);
    }
    return out;
  }

  /** Records what the background said; false when it was ignored (see `replacesInfo`). */
  setInfo(url: string, info: LinkInfo, now: number): boolean {
    const entry = this.byUrl.get(url);
    if (!entry || !replacesInfo(entry.info, info)) return false;
    entry.info = info;
    entry.infoAt = now;
    return true;
  }

  markAsked(url: string, now: number): void {
    const entry = this.byUrl.get(url);
    if (entry) entry.askedAt = now;
  }

  urls(): IterableIterator<string> {
    return this.byUrl.keys();
  }

  clear(): void {
    this.byUrl.clear();
  }
}
