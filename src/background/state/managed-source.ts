/**
 * Where the policy comes from: the live storage.managed, and the cache of its last successful
 * read in the private store (policy rules for the cache: src/shared/policy/managed-cache.ts).
 */
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { readManaged, type ManagedValues } from '@/src/shared/policy/managed';
import { readCache, toCache, type ManagedCache } from '@/src/shared/policy/managed-cache';
import { readKey, writeKey } from './kv';

const CACHE_KEY = 'managedCache';

/**
 * The live policy, `{}` when there is none, or null when it could not be read (then the cache
 * keeps its provisional, restrictions-only role). Firefox throws "Managed storage manifest not
 * found" when no policy names Linklens: that is a successful read of "no policy", otherwise a
 * policy removed by the administrator would leave its cached restrictions forever.
 */
export async function readLivePolicy(): Promise<ManagedValues | null> {
  try {
    return readManaged(await browser.storage.managed.get(null)).values;
  } catch (e) {
    return e instanceof Error && /manifest not found/i.test(e.message) ? {} : null;
  }
}

/** The last policy read, or null when none was ever kept (a fresh profile). */
export async function readPolicyCache(): Promise<ManagedCache | null> {
  const raw = await readKey('db', CACHE_KEY, z.unknown(), null);
  return raw === null ? null : readCache(raw);
}

/** Never the API key: only whether the policy sets one (managed-cache.ts). */
export function writePolicyCache(live: ManagedValues): Promise<void> {
  return writeKey('db', CACHE_KEY, toCache(live));
}

/**
 * Whether the browser installed Linklens because an administrator's policy says so (Chrome's
 * ExtensionInstallForcelist, Firefox's ExtensionSettings): then a policy may well configure the
 * service although none was read yet (a fresh profile), so navigations wait for the first read.
 * `management.getSelf` needs no permission; an error counts as "no".
 */
export async function installedByPolicy(): Promise<boolean> {
  try {
    return (await browser.management.getSelf()).installType === 'admin';
  } catch {
    return false;
  }
}
