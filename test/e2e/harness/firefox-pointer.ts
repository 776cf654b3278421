// Pointer gestures for the Firefox driver (puppeteer-core over WebDriver BiDi) that cannot hang.
//
// Why not ElementHandle.click()/hover(): before moving the mouse, puppeteer asks the page whether
// the element is in view with an IntersectionObserver and waits for its first callback. That
// callback comes with the page's next rendering update, and a Firefox tab that is not being
// painted (not the one shown, or the machine too busy to paint it) may not have one for a long
// time: a CI run hung there past the test's 120 s with the button on the page. Here the element
// is scrolled into view and measured in one synchronous evaluate, and the mouse goes to the
// middle of its box: the same trusted input events a person's pointer makes, without that wait.
import type { ElementHandle, Page } from 'puppeteer-core';

/** Resolves with `work`'s result, or rejects naming `step` once `ms` have passed. */
export function within<T>(ms: number, step: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Firefox: ${step} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The middle of the element's box in viewport coordinates, after scrolling it into view. */
async function middleOf(handle: ElementHandle<Element>): Promise<{ x: number; y: number }> {
  const box = await handle.evaluate((el) => {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, width: r.width, height: r.height };
  });
  if (box.width === 0 || box.height === 0) throw new Error('The element has no box to point at (hidden or empty)');
  return { x: box.x, y: box.y };
}

export async function clickElement(page: Page, handle: ElementHandle<Element>, count = 1): Promise<void> {
  const { x, y } = await middleOf(handle);
  await within(15_000, 'a mouse click', page.mouse.click(x, y, { count }));
}

export async function hoverElement(page: Page, handle: ElementHandle<Element>): Promise<void> {
  const { x, y } = await middleOf(handle);
  await within(15_000, 'a mouse move', page.mouse.move(x, y));
}
