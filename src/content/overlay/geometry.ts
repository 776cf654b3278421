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
 * placeTooltip (viewport 1000 × 800, tip 300 × 120):
 * | link rect (l, t, w, h) | result                         |
 * |------------------------|--------------------------------|
 * | 100, 100, 80, 20       | below: 100, 128                |
 * | 100, 700, 80, 20       | above: 100, 572                |
 * | 900, 100, 80, 20       | below, pulled in: 692, 128     |
 */
export function placeTooltip(r: Rect, tip: Size, vp: Size): { left: number; top: number; placement: 'below' | 'above' } {
  const left = clamp(r.left, EDGE, vp.width - tip.width - EDGE);
  const below = r.top + r.height + EDGE;
  const above = r.top - EDGE - tip.height;
  if (below + tip.height <= vp.height - EDGE || above < EDGE) {
    return { left: Math.round(left), top: Math.round(clamp(below, EDGE, Math.max(EDGE, vp.height - tip.height - EDGE))), placement: 'below' };
  }
  return { left: Math.round(left), top: Math.round(above), placement: 'above' };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}
