/**
 * What the sign-in guard script runs in a frame (signin-guard.js, entrypoints/signin-guard.ts;
 * registered by the background only while the policy lists protectedSignInDomains: guard.ts
 * says what it does).
 */
import { createLifetime } from '../lifetime';
import { browserPlatform } from '../platform';
import { startSignInGuard } from './guard';
import { signInText } from './strings';

// Once per frame: the guard arrives by registration in pages loaded after the policy appeared,
// and by injection into the pages already open then (guard-registration.ts); a page loaded in
// between gets both. The mark lives in the extension's own world, out of the page's reach, and
// asks whether the guard that set it still lives: one orphaned by an extension update does not
// keep the new one from starting.
export function bootSignInGuard(): void {
  const mark = globalThis as unknown as { __linklensSignInGuard?: () => boolean };
  const running = mark.__linklensSignInGuard?.() === true;

  let isTop = true;
  try {
    isTop = window.top === window;
  } catch {
    isTop = false;
  }
  // Top frames only (a registration kept from an older version may still run it in frames): a
  // frame, which a page can point at any host it guesses, must observe nothing (check.ts says why).
  if (!running && isTop) {
    const ctx = createLifetime({ extensionAlive: browserPlatform.alive, win: window });
    mark.__linklensSignInGuard = () => ctx.isValid;
    // The lifetime learns that the extension went away when it is asked: ask on each page event
    // that could show something, and end the guard's listeners and banner then.
    window.addEventListener('focusin', () => void ctx.isValid, { capture: true, passive: true, signal: ctx.signal });
    startSignInGuard({
      win: window,
      doc: document,
      isTop,
      signal: ctx.signal,
      send: browserPlatform.send,
      text: signInText,
    });
  }
}
