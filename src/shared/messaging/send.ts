/**
 * Sending side of the protocol. Replies are `{ok, data|error}`; a missing or malformed reply
 * (background restarting, extension reloaded) becomes an error reply rather than a throw, so a
 * caller never crashes on messaging.
 */
import { browser } from 'wxt/browser';
import type { ContentToBackground, PageToBackground, Reply } from './protocol';

async function send<T>(message: ContentToBackground | PageToBackground): Promise<Reply<T>> {
  try {
    const reply = (await browser.runtime.sendMessage(message)) as Reply<T> | undefined;
    if (reply && typeof reply === 'object' && 'ok' in reply) return reply;
    // No detail of our own: the pages say it in the person's language from the code (errNoReply).
    return { ok: false, error: { code: 'no_reply', message: '' } };
  } catch (e) {
    return { ok: false, error: { code: 'no_reply', message: e instanceof Error ? e.message : String(e) } };
  }
}

/** From an extension page (popup, options, blocked, report). */
export const sendToBackground = <T>(m: PageToBackground) => send<T>(m);
/** From a content script. */
export const sendFromContent = <T>(m: ContentToBackground) => send<T>(m);
