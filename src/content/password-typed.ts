/**
 * "You were there": tells the background, once per page, that a password field on this
 * top-level page got input from the person, so that if this site turns out bad later the person
 * is advised to change that password (background/visits/password-typed.ts).
 *
 * Only the fact is sent, as `password.typed` with no fields: never the text, the field, its form
 * or the page's address (the background takes the host from the browser's sender). Top frame
 * only, trusted input events only (a page's own script typing into its field marks nothing),
 * and then the listener goes: one message per page at most.
 */
import type { ContentToBackground, Reply } from '@/src/shared/messaging/protocol';

export interface PasswordTypedDeps {
  win: Window;
  signal: AbortSignal;
  send: (m: ContentToBackground) => Promise<Reply<unknown>>;
  /** Events from the person (default `isTrusted`; tests dispatch their own). */
  trusted?: (e: Event) => boolean;
}

const isPasswordField = (t: EventTarget | null | undefined): boolean => {
  const el = t as HTMLInputElement | null | undefined;
  return !!el && el.localName === 'input' && typeof el.type === 'string' && el.type.toLowerCase() === 'password';
};

function isTopFrame(win: Window): boolean {
  try {
    return win.top === win;
  } catch {
    return false;
  }
}

export function watchPasswordInput(d: PasswordTypedDeps): void {
  if (!isTopFrame(d.win) || d.signal.aborted) return;
  const trusted = d.trusted ?? ((e: Event) => e.isTrusted);
  const done = new AbortController();
  const stop = () => done.abort();
  d.signal.addEventListener('abort', stop, { once: true });
  d.win.addEventListener(
    'input',
    (e) => {
      // The field itself, also inside an open shadow root.
      if (!trusted(e) || !isPasswordField(e.composedPath()[0] ?? e.target)) return;
      stop();
      void d.send({ type: 'password.typed' });
    },
    { capture: true, passive: true, signal: done.signal },
  );
}
