import { describe, expect, it } from 'vitest';
import { placeMarker, placeTooltip } from '@/src/content/overlay/geometry';

const vp = { width: 1000, height: 800 };
const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });

describe('placeMarker', () => {
  it('draws the box around the link and the badge to its left', () => {
    expect(placeMarker(rect(100, 100, 80, 20), vp)).toEqual({
      box: rect(98, 98, 84, 24),
      badge: { left: 80, top: 101 },
    });
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
    ['room on the right', rect(100, 100, 80, 20), { left: 188, top: 100, placement: 'right' }],
    ['right, near the bottom: pulled up', rect(100, 760, 80, 20), { left: 188, top: 672, placement: 'right' }],
    ['no room on the right: left of the badge', rect(600, 100, 350, 20), { left: 272, top: 100, placement: 'left' }],
    ['a full-width link: above', rect(20, 300, 960, 20), { left: 20, top: 172, placement: 'above' }],
    ['a full-width link at the top: below', rect(20, 50, 960, 20), { left: 20, top: 78, placement: 'below' }],
  ])('%s', (_name, r, expected) => {
    expect(placeTooltip(r, tip, vp)).toEqual(expected);
  });
});
