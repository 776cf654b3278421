/**
 * Handlers for the untrusted tier: content scripts in web pages, which may be the attacker's
 * code (docs/decisions/001-content-tier.md). A content script learns only what a warning on its own page needs
 * (link-info.ts `forContent`), about links its own document reported (frame-links.ts), and
 * can spend credits only within the page's budgets (checker → budget.ts). Our own pages may
 * send the same messages (`trusted`): they get the full answer.
 */
import { ok, fail, type Reply } from '@/src/shared/messaging/reply';
import type {
  ContentReply,
  ContentRequest,
  ContentType,
  LinkInfo,
  LinksLookupData,
} from '@/src/shared/messaging/content-tier';
import type { Settings } from '@/src/shared/policy/settings';
import { windowKindOf, type WindowKind } from '@/src/shared/window-kind';
import type { App } from '../app';
import type { SenderLike } from '../sender';
import { forContent, forHover, linkInfoOf, NO_WARNING } from '../content-tier/link-info';
import type { FrameRef } from '../content-tier/link-watchers';
import { noteAudit } from '../protection/audit-trail';
import type { LinkOutcome } from '../checks/link-check';
import { lyingTextWarning } from '../checks/link-text';
import { openReport } from './report-open';

/**
 * A verdict still coming for any hop reaches the frame under the link's own string (outputs.ts);
 * `hovered`: this frame's hover started the check, so it also follows the scan's steps.
 */
function watchHops(app: App, o: LinkOutcome, frame: FrameRef | null, raw: string, hovered = false) {
  if (!frame) return;
  for (const h of o.hops) if (h.url && h.status.kind === 'checking') app.watchers.watch(h.url, frame, raw, hovered);
}

/** Whether every scan still running for the link's hops began at or after `at` (none older). */
export function startedSince(o: LinkOutcome, at: number): boolean {
  return o.hops.every((h) => h.status.kind !== 'checking' || h.status.since >= at);
}

/** The sending document, or null when the sender is not in a tab (our own pages). */
export function frameOf(sender: SenderLike): FrameRef | null {
  const tabId = sender.tab?.id;
  if (tabId === undefined || tabId < 0) return null;
  return { tabId, frameId: sender.frameId ?? 0, ...(sender.documentId ? { documentId: sender.documentId } : {}) };
}

/** What every content-tier handler is given: the sender's frame and window, and the settings now. */
interface ContentCall {
  app: App;
  sender: SenderLike;
  frame: FrameRef | null;
  /** From the browser's `sender.tab`, never from the message (window-kind.ts). */
  windowKind: WindowKind;
  s: Settings;
  /** Our own pages may send these messages too: they get the full answer. */
  trusted: boolean;
  /** The info as the sender may learn it (link-info.ts `forContent` unless trusted). */
  answer: (info: LinkInfo) => LinkInfo;
}
type ContentHandler<K extends ContentType> = (c: ContentCall, m: ContentRequest<K>) => Promise<Reply<ContentReply<K>>>;
type ContentHandlers = { [K in ContentType]: ContentHandler<K> };

/**
 * Every content-tier message's one handler. Typed `ContentHandlers`: a message type without a
 * handler, or one answering with other data than its request declares, does not compile.
 */
