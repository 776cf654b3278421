// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { HOST_CANDIDATES } from '@/src/content/shadow-hosts';

// (happy-dom counts a text-only element as :empty, browsers do not: no row for that here.)
describe('HOST_CANDIDATES (shadow-hosts.ts table)', () => {
  it.each([
    ['<my-widget></my-widget>', true],
    ['<div></div>', true],
    ['<span></span>', true],
    ['<my-menu><span>slotted</span></my-menu>', false],
    ['<img alt="">', false],
    ['<input>', false],
    ['<i class="icon"></i>', false],
    ['<li></li>', false],
  ])('%s → %s', (html, candidate) => {
    const el = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild!;
    expect(el.matches(HOST_CANDIDATES)).toBe(candidate);
  });
});
