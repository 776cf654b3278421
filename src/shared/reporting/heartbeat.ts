/**
 * The heartbeat (events.ts `heartbeat`): sent every HEARTBEAT_MINUTES while reporting is on, so an
 * organization sees a machine whose extension was removed, disabled or tampered with go quiet, and
 * which policy each machine runs. Pure: the background hashes the text and schedules the alarm.
 *
 * The policy is named by a hash of its canonical text: the managed values as read (managed.ts
 * readManaged: valid values only), keys sorted at every level, lists in their order, without the
 * secrets (the API key and the reporting token are never hashed: a hash of a short secret can be
 * guessed back). An administrator computes the same hash from their own policy file to check
 * that a machine runs it. Examples: heartbeat.examples.ts.
 */

export const HEARTBEAT_MINUTES = 15;

/** Policy keys left out of the hash: credentials. */
export const UNHASHED_POLICY_KEYS: readonly string[] = ['apiKey', 'reportingToken'];

/** The canonical text of a policy, or null when it sets nothing that is hashed. */
export function policyDigestText(values: Readonly<Record<string, unknown>>): string | null {
  const kept = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => v !== undefined && !UNHASHED_POLICY_KEYS.includes(k)),
  );
  return Object.keys(kept).length === 0 ? null : canonicalJson(kept);
}

/** JSON with object keys sorted at every level, no spaces. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** The hash as reported: `sha256:` and the digest of the canonical text in hex. */
export const formatPolicyHash = (digest: ArrayBuffer): string =>
  `sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
