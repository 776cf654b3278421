import { describe, expect, it } from 'vitest';
import { placeMarker, placeTooltip } from '@/src/content/overlay/geometry';

const vp = { width: 1000, height: 800 };
const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });

describe('placeMarker', () => {
  it('draws the box around the link and the badge to its left', () => {
    expect(placeMarker(rect(100, 100, 80, 20), vp)).toEqual({ box: rect(98, 98, 84, 24), badge: { left: 80, top: 101 } });
  });
  it('puts the badge after the link when there is no room on the left', () => {
    expect(placeMarker(rect(5, 100, 80, 20), vp)?.badge.left).toBe(87);
  });
  it.each([
    ['zero size (hidden or detached)', rect(0, 0, 0, 0)],
    ['below the viewport', rect(100, 900, 80, 20)],
    ['above the viewport', rect(100, -50, 80, 20)],
    ['right of the viewport', rect(1200, 100, 80, 20)],
  ])('hides the marker: %s', (_name, r) => {
    expect(placeMarker(r, vp)).toBeNull();
  });
});

describe('placeTooltip', () => {
  const tip = { width: 300, height: 120 };
  it.each([
    ['room below', rect(100, 100, 80, 20), { left: 100, top: 128, placement: 'below' }],
    ['no room below: above', rect(100, 700, 80, 20), { left: 100, top: 572, placement: 'above' }],
    ['near the right edge: pulled in', rect(900, 100, 80, 20), { left: 692, top: 128, placement: 'below' }],
  ])('%s', (_name, r, expected) => {
    expect(placeTooltip(r, tip, vp)).toEqual(expected);
  });
});
