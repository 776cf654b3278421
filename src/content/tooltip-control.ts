/**
 * When the verdict tooltip shows and hides: on pointer or keyboard focus resting on a flagged
 * link, and when a verdict arrives for the link the pointer or focus rests on ("a tooltip on
 * hover", docs/decisions/013-content-script.md). Keyboard focus also announces the verdict through the live region.
 *
 * WCAG 1.4.13: leaving the link hides the tooltip only after a grace period, so the pointer can
 * move onto it (tip-pointer.ts: it takes the pointer only after a rest over it, off any link).
 * Reaching another link closes it at once (or shows that link's): the next link in a list is
 * never kept waiting behind the card.
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { linkUrlOf } from './link-url';
import { TipPointer } from './tip-pointer';
import type { PageUi } from './ui';
import { announcement, markerKind, type MarkerKind } from './verdict-view';

const TOOLTIP_GRACE_MS = 300;

export interface TooltipControlOptions {
  ui: PageUi;
  ctx: { setTimeout(handler: () => void, timeout?: number): number };
  now: () => number;
  infoFor: (url: string) => LinkInfo | undefined;
  /** Whether an event came from the person (page-events.ts `trusted`). */
  trusted?: (e: Event) => boolean;
}

export type Resting = { el: Element; how: 'pointer' | 'focus' };

export function createTooltipControl(o: TooltipControlOptions) {
  /** The link the pointer or keyboard focus is on now (set on enter, cleared on leave). */
  let resting: Resting | null = null;
  let hideTimer: number | null = null;

  const cancelHide = () => {
    if (hideTimer !== null) clearTimeout(hideTimer);
    hideTimer = null;
  };
  const scheduleHide = () => {
    cancelHide();
    if (o.ui.built?.tooltip.anchor) hideTimer = o.ctx.setTimeout(() => o.ui.built?.tooltip.hide(), TOOLTIP_GRACE_MS);
  };
  /** A hide already on its way is not pushed back (pointer moves come many a second). */
  const hideSoon = () => {
    if (hideTimer === null) scheduleHide();
  };

  let pointer: TipPointer | null = null;
  /** Follows the pointer while a tooltip it opened is shown (built on the first one). */
  function followPointer(): void {
    const { tooltip, overlay } = o.ui.get();
    pointer ??= new TipPointer({
      doc: overlay.host.ownerDocument,
      card: () =>
        tooltip.anchor
          ? { anchor: tooltip.anchor, rect: tooltip.el.getBoundingClientRect(), engaged: tooltip.engaged }
          : null,
      isOurs: (target) => overlay.isHost(target),
      trusted: o.trusted ?? ((e) => e.isTrusted),
      setTimer: (cb, ms) => o.ctx.setTimeout(cb, ms),
      clearTimer: (id) => clearTimeout(id),
      engage: () => tooltip.engage(),
      hold: cancelHide,
      hideSoon,
    });
    pointer.arm();
  }

  /**
   * Shows the tooltip of `el` if its link is flagged, or the step of the check its hover started
   * (docs/decisions/017-surfaces.md); false when there is nothing to show.
   */
  function show(el: Element, announce: boolean, info = infoOf(el)): boolean {
    const kind = markerKind(info);
    if (info?.progress && info.status === 'pending') {
      cancelHide();
      o.ui.get().tooltip.showProgress(el, info.progress);
      if (!announce) followPointer();
      return true;
    }
    if (!kind || !info) return false;
    cancelHide();
    const { tooltip, markers } = o.ui.get();
    if (tooltip.anchor !== el) {
      tooltip.show(el, info, kind);
      markers.placeNow(el);
    }
    if (announce) say(info, kind);
    else followPointer();
    return true;
  }

  /** The last announcement while focus rests on one link: a verdict pushed again is not re-read. */
  let announced: string | null = null;
  function say(info: LinkInfo, kind: MarkerKind): void {
    const text = announcement(info, kind);
    if (text === announced) return;
    announced = text;
    const { live } = o.ui.get().overlay;
    live.textContent = '';
    // A changed text is what screen readers announce: set it in a later task.
    o.ctx.setTimeout(() => (live.textContent = text), 50);
  }

  function infoOf(el: Element): LinkInfo | undefined {
    const url = linkUrlOf(el);
    return url ? o.infoFor(url) : undefined;
  }

  return {
    get resting(): Resting | null {
      return resting;
    },
    enter(el: Element, how: Resting['how']): void {
      resting = { el, how };
      announced = null; // focus coming back to a link reads it again
      if (show(el, how === 'focus')) return;
      // Another link than the one the card is for: the card goes now, not after the grace.
      const tooltip = o.ui.built?.tooltip;
      if (tooltip?.anchor && tooltip.anchor !== el) {
        cancelHide();
        tooltip.hide();
      } else scheduleHide();
    },
    leave(el: Element): void {
      if (resting?.el === el) resting = null;
      scheduleHide();
    },
    cancelHide,
    stop(): void {
      cancelHide();
      pointer?.disarm();
    },
    /** `el`'s verdict is now `info`: follow it if the tooltip is on `el`, or the pointer rests there. */
    verdictChanged(el: Element, info: LinkInfo | undefined): void {
      const tooltip = o.ui.built?.tooltip;
      const kind = markerKind(info);
      if (tooltip?.anchor === el) {
        if (kind && info) {
          tooltip.show(el, info, kind);
          o.ui.get().markers.placeNow(el);
          // The check's steps were on show, and now its verdict: read it to a keyboard user.
          if (resting?.el === el && resting.how === 'focus') say(info, kind);
        } else if (!show(el, false, info)) tooltip.hide();
      } else if (resting?.el === el) show(el, resting.how === 'focus', info);
    },
  };
}
