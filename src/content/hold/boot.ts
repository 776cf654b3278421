/**
 * Starts the hold guard (guard.ts) in a tab's top frame with the real browser. Its own script
 * (entrypoints/hold-guard.ts), listed in the manifest at document_start for top frames only: it
 * must be in place before the page's first script, which the content script (document_idle,
 * every frame) is not.
 */
import { parsePageHold } from '@/src/shared/messaging/content-schemas';
import { browserPlatform } from '../platform';
import { t } from '../strings';
import { startHold } from './guard';

export function bootHold(): void {
  if (window.top !== window) return;
  startHold({
    win: window,
    ask: async (wait) => {
      const reply = await browserPlatform.send({ type: 'page.hold', wait });
      return reply.ok ? (parsePageHold(reply.data)?.hold ?? null) : null;
    },
    text: (under) => t(under === 'password' ? 'hold_checking' : 'hold_form'),
    alive: browserPlatform.alive,
    typedPassword: () => void browserPlatform.send({ type: 'password.typed' }).catch(() => undefined),
  });
}
