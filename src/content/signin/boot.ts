/**
 * What the built sign-in guard runs (signin-guard.js, registered by the background only while
 * the policy lists protectedSignInDomains: guard.ts says what it does). Built from here rather
 * than through WXT's unlisted-script wrapper, like the link content script (src/content/boot.ts).
 */
import { createLifetime } from '../lifetime';
import { browserPlatform } from '../platform';
import { startSignInGuard } from './guard';
import { signInText } from './strings';

let isTop = true;
try {
  isTop = window.top === window;
} catch {
  isTop = false;
}
const ctx = createLifetime({ extensionAlive: browserPlatform.alive, win: window });
// The lifetime learns that the extension went away when it is asked: ask on each page event
// that could show something, and end the guard's listeners and banner then.
window.addEventListener('focusin', () => void ctx.isValid, { capture: true, passive: true, signal: ctx.signal });
startSignInGuard({ win: window, doc: document, isTop, signal: ctx.signal, send: browserPlatform.send, text: signInText });
