/**
 * The content script runs nothing but these listeners until the person first comes to the frame:
 * pointer, keyboard, touch or wheel (docs/decisions/009-bundle-weight.md, docs/decisions/013-content-script.md). Setting the app up, finding the links
 * and asking the background about them cost a page ~4.5 ms of script and ~180 kB of heap, most of
 * it the browser building our world's view of the DOM and the extension API; a page nobody touches
 * (a tab restored or opened in the background, an ad frame) should not pay for that. A click on a
 * link always comes after the pointer, the keyboard or assistive technology reached the page, so
 * the app is ready by then; and a known-bad URL is stopped by the background's request blocking
 * and navigation checks whether or not the page's script has started.
 *
 * | frame          | starts on the first trusted …                                        |
 * |----------------|----------------------------------------------------------------------|
 * | top or child   | pointerover, pointerdown, focusin, keydown, wheel, touchstart, click, |
 * |                | auxclick (a screen reader's activation may be a bare click)           |
 * | —              | never on events the page's own script dispatches (not trusted)        |
 *
 * The first event is caught on `window` in the capture phase, before it reaches `document`:
 * `start` registers the app's own listeners on `document`, and the browser hands them this
 * same event (listeners are looked up per target as the event gets there). The app's listeners
 * on `window` do not see it (a target's listener list is fixed when the event reaches it), so
 * `start` receives the event to replay what those would have done (page-events.ts `first`).
 */
export const VISIT_EVENTS = [
  'pointerover',
  'pointerdown',
  'focusin',
  'keydown',
  'wheel',
  'touchstart',
  'click',
  'auxclick',
] as const;

const REPLAYED = new Set<string>(['keydown', 'click', 'auxclick']);

export function onFirstVisit(
  win: Window,
  start: (first: Event) => void,
  trusted: (e: Event) => boolean = (e) => e.isTrusted,
): void {
  const visited = (e: Event) => {
    if (!trusted(e)) return;
    for (const type of VISIT_EVENTS) win.removeEventListener(type, visited, true);
    start(e);
  };
  // Passive where scrolling waits on it; click and keydown may be replayed into the app's guard,
  // which must be able to cancel them (a passive listener's preventDefault does nothing).
  for (const type of VISIT_EVENTS) win.addEventListener(type, visited, { capture: true, passive: !REPLAYED.has(type) });
}
