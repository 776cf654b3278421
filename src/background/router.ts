/**
 * The message router (docs/architecture.md, "The contexts"; trust is decided once, by origin). Every message is parsed with
 * safeParse against the schema of its trust tier. Trust is decided from the sender's URL/origin:
 * only our own extension pages may send privileged messages; content scripts (sender.tab with a
 * web URL) may only ask for verdicts and report hovers. sender.id alone proves nothing (every
 * content script of ours carries it, including ones in hostile pages).
 */
import { browser } from 'wxt/browser';
import {
  ContentToBackground,
  PageToBackground,
  fail,
  ROUTER_ERRORS,
  type Reply,
} from '@/src/shared/messaging/protocol';
import type { App } from './app';
import { handleContent } from './handlers/content';
import { handlePage } from './handlers/pages';
import { isExtensionPage, originOf, type SenderLike } from './sender';

export { originOf, isExtensionPage, type SenderLike } from './sender';

const MALFORMED = () => fail(ROUTER_ERRORS.invalid, 'Unknown or malformed message.');

export function createRouter(app: App) {
  const extensionOrigin = originOf(browser.runtime.getURL('/'))!;
  return async function route(message: unknown, sender: SenderLike): Promise<Reply> {
    try {
      if (isExtensionPage(sender, extensionOrigin, browser.runtime.id)) {
        const m = PageToBackground.safeParse(message);
        if (m.success) return await handlePage(app, m.data, sender);
        const c = ContentToBackground.safeParse(message);
        if (c.success) return await handleContent(app, c.data, sender, true);
        return MALFORMED();
      }
      if (sender.id !== browser.runtime.id || !sender.tab)
        return fail(ROUTER_ERRORS.forbidden, 'Not from this sender.');
      const c = ContentToBackground.safeParse(message);
      if (c.success) return await handleContent(app, c.data, sender);
      if (PageToBackground.safeParse(message).success)
        return fail(ROUTER_ERRORS.forbidden, 'Only Linklens pages may send this.');
      return MALFORMED();
    } catch (e) {
      // Never let a handler's bug become an unhandled rejection or a silent hang.
      return fail(ROUTER_ERRORS.internal, e instanceof Error ? e.message : 'Internal error');
    }
  };
}
