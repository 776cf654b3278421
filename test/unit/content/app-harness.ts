/** Builds the content app on the happy-dom page with a scripted background (tests only). */
import { vi } from 'vitest';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createContentApp, type ContentApp } from '@/src/content/app';
import type { ChunkLimits } from '@/src/content/link-walker';
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
    }
  };
}

export interface Harness {
  app: ContentApp;
  ctx: ContentScriptContext;
  sent: ContentToBackground[];
  navigate: ReturnType<typeof vi.fn>;
  of: <T extends ContentToBackground['type']>(type: T) => Extract<ContentToBackground, { type: T }>[];
  setResponder: (r: Responder) => void;
}

export function startApp(
  responder: Responder,
  opts: { isTop?: boolean; chunkLimits?: ChunkLimits; realTrust?: boolean } = {},
): Harness {
  const sent: ContentToBackground[] = [];
  let respond = responder;
  const ctx = new ContentScriptContext('content');
  const navigate = vi.fn();
  const app = createContentApp({
    ctx,
    win: window,
    doc: document,
    send: async <T>(m: ContentToBackground) => {
      sent.push(m);
      return respond(m) as Reply<T>;
    },
    now: () => Date.now(),
    navigate,
    yieldToPage: (cb) => void ctx.setTimeout(cb, 0),
    isTop: opts.isTop ?? true,
    chunkLimits: opts.chunkLimits,
    // happy-dom marks script-dispatched events untrusted, as browsers do; tests stand in for the person.
    trustEvent: opts.realTrust ? undefined : () => true,
  });
  app.start();
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

export const pointerOver = (el: Element) => el.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, composed: true }));
/** Keyboard focus as a person moves it: a key press (Tab), then the focus event. */
export const focusIn = (el: Element) => {
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
  el.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
};
/** Focus moved by page script (`a.focus()`): no key press before it. Browsers mark it trusted. */
export const scriptFocus = (el: Element) => el.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
