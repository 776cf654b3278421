/**
 * `password.typed` from a content script: a password field on its top-level page got input.
 * Recorded as the host's password mark (visit-store.ts): a yes with a time, never the text.
 *
 * The content script is the page's to control (docs/decisions/001-content-tier.md), so nothing in
 * the message counts: the message has no fields at all. The host is the sender's, as the browser
 * stamps it (the frame's URL), only for the top frame (`frameId` 0: a frame the page embeds at a
 * host it picked marks nothing), only in a normal window (window-kind.ts: 'normal' from
 * `sender.tab`, as the browser says it; anything else counts as private), never from our own pages. The worst a page
 * can do by sending it at will: mark its own host, which adds the password advice to what its
 * own site is told later, and nothing else. A page repeating it costs one write per
 * VISIT_STEP_MS per host at most.
 */
import { treatAsPrivate, windowKindOf } from '@/src/shared/window-kind';
import type { SenderLike } from '../sender';
import { VISIT_STEP_MS, type VisitStore } from './visit-store';
import { visitedHost } from './wiring';

/** Hosts remembered for the repeat limit; past it the map starts afresh. */
const MAX_HOSTS = 1000;

/** The host a `password.typed` from `sender` may mark, or null. */
export function passwordHost(sender: SenderLike): string | null {
  if (sender.frameId !== 0) return null;
  const tabId = sender.tab?.id;
  if (tabId === undefined || tabId < 0 || treatAsPrivate(windowKindOf(sender.tab))) return null;
  return sender.url ? visitedHost(sender.url) : null;
}

export function createPasswordNotes(store: Pick<VisitStore, 'notePassword'>, now: () => number = Date.now) {
  const last = new Map<string, number>();
  /** True when the mark was written. */
  return async function noted(sender: SenderLike): Promise<boolean> {
    const host = passwordHost(sender);
    if (!host) return false;
    const t = now();
    const before = last.get(host);
    if (before !== undefined && t - before < VISIT_STEP_MS) return false;
    if (last.size >= MAX_HOSTS) last.clear();
    last.set(host, t);
    await store.notePassword(host);
    return true;
  };
}
