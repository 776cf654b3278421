/** Types shared by the unwrapping table, its readers and unwrap() (kept apart: no import cycle). */

export type WrapperKind =
  | 'google'
  | 'facebook'
  | 'instagram'
  | 'safelinks'
  | 'proofpoint-v1'
  | 'proofpoint-v2'
  | 'proofpoint-v3'
  | 'slack'
  | 'linkedin'
  | 'youtube'
  | 'steam'
  | 'reddit'
  | 'barracuda'
  | 'sophos'
  | 'amazon-ses'
  | 'cisco'
  | 'trendmicro'
  | 'fireeye'
  | 'libraesva'
  | 'azure-email'
  | 'whatsapp'
  | 'generic';

/**
 * Why a wrapper could not be read. The link is then judged as the wrapper itself (its URL is
 * still a hop), never as "safe because we could not tell".
 * - missing: a known wrapper without its destination parameter
 * - not-a-web-url: the destination is not an absolute http(s) URL (relative, javascript:, junk)
 * - bad-encoding: the wrapper's own encoding is broken (Proofpoint's escapes, base64 or
 *   substitution count; Sophos's base64)
 * - bad-structure: Proofpoint v3 without its `__…__;…!` frame
 * - too-deep: still wrapped after MAX_UNWRAP_DEPTH unwrappings
 * - too-long: a destination much longer than its wrapper (only a forged encoding does that)
 */
export type UnreadableReason = 'missing' | 'not-a-web-url' | 'bad-encoding' | 'bad-structure' | 'too-deep' | 'too-long';

export type Read = { ok: true; url: URL } | { ok: false; reason: UnreadableReason };

/** Where in URL.pathname a wrapper writes its destination (percent-encoded), [start, end). */
export interface PathSpan {
  start: number;
  end: number;
}

/** One known wrapper: matched by host and path (cheap), then read. */
export interface WrapperRule {
  kind: Exclude<WrapperKind, 'generic'>;
  /** Lowercase host without trailing dot. */
  host: (host: string) => boolean;
  /** Tested against URL.pathname; absent = any path. */
  path?: RegExp;
  read: (u: URL) => Read;
  /**
   * For wrappers that write the destination in their PATH (Cisco, Amazon SES): where it is, so
   * that stripping the query can strip the destination's query too (carried.ts).
   */
  carried?: (u: URL) => PathSpan | null;
}
