/**
 * A frame inside the page (ads, embeds, widgets) runs nothing until the person's pointer or
 * keyboard focus first comes into it: every frame's copy of the content script cost the page
 * ~2.5 ms and ~50 kB of heap just to set itself up, and pages carry many frames (issue 16: four
 * same-process frames doubled the script time and heap of a news article). A click on a link
 * always comes after the pointer (or focus) arrived, so the frame is ready by then.
 *
 * The first event is caught on `window` in the capture phase, before it reaches `document`:
 * `start` registers the app's own listeners on `document`, and the browser hands them this
 * same event (listeners are looked up per target as the event gets there).
 */
export function onFirstVisit(win: Window, start: () => void, trusted: (e: Event) => boolean = (e) => e.isTrusted): void {
  const types = ['pointerover', 'focusin'];
  const visited = (e: Event) => {
    if (!trusted(e)) return;
    for (const type of types) win.removeEventListener(type, visited, true);
    start();
  };
  for (const type of types) win.addEventListener(type, visited, { capture: true, passive: true });
}
