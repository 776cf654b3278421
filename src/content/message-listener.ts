/**
 * The content script's runtime.onMessage listener: background → content messages only
 * (`links.update`), validated like the protocol's schema (incoming.ts). Anything else, malformed
 * or not ours, gets no answer at all (we return undefined, so another listener may answer and
 * nothing leaks back).
 *
 * Style: `sendResponse` + `return true` (fakeBrowser honours only sendResponse + return true; Chromium 148+ has a native browser namespace), not a returned Promise.
 * Replies are written out rather than built with protocol.ts `ok()`: importing protocol.ts
 * values would pull zod's full build into the content script (content-schemas.ts).
 */
import type { Reply } from '@/src/shared/messaging/protocol';
import { parseIncoming } from './incoming';
import type { RuntimeListener } from './platform';

export interface MessageListenerOptions {
  /** The `links` record of a `links.update` (entries still unvalidated). */
  update: (links: Record<string, unknown>) => void;
}

export function createMessageListener(o: MessageListenerOptions): RuntimeListener {
  return (message, _sender, sendResponse) => {
    const m = parseIncoming(message);
    if (!m) return undefined;
    o.update(m.links);
    sendResponse({ ok: true, data: null } satisfies Reply<unknown>);
    return true;
  };
}
