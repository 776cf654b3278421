/**
 * The few extension APIs the content script uses, straight from the browser's own namespace.
 *
 * No webextension-polyfill here (the rest of the extension keeps it, toolchain note 15): the
 * content script runs in every frame of every page, and the polyfill is 9 kB to parse plus a
 * wrapper to build on each of those loads, for APIs that need none of it here. Firefox's `browser`
 * and Chromium's (`browser` from 148, `chrome` before) both return promises from
 * `runtime.sendMessage` in MV3, and both honour a listener's `sendResponse` + `return true`
 * (toolchain notes 5 and 15), which is the only listener style used here.
 *
 * Looked up on use, never at load: touching `runtime` makes the browser build its API bindings
 * for this frame's world, which a page nobody interacts with should not pay for.
 */
import type { BackgroundToContent, ContentToBackground, Reply } from '@/src/shared/messaging/protocol';

export type RuntimeListener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => true | undefined;

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
    sendMessage(message: unknown): Promise<unknown>;
    onMessage: ContentPlatform['onMessage'];
  };
  i18n: { getMessage(name: string, substitutions?: string[]): string };
}

function api(): ExtensionApi {
  const g = globalThis as unknown as { browser?: ExtensionApi; chrome?: ExtensionApi };
  return g.browser?.runtime ? g.browser : g.chrome!;
}

const noReply = (message: string): Reply<never> => ({ ok: false, error: { code: 'no_reply', message } });

/** The real browser's APIs. A missing or malformed reply becomes an error reply, never a throw. */
export const browserPlatform: ContentPlatform = {
  async send<T>(message: ContentToBackground | BackgroundToContent) {
    try {
      const reply = (await api().runtime.sendMessage(message)) as Reply<T> | undefined;
      if (reply && typeof reply === 'object' && 'ok' in reply) return reply;
      return noReply('The extension did not answer. Try again.');
    } catch (e) {
      return noReply(e instanceof Error ? e.message : String(e));
    }
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
