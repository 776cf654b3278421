/**
 * The cached policy (the last live read of storage.managed, kept in the private store so start-up
 * need not wait on a slow storage.managed: the first storage.managed read takes seconds on a fresh profile) and what it may do before the live
 * read of this background life has succeeded (docs/decisions/007-private-store.md).
 *
 * A cache is never authoritative: until a live read succeeds it may only ADD restrictions (more
 * protection, less sent), never set where URLs go (serviceUrl, reportUrl), what is trusted
 * (allowlist) or loosen anything. So even a forged cache cannot redirect the service URL or
 * unlock a setting. Credentials are never cached (docs/decisions/007-private-store.md): the cache keeps only whether the policy
 * sets them, so the first decision that needs the key can wait for the live read.
 * Examples: managed-cache.examples.ts.
 */
import type { Settings } from './settings';
import { readManaged, type ManagedValues } from './managed';
import { isPlainObject } from './repair';

export interface ManagedCache {
  /** The policy's values minus credentials. */
  values: ManagedValues;
  /** The policy set serviceUrl or apiKey (so the live read decides whether Linklens is configured). */
  credentials: boolean;
}

/** What is written to the private store after a successful live read. */
export function toCache(live: ManagedValues): ManagedCache {
  // Credentials are never cached: the API key and the reporting token (docs/decisions/016-organizations.md) stay in policy.
  const { apiKey, reportingToken: _token, ...values } = live;
  return { values, credentials: Boolean(apiKey) || Boolean(values.serviceUrl) };
}

/** A stored cache, validated like a policy (never trusted as it is). */
export function readCache(raw: unknown): ManagedCache {
  if (!isPlainObject(raw)) return { values: {}, credentials: false };
  const { apiKey: _never, reportingToken: _nor, ...values } = readManaged(raw.values).values;
  return { values, credentials: raw.credentials === true };
}

type Rule = (cached: unknown, user: Settings) => unknown;
const when = (restrictive: unknown): Rule => (c) => (c === restrictive ? c : undefined);
const lower = (key: 'warnThreshold' | 'blockThreshold' | 'minBlockConfidence'): Rule => (c, u) => (typeof c === 'number' && c < u[key] ? c : undefined);

/**
 * Keys a cached policy may apply before the live read, each only in its restrictive direction.
 * Every other key (serviceUrl, reportUrl, allowlist, lockAll, delays, TTLs …) waits for the live
 * read. A new policy key is not applied from the cache until it is added here.
 */
export const PROVISIONAL_RULES: Readonly<Partial<Record<keyof Settings, Rule>>> = {
  blocklist: (c) => (Array.isArray(c) && c.length ? c : undefined), // added to the person's
  allowProceed: when(false),
  strictMode: when(true),
  strictFailMode: when('block'),
  auditOnly: when(false),
  warnThreshold: lower('warnThreshold'),
  blockThreshold: lower('blockThreshold'),
  minBlockConfidence: lower('minBlockConfidence'), // a lower minimum blocks more
  stripQuery: when(true),
  scanPrivateHosts: when(false),
  resolveShorteners: when(false),
  scanIncognito: when(false),
  scanNavigations: when(true),
  scanHovers: when(true),
  allowPause: when(false),
  allowUserAllowlist: when(false),
};

/** The part of a cached policy that applies before the live read (restrictions only). */
export function provisionalPolicy(cache: ManagedCache, user: Settings): ManagedValues {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cache.values)) {
    const rule = PROVISIONAL_RULES[key as keyof Settings];
    const v = rule ? rule(value, user) : undefined;
    if (v !== undefined) out[key] = v;
  }
  return out as ManagedValues;
}
