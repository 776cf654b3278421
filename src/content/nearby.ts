/**
 * Which of the discovered links are looked up now: the ones on the screen or near it. The rest
 * wait until they come near (scrolling, resizing, the page's layout changing) or until the pointer
 * or keyboard focus reaches them (app.ts `reached`), whichever is first.
 *
 * Why (docs/decisions/013-content-script.md): reading a link's URL, sending it and reading the background's answer cost
 * ~15 µs per link, 10–15 ms on an 800-link article, at every load, for links that are mostly
 * never seen. A marker only helps where the person can see it, and a link is always near the
 * screen before anyone clicks it.
 *
 * Near = intersecting the viewport grown by one screen above and two below (IntersectionObserver
 * rootMargin `100% 0px 200%`), so a link gets its lookup before it scrolls into view. The
 * browser computes this while it lays the page out anyway; reading each link's box from script
 * instead made the browser lay out the whole page inside our script whenever the page had just
 * changed (measured: 4–10 ms per load on the corpus articles). A link that comes near is looked
 * up and no longer observed; a tab in the background lays nothing out, its links wait until shown.
 *
 * Every rendering update with a layout change recomputes intersections for every observed link
 * (BENCHMARKS.md "Content-script cost" found ~290 ms on a 5,000-link page when links stayed observed through their
 * lookups). So at most MAX_OBSERVED links are observed at a time; removed links are let go when the
 * cap is reached; links beyond it are looked up when pointer or focus reaches them.
 */

export const MAX_OBSERVED = 5000;
export const NEAR_MARGIN = '100% 0px 200%'; // top, sides, bottom (CSS margin shorthand)

type ObserverClass = typeof IntersectionObserver;

export interface NearbyOptions {
  /** The page's IntersectionObserver. */
  Observer: ObserverClass;
  /** A waiting link came near: look it up. */
  onNear: (el: Element) => void;
  max?: number;
}

export class Nearby {
  #observer: IntersectionObserver | null = null;
  readonly #observed = new Set<Element>();
  #stopped = false;

  readonly #o: NearbyOptions;

  constructor(o: NearbyOptions) {
    this.#o = o;
  }

  /** Links waiting for the screen to come near them. */
  get waiting(): number {
    return this.#observed.size;
  }

  /** Links discovery found: each passed on once it is near (the first report comes after a frame). */
  add(els: Iterable<Element>): void {
    if (this.#stopped) return;
    const max = this.#o.max ?? MAX_OBSERVED;
    const observed = this.#observed;
    const observer = (this.#observer ??= new this.#o.Observer((entries) => this.#report(entries), {
      rootMargin: NEAR_MARGIN,
    }));
    for (const el of els) {
      if (observed.has(el)) continue;
      if (observed.size >= max) this.#forgetRemoved();
      if (observed.size >= max) return;
      observed.add(el);
      observer.observe(el);
    }
  }

  stop(): void {
    this.#stopped = true;
    this.#observer?.disconnect();
    this.#observed.clear();
  }

  #report(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (!entry.isIntersecting || this.#stopped) continue;
      this.#let(entry.target);
      this.#o.onNear(entry.target);
    }
  }

  #let(el: Element): void {
    this.#observed.delete(el);
    this.#observer?.unobserve(el);
  }

  /** At the cap: stop observing links the page has removed (a feed that replaces its items). */
  #forgetRemoved(): void {
    for (const el of this.#observed) if (!el.isConnected) this.#let(el);
  }
}
