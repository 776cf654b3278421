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
  | 'generic';

/**
 * Why a wrapper could not be read. The link is then judged as the wrapper itself (its URL is
 * still a hop), never as "safe because we could not tell".
 * - missing: a known wrapper without its destination parameter
 * - not-a-web-url: the destination is not an absolute http(s) URL (relative, javascript:, junk)
 * - bad-encoding: Proofpoint's encoding is broken (bad escape, base64, substitution count)
 * - bad-structure: Proofpoint v3 without its `__…__;…!` frame
 * - too-deep: still wrapped after MAX_UNWRAP_DEPTH unwrappings
 * - too-long: a destination much longer than its wrapper (only a forged encoding does that)
 */
export type UnreadableReason =
  | 'missing'
  | 'not-a-web-url'
  | 'bad-encoding'
  | 'bad-structure'
  | 'too-deep'
  | 'too-long';

export type Read = { ok: true; url: URL } | { ok: false; reason: UnreadableReason };

/** One known wrapper: matched by host and path (cheap), then read. */
export interface WrapperRule {
  kind: Exclude<WrapperKind, 'generic'>;
  /** Lowercase host without trailing dot. */
  host: (host: string) => boolean;
  /** Tested against URL.pathname; absent = any path. */
  path?: RegExp;
  read: (u: URL) => Read;
}
