/**
 * Hover intent: a link is "meant" once the pointer (or keyboard focus) has rested on it for the
 * hover delay. Entering another link restarts the wait, so sweeping the pointer across a list of
 * links sends nothing until it settles (docs/decisions/013-content-script.md: "Moving across many links does not send a
 * request for each").
 *
 * Timeline (delay 300 ms):
 *   enter(A) … 300 ms …                       → onIntent(A) once
 *   enter(A) 100 ms enter(B) 100 ms enter(C) … 300 ms → onIntent(C) only
 *   enter(A) 100 ms leave(A)                  → nothing
 *   enter(A) … fired … enter(A) (child moves) → nothing more until A is left and re-entered
 */
export interface HoverIntentOptions {
  delayMs: () => number;
  setTimer: (cb: () => void, ms: number) => number;
  clearTimer: (id: number) => void;
  onIntent: (el: Element) => void;
}

export class HoverIntent {
  private current: Element | null = null;
  private timer: number | null = null;

  constructor(private readonly opts: HoverIntentOptions) {}

  /** The pointer or focus is now on `el`. */
  enter(el: Element): void {
    if (el === this.current) return;
    this.cancel();
    this.current = el;
    this.timer = this.opts.setTimer(
      () => {
        this.timer = null;
        // `current` stays set: moving between the link's own children must not fire again.
        if (this.current === el) this.opts.onIntent(el);
      },
      Math.max(0, this.opts.delayMs()),
    );
  }

  /** The pointer or focus left `el` (or, with no argument, left whatever it was on). */
  leave(el?: Element): void {
    if (el === undefined || el === this.current) this.cancel();
  }

  cancel(): void {
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
    this.current = null;
  }
}
