/**
 * Sending side of the protocol. Replies are `{ok, data|error}`; a missing or malformed reply
 * (background restarting, extension reloaded) becomes an error reply rather than a throw, so a
 * caller never crashes on messaging. The reply's data type follows from the message's type
 * (page-tier.ts PageReplies, content-tier.ts ContentReplies): a caller names no reply type.
 */
import { browser } from 'wxt/browser';
import type { Reply } from './reply';
import type { ContentReply, ContentToBackground } from './content-tier';
import type { PageReply, PageToBackground } from './page-tier';

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
export const sendToBackground = <M extends PageToBackground>(m: M) => send<PageReply<M['type']>>(m);
/** From a content script. */
export const sendFromContent = <M extends ContentToBackground>(m: M) => send<ContentReply<M['type']>>(m);
