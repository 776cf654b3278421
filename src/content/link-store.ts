/**
 * What this frame knows about link URLs, kept in our own memory only: the page's anchors are
 * never marked (no attributes, no expandos), so a hostile page cannot read or forge our state
 * (docs/decisions/013-content-script.md).
 *
 * Small on purpose (docs/decisions/013-content-script.md: memory must not grow with the page): the URLs already looked up
 * are a set of hashes (url-set.ts), and an entry exists only for a URL the background said
 * something about other than "unknown", or that a hover asked about. Which elements point to a
 * URL is not stored: the few times it is needed (a warning arrives) the page is asked
 * (app.ts `anchorsOf`), and flagged elements are held by their markers.
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { replacesInfo, type AskState } from './freshness';
import { MAX_TRACKED, UrlSet } from './url-set';

export type UrlEntry = AskState;

export class LinkStore {
  /** URLs sent in a `links.lookup` (once per page life; updates are pushed). */
  readonly lookedUp: UrlSet;
  readonly #byUrl = new Map<string, UrlEntry>();

  readonly #maxUrls: number;

  constructor(maxUrls = MAX_TRACKED) {
    this.#maxUrls = maxUrls;
    this.lookedUp = new UrlSet(maxUrls);
  }

  /** URLs with an entry. */
  get size(): number {
    return this.#byUrl.size;
  }

  entry(url: string): UrlEntry | undefined {
    return this.#byUrl.get(url);
  }

  info(url: string): LinkInfo | undefined {
    return this.#byUrl.get(url)?.info;
  }

  /**
   * Records what the background said; false when it was ignored (see `replacesInfo`; and an
   * 'unknown' for a URL we hold nothing about is not worth an entry).
   */
  setInfo(url: string, info: LinkInfo, now: number): boolean {
    const entry = info.status === 'unknown' ? this.#byUrl.get(url) : this.#entryFor(url);
    if (!entry || !replacesInfo(entry.info, info)) return false;
    entry.info = info;
    entry.infoAt = now;
    return true;
  }

  /** A hover asked about `url` now; false when the store is full. */
  markAsked(url: string, now: number): boolean {
    const entry = this.#entryFor(url);
    if (entry) entry.askedAt = now;
    return entry !== undefined;
  }

  /** The entry of `url`, made if there is room. */
  #entryFor(url: string): UrlEntry | undefined {
    let entry = this.#byUrl.get(url);
    if (!entry && this.#byUrl.size < this.#maxUrls) this.#byUrl.set(url, (entry = {}));
    return entry;
  }

  clear(): void {
    this.#byUrl.clear();
    this.lookedUp.clear();
  }
}