const CONTENT_HANDLERS: ContentHandlers = {
  'links.lookup': async ({ app, frame, windowKind, s, trusted, answer }, m) => {
    const out: LinksLookupData = {};
    for (const raw of m.urls) {
      // Past its document's bound, a frame learns nothing more (frame-links.ts).
      if (!trusted && (!frame || !app.frameLinks.note(frame, raw))) {
        out[raw] = NO_WARNING;
        continue;
      }
      const o = await app.links.lookup(raw, { windowKind });
      out[raw] = answer(linkInfoOf(o, s.allowProceed));
      watchHops(app, o, frame, raw);
    }
    return ok(out);
  },
  'link.activated': async ({ app, frame }, m) => {
    // The tab from the sender, never from the message: a frame speaks only for its own tab.
    if (frame) app.budget.noteClick(frame.tabId, m.url);
    return ok(null);
  },
  'link.hover': async ({ app, sender, frame, windowKind, s, trusted, answer }, m) => {
    if (!trusted && (!frame || !app.frameLinks.note(frame, m.url))) return ok(NO_WARNING);
    // The page the link is on: the frame's URL, or the tab's for about:blank/srcdoc frames.
    const source = [sender.url, sender.tab?.url].find((u) => u !== undefined && /^https?:/i.test(u));
    // Text that names another site warns at once, from local rules: nothing is sent for this
    // link (what is known already still counts when it is worse).
    if (m.text !== undefined) {
      const lying = lyingTextWarning(m.text, m.url, s.allowProceed);
      if (lying) return ok(answer(lying(linkInfoOf(await app.links.lookup(m.url, { windowKind }), s.allowProceed))));
    }
    const askedAt = Date.now();
    const o = s.scanHovers
      ? await app.links.check(m.url, 'hover', { tabId: frame?.tabId, windowKind, source })
      : await app.links.lookup(m.url, { windowKind });
    // Steps only of scans this hover started (link-info.ts forHover): a scan already running
    // was started elsewhere (the person opening that page in another tab), which a page must
    // not learn (docs/decisions/001-content-tier.md); then the frame hears "no warning" as before.
    const ownScans = s.scanHovers && !trusted && startedSince(o, askedAt);
    watchHops(app, o, frame, m.url, ownScans);
    // Audit-only mode: a link that would have been warned about is recorded (a later verdict: navigation.ts).
    if (s.auditOnly) void noteAudit(o, 'hover');
    if (ownScans) return ok(forHover(o, s.allowProceed));
    return ok(answer(linkInfoOf(o, s.allowProceed)));
  },
  // Only what the page-side behaviour needs: no other setting, never the key.
  'config.get': async ({ s }) => ok({ hoverDelayMs: s.hoverDelayMs, scanHovers: s.scanHovers }),
  'report.open': ({ app, frame, windowKind, trusted }, m) => openReport(app, m.url, frame, windowKind, trusted),
  // The host is the sender's (signin/check.ts), never the message's.
  'signin.check': async ({ app, sender }, m) => ok(await app.signIn.check(m.trigger, sender)),
  // The host, frame and window are the sender's (visits/password-typed.ts); the same answer
  // whatever happened, so the page learns nothing from it. Our own pages have no password to mark.
  'password.typed': async ({ app, sender, trusted }) => {
    if (!trusted) await app.visits.passwordTyped(sender).catch(() => false);
    return ok(null);
  },
  // The page is the sender's top frame (page-hold.ts), never the message's.
  'page.hold': async ({ app, sender, windowKind, s }, m) =>
    ok(await app.pageHold.answer(sender, s, windowKind, m.wait === true)),
};

export async function handleContent<K extends ContentType>(
  app: App,
  m: ContentRequest<K>,
  sender: SenderLike,
  trusted = false,
): Promise<Reply<ContentReply<K>>> {
  // The map pairs each type with its own request; TypeScript cannot follow `m.type` back to K.
  const handle = CONTENT_HANDLERS[m.type as K] as ContentHandler<K> | undefined;
  if (!handle) return fail('invalid_message', 'Unknown message.');
  const { settings: s } = await app.settings.get();
  const frame = frameOf(sender);
  const answer = (info: LinkInfo) => (trusted ? info : forContent(info));
  // From the browser's `sender.tab`, never from the message. The browser fills the flag in for
  // every content script; a sender without it is unknown, which counts as private: the sender
  // may be the page's own code, and a missing flag must not open the normal window's path (its
  // questions sent and stored on disk).
  return handle({ app, sender, frame, windowKind: windowKindOf(sender.tab), s, trusted, answer }, m);
}
