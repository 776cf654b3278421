/**
 * The cached policy: the last live read of storage.managed, kept in the private store (the
 * extension's IndexedDB, out of every content script's reach) so that the policy is in force from
 * the first navigation after the browser starts, while the first live read (2–20 s) is pending.
 * Until that read answers, the cache is in force as it is (the floor rule, floor.ts, applies to
 * it like to the live policy), validated like a policy on every read.
 *
 * Credentials are never cached (the API key, the reporting token): the cache keeps only whether
 * the policy sets the service, so the settings store knows to hold navigations until the live
 * read brings the key (settings-store.ts `starting`).
 */
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
