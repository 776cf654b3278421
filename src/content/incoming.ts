/**
 * Validation of everything that reaches the content script (validate at every edge).
 * A bad message or a bad entry is dropped; it never throws and never becomes a made-up verdict.
 * The checks are protocol.ts's schemas as small hand-written guards (content-schemas.ts: why, and
 * the test that keeps the two in agreement).
 */
import { parseBackgroundToContent, parseContentConfig, parseLinkInfo } from '@/src/shared/messaging/content-schemas';
import type { ContentConfig, LinkInfo, Reply } from '@/src/shared/messaging/protocol';

/**
 * URL → info from an untrusted-shaped record (a `links.lookup` reply or a `links.update` push).
 * Only the URLs in `urls` are read (the ones we sent, or for a push the record's own keys) and
 * only those `wanted` accepts; entries that fail LinkInfoSchema are skipped. An 'unknown' answer
 * for a URL `ignoresUnknown` accepts is dropped without building anything: on an ordinary page
 * that is nearly every answer, and it would change nothing (link-store.ts `setInfo`).
 */
export function parseLinkInfos(
  data: unknown,
  wanted: (url: string) => boolean = () => true,
  urls?: readonly string[],
  ignoresUnknown: (url: string) => boolean = () => false,
): Map<string, LinkInfo> {
  const out = new Map<string, LinkInfo>();
  if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
  const record = data as Record<string, unknown>;
  for (const url of urls ?? Object.keys(record)) {
    if (!Object.hasOwn(record, url) || !wanted(url)) continue;
    const value = record[url];
    if ((value as { status?: unknown } | null)?.status === 'unknown' && ignoresUnknown(url)) continue;
    const info = parseLinkInfo(value);
    if (info) out.set(url, info);
  }
  return out;
}

/** A background→content message, or null when it is not one (then we do not answer at all). */
export { parseBackgroundToContent as parseIncoming };

/** The `link.hover` reply's info, or null. */
export function parseHoverReply(reply: Reply<unknown>): LinkInfo | null {
  return reply.ok ? parseLinkInfo(reply.data) : null;
}

export const DEFAULT_CONTENT_CONFIG: ContentConfig = { hoverDelayMs: 300, scanHovers: true };

/** The `config.get` reply, or the defaults (an older background may not know the message). */
export function parseConfigReply(reply: Reply<unknown>): ContentConfig {
  return (reply.ok && parseContentConfig(reply.data)) || DEFAULT_CONTENT_CONFIG;
}
