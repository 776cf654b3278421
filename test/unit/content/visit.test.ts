// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { onFirstVisit } from '@/src/content/visit';

const pointerOver = (el: Element) => el.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, composed: true }));
const focusIn = (el: Element) => el.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));

describe('onFirstVisit (a frame waits for the person)', () => {
  it('starts once, on the first trusted pointer or focus event, and the listeners it adds see that event', () => {
    document.body.replaceChildren();
    const link = document.createElement('a');
    document.body.append(link);
    const seenByApp: Event[] = [];
    const start = vi.fn(() => document.addEventListener('pointerover', (e) => seenByApp.push(e), true));
    let person = false;
    onFirstVisit(window, start, () => person);

    pointerOver(link); // the page's own script: not the person
    expect(start).not.toHaveBeenCalled();
    person = true;
    pointerOver(link);
    expect(start).toHaveBeenCalledTimes(1);
    expect(seenByApp).toHaveLength(1); // the very event that started it reached the app's listener
    pointerOver(link);
    focusIn(link);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts on keyboard focus too', () => {
    const start = vi.fn();
    onFirstVisit(window, start, () => true);
    focusIn(document.body);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['keydown', () => new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })],
    ['wheel', () => new WheelEvent('wheel', { bubbles: true })],
    ['pointerdown', () => new MouseEvent('pointerdown', { bubbles: true })],
    ['touchstart', () => new Event('touchstart', { bubbles: true })],
    ['click', () => new MouseEvent('click', { bubbles: true })],
  ])('starts on %s and hands the event to start', (_type, make) => {
    const start = vi.fn();
    onFirstVisit(window, start, () => true);
    const e = make();
    document.body.dispatchEvent(e);
    expect(start).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledWith(e);
  });

  it('does nothing at all until then (no start on load, timers or the page’s own events)', async () => {
    vi.useFakeTimers();
    try {
      const start = vi.fn();
      onFirstVisit(window, start, (e) => e.isTrusted);
      document.body.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      // Every timer it might have set runs now, and every promise job: still nothing.
      await vi.runAllTimersAsync();
      expect(start).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the app cancel a first click or key press it is handed (those listeners are not passive)', () => {
    onFirstVisit(
      window,
      (e) => e.preventDefault(),
      () => true,
    );
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.body.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });
});
