/**
 * Keeping the markers and the tooltip on their links (split from app.ts). Scrolling, resizing
 * and the page's own changes move links; so can layout changes no event tells us about, which is
 * why markers are looked at once a second while there are any (and not at all when there are none:
 * most pages never show one).
 */
import type { PageUi } from './ui';

const REPOSITION_EVERY_MS = 1000;
/** About a frame: every change of one frame makes one reposition. */
const COALESCE_MS = 16;

export interface Repositioner {
  /** Markers or the tooltip may have moved: reposition in the next frame (once per frame). */
  schedule(): void;
  /** A marker was drawn: look again every second while any are shown. */
  follow(): void;
  /** Scrolling, resizing or the page's changes: reposition only if anything is shown. */
  viewportChanged(): void;
}

export function createRepositioner(
  ui: Pick<PageUi, 'built'>,
  setTimer: (fn: () => void, ms: number) => unknown,
): Repositioner {
  let queued = false;
  let following = false;

  function schedule(): void {
    if (queued) return;
    queued = true;
    setTimer(() => {
      queued = false;
      ui.built?.markers.reposition();
      ui.built?.tooltip.reposition();
    }, COALESCE_MS);
  }

  function follow(): void {
    if (following) return;
    following = true;
    const tick = () => {
      following = (ui.built?.markers.count ?? 0) > 0;
      if (!following) return;
      schedule();
      setTimer(tick, REPOSITION_EVERY_MS);
    };
    setTimer(tick, REPOSITION_EVERY_MS);
  }

  function viewportChanged(): void {
    if (ui.built && (ui.built.markers.count > 0 || ui.built.tooltip.anchor)) schedule();
  }

  return { schedule, follow, viewportChanged };
}
