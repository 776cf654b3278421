/**
 * Validation of everything that reaches the content script (style.md 5: validate at every edge).
 * A bad message or a bad entry is dropped; it never throws and never becomes a made-up verdict.
 * The checks are protocol.ts's schemas as small hand-written guards (content-schemas.ts: why, and
 * the test that keeps the two in agreement).
 */
import { parseBackgroundToContent, parseContentConfig, parseLinkInfo } from '@/src/shared/messaging/content-schemas';
import type { BackgroundToContent, ContentConfig, LinkInfo, Reply } from '@/src/shared/messaging/protocol';

/**
 * URL → info from an untrusted-shaped record (a `links.lookup` reply or a `links.update` push).
 * Entries whose value fails LinkInfoSchema are skipped; so are URLs `wanted` refuses (checked
 * first, so entries we do not care about cost no validation).
 */
export function parseLinkInfos(data: unknown, wanted: (url: string) => boolean = () => true): Map<string, LinkInfo> {
  const out = new Map<string, LinkInfo>();
  if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
  for (const [url, value] of Object.entries(data as Record<string, unknown>)) {
    if (!wanted(url)) continue;
    const info = parseLinkInfo(value);
    if (info) out.set(url, info);
  }
  return out;
}

/**
 * The `links.lookup` reply for the URLs we sent, read URL by URL. An 'unknown' answer for a URL
 * `ignoresUnknown` accepts is dropped without building anything (on an ordinary page that is
 * nearly every answer, and it would change nothing: link-store.ts `setInfo`).
 */
export function parseLookupReply(data: unknown, sent: readonly string[], ignoresUnknown: (url: string) => boolean = () => false): Map<string, LinkInfo> {
  const out = new Map<string, LinkInfo>();
  if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
  const record = data as Record<string, unknown>;
  for (const url of sent) {
    if (!Object.prototype.hasOwnProperty.call(record, url)) continue;
    const value = record[url];
    if ((value as { status?: unknown } | null)?.status === 'unknown' && ignoresUnknown(url)) continue;
    const info = parseLinkInfo(value);
    if (info) out.set(url, info);
  }
  return out;
}

/** A background→content message, or null when it is not one (then we do not answer at all). */
export function parseIncoming(message: unknown): BackgroundToContent | null {
  return parseBackgroundToContent(message);
}

/** The `link.hover` reply's info, or null. */
export function parseHoverReply(reply: Reply<unknown>): LinkInfo | null {
  return reply.ok ? parseLinkInfo(reply.data) : null;
}

export const DEFAULT_CONTENT_CONFIG: ContentConfig = { hoverDelayMs: 300, scanHovers: true };

/** The `config.get` reply, or the defaults (an older background may not know the message). */
export function parseConfigReply(reply: Reply<unknown>): ContentConfig {
  return (reply.ok && parseContentConfig(reply.data)) || DEFAULT_CONTENT_CONFIG;
}
