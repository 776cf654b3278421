/**
 * `page.hold` from the hold guard (src/content/hold/): is the sender's own top page still being
 * checked? The rule is shared/policy/pending-hold.ts; this module only gathers its inputs.
 *
 * The guard runs in a world a hostile page may control, so nothing in the message names the page:
 * it is the sender's document as the browser stamps it (frameId 0 and its URL), and the answer is
 * one of three words about that page alone. The page is looked up, never checked: the navigation
 * already asked for its check (navigation.ts), so a hold costs no scan and no budget. With `wait`,
 * the answer comes when one of the page's pending hops settles, or after LONG_WAIT_MS, so the guard
 * asks again: a worker that stops meanwhile ends the reply, and the guard then asks the next one.
 */
import type { PageHoldData } from '@/src/shared/messaging/content-tier';
import { HOLD_MAX_MS, pendingHold, type PageCheck } from '@/src/shared/policy/pending-hold';
import type { Settings } from '@/src/shared/policy/settings';
import type { LinkChecker, LinkOutcome } from '../checks/link-check';
import type { ScanEngine } from '../engine/engine';
import type { SenderLike } from '../sender';
import { createHopWaiter } from '../protection/wrapper-hold';
import type { WindowKind } from '@/src/shared/window-kind';

/** How long one `wait` answer is held back at most (well below the browsers' message limits). */
export const LONG_WAIT_MS = 10_000;

const blocks = (o: LinkOutcome) =>
  (o.status.kind === 'verdict' || o.status.kind === 'blocklisted') && o.status.decision.action === 'block';
const pendingOf = (o: LinkOutcome) =>
  o.hops.flatMap((h) => (h.url && h.status.kind === 'checking' ? [{ url: h.url, status: h.status }] : []));

/** The page's check as pending-hold.ts reads it, and how long its oldest pending hop has run. */
export function pageCheckOf(o: LinkOutcome, now: number): { page: PageCheck; pendingMs: number } {
  const pending = pendingOf(o);
  const pendingMs = pending.reduce((ms, p) => Math.max(ms, now - p.status.since), 0);
  if (blocks(o)) return { page: 'block', pendingMs };
  if (pending.some((p) => p.status.waiting === 'credits')) return { page: 'stalled', pendingMs };
  return { page: pending.length > 0 ? 'checking' : 'settled', pendingMs };
}

/** The sender's URL when it is its tab's top-level web page, else null. */
function topPageUrl(sender: SenderLike): string | null {
  if (sender.frameId !== 0) return null;
  const url = sender.url ?? sender.tab?.url;
  return url && /^https?:/i.test(url) ? url : null;
}

export function createPageHold(links: LinkChecker, engine: ScanEngine, now: () => number = Date.now) {
  const waiter = createHopWaiter(engine);
  return {
    async answer(sender: SenderLike, s: Settings, windowKind: WindowKind, wait: boolean): Promise<PageHoldData> {
      const url = topPageUrl(sender);
      const look = () => (url ? links.lookup(url, { windowKind, knownOnly: true }) : null);
      const decide = (o: LinkOutcome | null) => {
        const check = o ? pageCheckOf(o, now()) : { page: 'settled' as const, pendingMs: 0 };
        return {
          ...check,
          ...pendingHold({
            topFrame: o !== null,
            holdWhileChecking: s.holdWhileChecking,
            strictMode: s.strictMode,
            auditOnly: s.auditOnly,
            ...check,
          }),
        };
      };
      let o = await look();
      let d = decide(o);
      if (wait && d.hold === 'wait' && o) {
        // Until a pending hop settles, or the hold's end, whichever comes first.
        await waiter.next(
          pendingOf(o).map((p) => p.url),
          Math.min(LONG_WAIT_MS, HOLD_MAX_MS - d.pendingMs),
        );
        o = await look();
        d = decide(o);
      }
      return { hold: d.hold };
    },
  };
}

export type PageHold = ReturnType<typeof createPageHold>;
