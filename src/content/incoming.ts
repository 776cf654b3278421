/**
 * Validation of everything that reaches the content script (style.md 5: validate at every edge).
 * A bad message or a bad entry is dropped; it never throws and never becomes a made-up verdict.
 * The schemas are protocol.ts's, mirrored in zod/mini (content-schemas.ts: why, and the checks
 * that keep the two identical).
 */
import { BackgroundToContentMini, ContentConfigMini, LinkInfoMini } from '@/src/shared/messaging/content-schemas';
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
    const parsed = LinkInfoMini.safeParse(value);
    if (parsed.success) out.set(url, parsed.data);
  }
  return out;
}

/** A background→content message, or null when it is not one (then we do not answer at all). */
export function parseIncoming(message: unknown): BackgroundToContent | null {
  const parsed = BackgroundToContentMini.safeParse(message);
  return parsed.success ? parsed.data : null;
}

/** The `link.hover` reply's info, or null. */
export function parseHoverReply(reply: Reply<unknown>): LinkInfo | null {
  if (!reply.ok) return null;
  const parsed = LinkInfoMini.safeParse(reply.data);
  return parsed.success ? parsed.data : null;
}

export const DEFAULT_CONTENT_CONFIG: ContentConfig = { hoverDelayMs: 300, scanHovers: true };

/** The `config.get` reply, or the defaults (an older background may not know the message). */
export function parseConfigReply(reply: Reply<unknown>): ContentConfig {
  if (!reply.ok) return DEFAULT_CONTENT_CONFIG;
  const parsed = ContentConfigMini.safeParse(reply.data);
  return parsed.success ? parsed.data : DEFAULT_CONTENT_CONFIG;
}
