// Keyboard-only journeys (docs/decisions/017-surfaces.md, "Accessibility"): move focus with Tab as a person without a
// pointer does, and read what has focus as assistive technology names it.
import type { JourneyPage } from './driver';

/** Role-ish tag and accessible name of the focused element (aria-label, else its text). */
export function focusedElement(page: JourneyPage): Promise<{ tag: string; name: string } | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    return { tag: el.tagName.toLowerCase(), name };
  });
}

/**
 * Presses Tab until the element named `name` has focus; throws (with every stop on the way) if
 * it is not reached in `max` presses. Returns the names focus passed through.
 */
export async function tabTo(page: JourneyPage, name: string, max = 80): Promise<string[]> {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.press('Tab');
    const f = await focusedElement(page);
    path.push(f ? `${f.tag}:${f.name}` : '(none)');
    if (f?.name === name) return path;
  }
  throw new Error(`"${name}" was not reached with ${max} Tab presses; focus went: ${path.join(' → ')}`);
}
