/**
 * The page events the content script listens to, all registered with the context's AbortSignal
 * so they go away when the extension reloads (style.md 10). Everything is delegated from
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
   * Whether a pointer event came from the person. Page scripts can dispatch synthetic
   * pointerover events at any link they create; those must not make us ask for scans.
   * (Activation is intercepted whoever triggers it: stopping a navigation is always safe.)
   */
  trusted?: (event: Event) => boolean;
}

export function listenToPage(o: PageEventOptions): void {
  const { signal } = o.ctx;
  const passive = { capture: true, passive: true, signal };
  const active = { capture: true, passive: false, signal };
  let underPointer: Link | null = null;
  const trusted = o.trusted ?? ((e: Event) => e.isTrusted);

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
    if (o.isOurs(e.target)) return;
    const link = linkFromEvent(e);
    if (link) o.onActivate(e, link);
  };
  o.win.addEventListener('click', activate, active);
  o.win.addEventListener('auxclick', activate, active);
  o.win.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape') o.onEscape();
      else if (e.key === 'Enter') activate(e);
    },
    active,
  );

  o.doc.addEventListener('scroll', o.onViewportChange, passive);
  o.win.addEventListener('resize', o.onViewportChange, passive);
}
