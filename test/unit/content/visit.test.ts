// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { onFirstVisit } from '@/src/content/visit';

const pointerOver = (el: Element) => el.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, composed: true }));
const focusIn = (el: Element) => el.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));

describe('onFirstVisit (a subframe waits for the person)', () => {
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
});
