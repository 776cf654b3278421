/** Builds the content app on the happy-dom page with a scripted background (tests only). */
import { vi } from 'vitest';
import { createContentApp, type ContentApp } from '@/src/content/app';
import { createLifetime, type Lifetime } from '@/src/content/lifetime';
import type { ContentToBackground, LinkInfo, Reply } from '@/src/shared/messaging/protocol';

export type Responder = (m: ContentToBackground) => Reply<unknown>;

/** The background as the content script sees it: lookups answer from `known`, hovers 'pending'. */
export function cacheResponder(known: Record<string, LinkInfo>): Responder {
  return (m) => {
    switch (m.type) {
      case 'links.lookup':
        return { ok: true, data: Object.fromEntries(m.urls.map((u) => [u, known[u] ?? { status: 'unknown' }])) };
      case 'link.hover':
        return { ok: true, data: known[m.url] ?? { status: 'pending' } };
      case 'config.get':
        return { ok: true, data: { hoverDelayMs: 300, scanHovers: true } };
      case 'signin.check': // the sign-in guard's message; the link app never sends it
        return { ok: true, data: { warn: false } };
      case 'report.open':
      case 'link.activated':
      case 'password.typed':
        return { ok: true, data: null };
      case 'page.hold': // the hold guard's message; the link app never sends it
        return { ok: true, data: { hold: 'go' } };
    }
  };
}

export interface Harness {
  app: ContentApp;
  ctx: Lifetime;
  sent: ContentToBackground[];
  navigate: ReturnType<typeof vi.fn>;
  of: <T extends ContentToBackground['type']>(type: T) => Extract<ContentToBackground, { type: T }>[];
  setResponder: (r: Responder) => void;
}

export function startApp(
  responder: Responder,
  opts: { budgetMs?: number; now?: () => number; realTrust?: boolean; first?: Event } = {},
): Harness {
  const sent: ContentToBackground[] = [];
  let respond = responder;
  layOut();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const ctx = createLifetime({ extensionAlive: () => true, win: window });
  const navigate = vi.fn();
  const app = createContentApp({
    ctx,
    win: window,
    doc: document,
    send: async <T>(m: ContentToBackground) => {
      sent.push(m);
      return respond(m) as Reply<T>;
    },
    now: opts.now ?? (() => Date.now()),
    navigate,
    idle: (cb) => void ctx.setTimeout(cb, 0),
    budgetMs: opts.budgetMs,
    // happy-dom marks script-dispatched events untrusted, as browsers do; tests stand in for the person.
    trustEvent: opts.realTrust ? undefined : () => true,
  });
  app.start(opts.first);
  return {
    app,
    ctx,
    sent,
    navigate,
    of: (type) => sent.filter((m) => m.type === type) as never,
    setResponder: (r) => (respond = r),
  };
}

export function addLinks(hrefs: string[], parent: ParentNode = document.body): HTMLAnchorElement[] {
  return hrefs.map((href, i) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = `link ${i}`;
    parent.append(a);
    return a;
  });
}

export const pointerOver = (el: Element) =>
  el.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, composed: true }));
/** Keyboard focus as a person moves it: a key press (Tab), then the focus event. */
export const focusIn = (el: Element) => {
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
  el.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
};
/** Focus moved by page script (`a.focus()`): no key press before it. Browsers mark it trusted. */
export const scriptFocus = (el: Element) =>
  el.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));

/** What the person can see; null parts while nothing was shown (the overlay is built on first use). */
export const marked = (h: Harness, el: Element): boolean => h.app.ui.built?.markers.has(el) ?? false;
export const tipAnchor = (h: Harness): Element | null => h.app.ui.built?.tooltip.anchor ?? null;
export const dialogOpen = (h: Harness): boolean => h.app.ui.built?.dialog.isOpen ?? false;

/**
 * happy-dom lays nothing out (every box is 0 × 0): stand in for layout. Each element is a
 * 100 × 20 box at the top of the viewport, or at `data-test-top` px when a test sets it (the
 * viewport is happy-dom's, 768 px high).
 */
export function layOut(): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = Number(this.getAttribute('data-test-top') ?? 10);
    return {
      top,
      bottom: top + 20,
      left: 10,
      right: 110,
      width: 100,
      height: 20,
      x: 10,
      y: top,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

const VIEWPORT_HEIGHT = 768;
const observers = new Set<FakeIntersectionObserver>();

/**
 * happy-dom's IntersectionObserver never reports: stand in for the browser's, with the boxes of
 * `layOut()` and nearby.ts's margin (one screen above, two below). Reports come a task later, as
 * the browser's come after a frame; `scrolled()` makes every observer look again.
 */
class FakeIntersectionObserver {
  private readonly targets = new Set<Element>();
  constructor(private readonly cb: (entries: IntersectionObserverEntry[]) => void) {
    observers.add(this);
  }
  observe(el: Element): void {
    this.targets.add(el);
    setTimeout(() => this.look([el]), 0);
  }
  unobserve(el: Element): void {
    this.targets.delete(el);
  }
  disconnect(): void {
    this.targets.clear();
    observers.delete(this);
  }
  look(els: Iterable<Element> = this.targets): void {
    const entries = [...els]
      .filter((el) => this.targets.has(el))
      .map((el) => {
        const r = el.getBoundingClientRect();
        return {
          target: el,
          isIntersecting: r.bottom > -VIEWPORT_HEIGHT && r.top < 3 * VIEWPORT_HEIGHT,
        } as IntersectionObserverEntry;
      });
    if (entries.length) this.cb(entries);
  }
}

/** The page scrolled or its layout changed (after moving elements with `data-test-top`). */
export function scrolled(): void {
  for (const o of observers) o.look();
}
