/**
 * Whether the pointer means the tooltip. The card opens "passive" (it lets the pointer through to
 * the page), so a person moving down a list of links reaches the next link even where the card
 * lies over it; it takes the pointer only once the person rests over it, off any link, for a
 * short dwell. That keeps it hoverable (WCAG 1.4.13: the pointer can move onto it to read or
 * press "Details") without standing in the way.
 *
 * pointerStep (where the pointer is now × whether the card has the pointer):
 * | where              | passive card                              | engaged card     |
 * |--------------------|-------------------------------------------|------------------|
 * | the card's link    | keep                                      | keep             |
 * | another link       | keep (that link's own hover decides)      | keep             |
 * | over the card      | dwell (hold it open; engage after a rest) | hold             |
 * | anywhere else      | hide-soon                                 | hide-soon        |
 *
 * Only present while a tooltip shown by the pointer is open: a page where nothing warns never
 * listens to pointer moves.
 */
import { linkFromEvent } from './link-url';

export type PointerAt = 'anchor' | 'other-link' | 'card' | 'elsewhere';
export type PointerStep = 'keep' | 'dwell' | 'hold' | 'hide-soon';

export function pointerStep(at: PointerAt, engaged: boolean): PointerStep {
  if (at === 'anchor' || at === 'other-link') return 'keep';
  if (at === 'card') return engaged ? 'hold' : 'dwell';
  return 'hide-soon';
}

/** How long the pointer rests over a passive card before it takes the pointer. */
export const DWELL_MS = 150;

export interface TipPointerOptions {
  doc: Document;
  /** The card now: its link, its box and whether it has the pointer; null once hidden. */
  card: () => { anchor: Element; rect: DOMRect; engaged: boolean } | null;
  /** Whether an event target is our overlay host (an engaged card's events are retargeted to it). */
  isOurs: (target: EventTarget | null) => boolean;
  trusted: (e: Event) => boolean;
  setTimer: (cb: () => void, ms: number) => number;
  clearTimer: (id: number) => void;
  engage: () => void;
  hold: () => void;
  hideSoon: () => void;
}

export class TipPointer {
  #abort: AbortController | null = null;
  #dwell: number | null = null;
  #lastAt: PointerAt = 'anchor';

  constructor(private readonly o: TipPointerOptions) {}

  /** Starts following the pointer (idempotent); it stops by itself once the card is hidden. */
  arm(): void {
    if (this.#abort) return;
    this.#abort = new AbortController();
    this.o.doc.addEventListener('pointermove', (e) => this.#moved(e), {
      capture: true,
      passive: true,
      signal: this.#abort.signal,
    });
  }

  disarm(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#stopDwell();
  }

  #moved(e: PointerEvent): void {
    if (!this.o.trusted(e)) return;
    const card = this.o.card();
    if (!card) return this.disarm();
    const at = this.#where(e, card);
    this.#lastAt = at;
    const step = pointerStep(at, card.engaged);
    if (step !== 'dwell') this.#stopDwell();
    if (step === 'dwell' || step === 'hold') this.o.hold();
    if (step === 'dwell' && this.#dwell === null) {
      this.#dwell = this.o.setTimer(() => {
        this.#dwell = null;
        if (this.#lastAt === 'card' && this.o.card()) this.o.engage();
      }, DWELL_MS);
    }
    if (step === 'hide-soon') this.o.hideSoon();
  }

  #where(e: PointerEvent, card: { anchor: Element; rect: DOMRect }): PointerAt {
    if (this.o.isOurs(e.target)) return 'card';
    const link = linkFromEvent(e);
    if (link === card.anchor) return 'anchor';
    if (link) return 'other-link';
    const r = card.rect;
    return e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom
      ? 'card'
      : 'elsewhere';
  }

  #stopDwell(): void {
    if (this.#dwell !== null) this.o.clearTimer(this.#dwell);
    this.#dwell = null;
  }
}
