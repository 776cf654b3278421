// @vitest-environment happy-dom
// The tooltip never stands in the way: it lets the pointer through to the page until the person
// rests over it, and reaching another link closes it at once (tip-pointer.ts, tooltip-control.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DWELL_MS, pointerStep, type PointerAt } from '@/src/content/tip-pointer';
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { addLinks, cacheResponder, pointerOver, startApp, tipAnchor, type Harness } from './app-harness';

const warn: LinkInfo = { status: 'verdict', action: 'warn', band: 'high', riskScore: 70, categories: ['scam'] };
const settle = () => vi.advanceTimersByTimeAsync(3000);
const move = (target: Element, x: number, y: number) =>
  target.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true, clientX: x, clientY: y }));

describe('pointerStep', () => {
  it.each<[PointerAt, boolean, string]>([
    ['anchor', false, 'keep'],
    ['anchor', true, 'keep'],
    ['other-link', false, 'keep'],
    ['other-link', true, 'keep'],
    ['card', false, 'dwell'],
    ['card', true, 'hold'],
    ['elsewhere', false, 'hide-soon'],
    ['elsewhere', true, 'hide-soon'],
  ])('%s, engaged %s → %s', (at, engaged, step) => expect(pointerStep(at, engaged)).toBe(step));
});

describe('content app: the tooltip in a list of links', () => {
  let h: Harness;
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
    document.body.replaceChildren();
  });
  afterEach(() => {
    h?.ctx.end();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  /** Three flagged-or-not links one under the other (the layout stand-in puts each at its data-test-top). */
  async function list(): Promise<HTMLAnchorElement[]> {
    const links = addLinks(['https://scam-a.test/', 'https://plain.test/', 'https://scam-c.test/']);
    links.forEach((a, i) => a.setAttribute('data-test-top', String(10 + 24 * i)));
    h = startApp(cacheResponder({ 'https://scam-a.test/': warn, 'https://scam-c.test/': warn }));
    await settle();
    return links;
  }
  const tip = () => h.app.ui.get().tooltip;

  it('opens passive: the card lets the pointer through until the person rests over it', async () => {
    const [a] = await list();
    pointerOver(a!);
    expect(tipAnchor(h)).toBe(a);
    expect(tip().engaged).toBe(false);
    expect(tip().el.classList.contains('engaged')).toBe(false);
  });

  it('reaching another link closes it at once, with no grace period to wait out', async () => {
    const [a, b, c] = await list();
    pointerOver(a!);
    pointerOver(b!);
    expect(tipAnchor(h)).toBeNull();
    pointerOver(a!);
    pointerOver(c!);
    expect(tipAnchor(h)).toBe(c); // the next flagged link shows its own card
  });

  it('resting over the card (off any link) for the dwell engages it, and it stays while the pointer is there', async () => {
    const [a] = await list();
    pointerOver(a!);
    tip().el.setAttribute('data-test-top', '200'); // the card's box: 10..110 × 200..220
    pointerOver(document.body); // leaving the link: the grace period starts
    move(document.body, 50, 210);
    await vi.advanceTimersByTimeAsync(DWELL_MS);
    expect(tip().engaged).toBe(true);
    expect(tip().el.classList.contains('engaged')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(tipAnchor(h)).toBe(a);
    // Away from the card and its link: it goes after the grace period, and comes back passive.
    move(document.body, 500, 600);
    await vi.advanceTimersByTimeAsync(400);
    expect(tipAnchor(h)).toBeNull();
    pointerOver(a!);
    expect(tip().engaged).toBe(false);
  });

  it('crossing the card on the way to the next link does not engage it', async () => {
    const [a, , c] = await list();
    pointerOver(a!);
    tip().el.setAttribute('data-test-top', '30');
    pointerOver(document.body);
    move(document.body, 50, 40); // over the card, between two links
    await vi.advanceTimersByTimeAsync(DWELL_MS / 3);
    pointerOver(c!);
    move(c!, 50, 60);
    await vi.advanceTimersByTimeAsync(DWELL_MS * 2);
    expect(tipAnchor(h)).toBe(c);
    expect(tip().engaged).toBe(false);
  });
});
