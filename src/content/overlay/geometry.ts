/**
 * Where the marker and the tooltip go, from the link's viewport rectangle. Pure, so tests check
 * the numbers without a layout engine. The overlay is `position: fixed` over the viewport, so
 * everything here is in viewport coordinates; anything outside the viewport is hidden rather than
 * drawn off-screen (our host never overflows, so the page cannot measure our markers through it).
 *
 * placeMarker (viewport 1000 × 800, badge 18, gap 2):
 * | link rect (l, t, w, h)  | result                                                   |
 * |-------------------------|----------------------------------------------------------|
 * | 100, 100, 80, 20        | box 98,98 84×24; badge left of the link at 80, 101       |
 * | 5, 100, 80, 20          | badge does not fit on the left: after the link at 87     |
 * | 0, 0, 0, 0              | null (display: none, detached, zero size)                |
 * | 100, 900, 80, 20        | null (below the viewport)                                |
 */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}

export const BADGE = 18;
const GAP = 2;
const EDGE = 8;

export interface MarkerPlace {
  box: Rect;
  badge: { left: number; top: number };
}

export function placeMarker(r: Rect, vp: Size): MarkerPlace | null {
  if (!(r.width > 0 && r.height > 0)) return null;
  if (r.left + r.width <= 0 || r.top + r.height <= 0 || r.left >= vp.width || r.top >= vp.height) return null;
  const box = { left: r.left - GAP, top: r.top - GAP, width: r.width + 2 * GAP, height: r.height + 2 * GAP };
  let badgeLeft = r.left - BADGE - GAP;
  if (badgeLeft < 0) badgeLeft = Math.min(r.left + r.width + GAP, vp.width - BADGE);
  const badgeTop = clamp(r.top + (r.height - BADGE) / 2, 0, vp.height - BADGE);
  return { box, badge: { left: Math.round(badgeLeft), top: Math.round(badgeTop) } };
}

/**
 * placeTooltip: beside the link when there is room (right, then left of its badge), so a list of
 * links one under the other stays free to hover; else above it, and below only when nothing else
 * fits. Viewport 1000 × 800, tip 300 × 120:
 * | link rect (l, t, w, h) | result                                    |
 * |------------------------|-------------------------------------------|
 * | 100, 100, 80, 20       | right: 188, 100                           |
 * | 100, 760, 80, 20       | right, pulled up into the viewport: 188, 672 |
 * | 600, 100, 350, 20      | left (of the badge): 272, 100             |
 * | 20, 300, 960, 20       | above: 20, 172                            |
 * | 20, 50, 960, 20        | below: 20, 78                             |
 */
export type TipPlacement = 'right' | 'left' | 'above' | 'below';

export function placeTooltip(r: Rect, tip: Size, vp: Size): { left: number; top: number; placement: TipPlacement } {
  const besideTop = Math.round(clamp(r.top, EDGE, Math.max(EDGE, vp.height - tip.height - EDGE)));
  const right = r.left + r.width + EDGE;
  if (right + tip.width <= vp.width - EDGE) return { left: Math.round(right), top: besideTop, placement: 'right' };
  const left = r.left - BADGE - GAP - EDGE - tip.width;
  if (left >= EDGE) return { left: Math.round(left), top: besideTop, placement: 'left' };
  const x = Math.round(clamp(r.left, EDGE, vp.width - tip.width - EDGE));
  const above = r.top - EDGE - tip.height;
  if (above >= EDGE) return { left: x, top: Math.round(above), placement: 'above' };
  const below = r.top + r.height + EDGE;
  return {
    left: x,
    top: Math.round(clamp(below, EDGE, Math.max(EDGE, vp.height - tip.height - EDGE))),
    placement: 'below',
  };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}
