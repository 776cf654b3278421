/**
 * Which of the discovered links are looked up now: the ones on the screen or near it. The rest
 * wait until they come near (scrolling, resizing, the page's layout changing) or until the pointer
 * or keyboard focus reaches them (app.ts `reached`), whichever is first.
 *
 * Why (issue 16): reading a link's URL, sending it and reading the background's answer cost
 * ~15 µs per link, 10–15 ms on an 800-link article, at every load, for links that are mostly
 * never seen. Where a link is on the page costs a fraction of that (its box is already laid out
 * when the page is idle). A marker only helps where the person can see it, and a link is always
 * near the screen before anyone clicks it.
 *
 * near(box, viewport height h): within one screen above and two below, and laid out at all.
 * | link box (top, bottom, width × height), h = 800 | near? |
 * |--------------------------------------------------|-------|
 * | 100, 120, 80 × 20 (on screen)                    | yes   |
 * | 1500, 1520, 80 × 20 (scroll down a bit)          | yes   |
 * | 1700, 1720 (beyond two screens below)            | no    |
 * | −700, −680 (just scrolled past)                  | yes   |
 * | −900, −880 (more than a screen above)            | no    |
 * | 0, 0, 0 × 0 (display: none, detached)            | no    |
 */

export interface Box {
  top: number;
  bottom: number;
  width: number;
  height: number;
}

export function isNear(r: Box, h: number): boolean {
  return (r.width > 0 || r.height > 0) && r.bottom > -h && r.top < 2 * h;
}

export interface NearbyOptions {
  viewportHeight: () => number;
  now: () => number;
  setTimer: (cb: () => void, ms: number) => number;
  /** A waiting link came near: look it up. */
  onNear: (el: Element) => void;
  /** Per sweep (default 3 ms); the rest continues in the next one. */
  budgetMs?: number;
}

/** Sweeps wait this long after a change: a scroll fires many events, one look follows them. */
const SWEEP_DELAY_MS = 100;
const CLOCK_EVERY = 16;

export class Nearby {
  private readonly far = new Set<Element>();
  private cursor: Iterator<Element> | null = null;
  /** A change came after the current sweep started: sweep again once it is through. */
  private again = false;
  private timer: number | null = null;
  private stopped = false;

  constructor(private readonly o: NearbyOptions) {}

  /** Links waiting for the screen to come near them. */
  get waiting(): number {
    return this.far.size;
  }

  /** True when `el` is near now (the caller looks it up); else it waits here. */
  offer(el: Element): boolean {
    if (isNear(el.getBoundingClientRect(), this.o.viewportHeight())) return true;
    if (!this.stopped) this.far.add(el);
    return false;
  }

  /** The viewport or the layout changed: look at the waiting links again, soon. */
  changed(): void {
    this.again = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped || this.far.size === 0 || this.timer !== null) return;
    this.timer = this.o.setTimer(() => {
      this.timer = null;
      this.sweep();
    }, SWEEP_DELAY_MS);
  }

  stop(): void {
    this.stopped = true;
    this.far.clear();
    this.cursor = null;
  }

  private sweep(): void {
    if (this.stopped) return;
    const start = this.o.now();
    const h = this.o.viewportHeight();
    // A sweep cut short by its budget goes on where it stopped (Set iterators survive deletes).
    if (!this.cursor) {
      this.cursor = this.far.values();
      this.again = false;
    }
    let n = 0;
    for (let next = this.cursor.next(); !next.done; next = this.cursor.next()) {
      const el = next.value;
      if (!el.isConnected) this.far.delete(el);
      else if (isNear(el.getBoundingClientRect(), h)) {
        this.far.delete(el);
        this.o.onNear(el);
      }
      if (++n % CLOCK_EVERY === 0 && this.o.now() - start >= (this.o.budgetMs ?? 3)) return this.schedule();
    }
    this.cursor = null;
    if (this.again) this.schedule();
  }
}
