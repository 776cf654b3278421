/**
 * The page events the content script listens to, all registered with the context's AbortSignal
 * so they go away when the extension reloads (clean up through a signal). Everything is delegated from
 * document/window in the capture phase: no listener per link, and events from links inside open
 * shadow roots arrive too (composedPath, link-url.ts).
 */
import { linkFromEvent } from './link-url';

type Link = HTMLAnchorElement | HTMLAreaElement;

export interface PageEventOptions {
  ctx: { readonly signal: AbortSignal };
  win: Window;
  doc: Document;
  /** Events whose target is our overlay host (tooltip, dialog). */
  isOurs: (target: EventTarget | null) => boolean;
  onLinkEnter: (el: Link, how: 'pointer' | 'focus') => void;
  onLinkLeave: (el: Link) => void;
  onOverlayEnter: () => void;
  /** click / auxclick / Enter on a link (the app decides whether to intercept). */
  onActivate: (event: MouseEvent | KeyboardEvent, el: Link) => void;
  onEscape: () => void;
  onViewportChange: () => void;
  /**
   * Whether an event came from the person. Page scripts can dispatch synthetic pointerover,
   * focus and click events at any link they create; those must not make us ask for scans
   * (they spend the person's credits), and a synthetic click must not be intercepted: whether
   * we intercept would tell the page that the URL is cached as "block" (docs/decisions/001-content-tier.md).
   * A navigation such a click starts meets the background's navigation block instead.
   */
  trusted?: (event: Event) => boolean;
  /**
   * The event that started the app (visit.ts). Listeners added here on `window` miss it (it is
   * being dispatched there already): a key press or click that was the person's first gesture is
   * handed to them here, so the first Tab counts as keyboard intent and the first Enter or click
   * on a flagged link is still guarded.
   */
  first?: Event;
}

export function listenToPage(o: PageEventOptions): void {
  const { signal } = o.ctx;
  const passive = { capture: true, passive: true, signal };
  const active = { capture: true, passive: false, signal };
  let underPointer: Link | null = null;
  const trusted = o.trusted ?? ((e: Event) => e.isTrusted);
  /**
   * When the person last pressed a key (event time). `a.focus()` from page script fires focus
   * events the browser marks trusted, so isTrusted alone cannot tell keyboard navigation from a
   * script looping over links: focus counts as intent only right after a real key press.
   */
  let lastKeyAt = -Infinity;
  const KEY_TO_FOCUS_MS = 1000;

  // pointerover fires for every element the pointer enters, so entering a non-link is "leaving".
  o.doc.addEventListener(
    'pointerover',
    (e) => {
      if (!trusted(e)) return;
      if (o.isOurs(e.target)) return o.onOverlayEnter();
      const link = linkFromEvent(e);
      if (link === underPointer) return;
      if (underPointer) o.onLinkLeave(underPointer);
      underPointer = link;
      if (link) o.onLinkEnter(link, 'pointer');
    },
    passive,
  );
  o.doc.addEventListener(
    'pointerout',
    (e) => {
      // Leaving the window altogether.
      if (trusted(e) && e.relatedTarget === null && underPointer) {
        o.onLinkLeave(underPointer);
        underPointer = null;
      }
    },
    passive,
  );
  o.doc.addEventListener(
    'focusin',
    (e) => {
      if (o.isOurs(e.target)) return;
      if (!trusted(e) || e.timeStamp - lastKeyAt > KEY_TO_FOCUS_MS) return;
      const link = linkFromEvent(e);
      if (link) o.onLinkEnter(link, 'focus');
    },
    passive,
  );
  o.doc.addEventListener(
    'focusout',
    (e) => {
      const link = linkFromEvent(e);
      if (link && link !== underPointer) o.onLinkLeave(link);
    },
    passive,
  );

  const activate = (e: MouseEvent | KeyboardEvent) => {
    if (!trusted(e) || o.isOurs(e.target)) return;
    const link = linkFromEvent(e);
    if (link) o.onActivate(e, link);
  };
  o.win.addEventListener('click', activate, active);
  o.win.addEventListener('auxclick', activate, active);
  const keydown = (e: KeyboardEvent) => {
    if (trusted(e)) lastKeyAt = e.timeStamp;
    if (e.key === 'Escape') o.onEscape();
    else if (e.key === 'Enter') activate(e);
  };
  o.win.addEventListener('keydown', keydown, active);

  o.doc.addEventListener('scroll', o.onViewportChange, passive);
  o.win.addEventListener('resize', o.onViewportChange, passive);

  const first = o.first;
  if (first?.type === 'keydown') keydown(first as KeyboardEvent);
  else if (first?.type === 'click' || first?.type === 'auxclick') activate(first as MouseEvent);
}
