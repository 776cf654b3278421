/**
 * The few extension APIs the content script uses, straight from the browser's `chrome` namespace.
 *
 * No webextension-polyfill here (the rest of the extension keeps it, Chromium 148+ has a native browser namespace): the
 * content script runs in every frame of every page, and the polyfill is 9 kB to parse plus a
 * wrapper to build on each of those loads, for APIs that need none of it here. `chrome`, not
 * `browser`: both Chromium and Firefox have it in content scripts, with callbacks in both, and
 * Chromium builds its `browser` namespace at a higher cost on first use (measured: 0.4 ms more
 * per frame). Listeners use `sendResponse` + `return true`, which both honour (fakeBrowser honours only sendResponse + return true
 * and 15).
 *
 * Looked up on use, never at load: touching `runtime` makes the browser build its API bindings
 * for this frame's world, which a page nobody interacts with should not pay for.
 */
import type { BackgroundToContent, ContentToBackground, Reply } from '@/src/shared/messaging/protocol';

export type RuntimeListener = (
  message: unknown,
  sender: unknown,
  sendResponse: (reply: unknown) => void,
) => true | undefined;

export interface ContentPlatform {
  send<T>(message: ContentToBackground): Promise<Reply<T>>;
  onMessage: { addListener(l: RuntimeListener): void; removeListener(l: RuntimeListener): void };
  /** `i18n.getMessage`, '' when missing. */
  message(name: string, substitutions: string[]): string;
  /** False once the extension is gone (updated, reloaded, removed): `runtime.id` is then undefined. */
  alive(): boolean;
}

interface ExtensionApi {
  runtime: {
    id?: string;
    lastError?: { message?: string };
    sendMessage(message: unknown, callback: (reply: unknown) => void): void;
    onMessage: ContentPlatform['onMessage'];
  };
  i18n: { getMessage(name: string, substitutions?: string[]): string };
}

const api = () => (globalThis as unknown as { chrome: ExtensionApi }).chrome;

const noReply = (message = 'The extension did not answer. Try again.'): Reply<never> => ({
  ok: false,
  error: { code: 'no_reply', message },
});

/** The real browser's APIs. A missing or malformed reply becomes an error reply, never a throw. */
export const browserPlatform: ContentPlatform = {
  send<T>(message: ContentToBackground | BackgroundToContent): Promise<Reply<T>> {
    return new Promise((resolve) => {
      try {
        api().runtime.sendMessage(message, (reply) => {
          // Reading lastError marks it handled (no "Unchecked runtime.lastError" in the console).
          const error = api().runtime.lastError;
          if (error) resolve(noReply(error.message));
          else if (reply && typeof reply === 'object' && 'ok' in reply) resolve(reply as Reply<T>);
          else resolve(noReply());
        });
      } catch (e) {
        // The extension is gone (reloaded, removed): sendMessage throws at once.
        resolve(noReply(e instanceof Error ? e.message : String(e)));
      }
    });
  },
  onMessage: {
    addListener: (l) => api().runtime.onMessage.addListener(l),
    removeListener: (l) => api().runtime.onMessage.removeListener(l),
  },
  message(name, substitutions) {
    try {
      return api().i18n.getMessage(name, substitutions) || '';
    } catch {
      return '';
    }
  },
  alive() {
    try {
      return api().runtime?.id != null;
    } catch {
      return false;
    }
  },
};
