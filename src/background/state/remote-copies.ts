/**
 * The last good copies of the organization's remote files (configUrl, blockFeedUrl) and the
 * problems their last refresh found. Kept in the private store (kv 'db'), not storage.local:
 * Firefox content scripts can read storage.local, and the feed is the organization's block list,
 * which nothing a page can reach may reveal. Both copies are validated again on every read, like
 * the policy cache: a stored copy is never trusted as it is.
 */
import { z } from 'zod/mini';
import { str } from '@/src/shared/zod-lean';
import { readRemoteConfig } from '@/src/shared/policy/remote-config';
import { readBlockFeed } from '@/src/shared/policy/block-feed';
import { NO_REMOTE, type RemoteLayer } from '@/src/shared/policy/remote-config';
import type { RemoteCopy, RemoteKey } from '@/src/shared/policy/remote-copy';
import type { ManagedValues } from '@/src/shared/policy/managed';
import { readKey, writeKey } from './kv';

const KEYS: Record<RemoteKey, string> = { configUrl: 'remoteConfigCopy', blockFeedUrl: 'blockFeedCopy' };
const PROBLEMS_KEY = 'remotePolicyProblems';

/** A copy as stored: its file's text is kept in the read form (values, entries), read again on load. */
const Stored = z.object({
  url: str(2000),
  etag: z.nullable(str(1000)),
  fetchedAt: z.number(),
  data: z.unknown(),
  notes: z.array(str(200)).check(z.maxLength(200)),
});

export type ConfigCopy = RemoteCopy<ManagedValues>;
export type FeedCopy = RemoteCopy<string[]>;

/** Read again through the file's own reader, so a stored copy passes the checks a fetched one did. */
function revalidate<T>(key: RemoteKey, raw: unknown): RemoteCopy<T> | null {
  const r = Stored.safeParse(raw);
  if (!r.success) return null;
  const read =
    key === 'configUrl'
      ? readRemoteConfig(JSON.stringify(r.data.data ?? null))
      : readBlockFeed(JSON.stringify(r.data.data ?? null));
  return read.ok ? { ...r.data, data: read.data as T } : null;
}

export async function readCopy(key: 'configUrl'): Promise<ConfigCopy | null>;
export async function readCopy(key: 'blockFeedUrl'): Promise<FeedCopy | null>;
export async function readCopy(key: RemoteKey): Promise<RemoteCopy<unknown> | null> {
  return revalidate(key, await readKey('db', KEYS[key], z.unknown(), null));
}

export function writeCopy(key: RemoteKey, copy: RemoteCopy<unknown> | null): Promise<void> {
  return writeKey('db', KEYS[key], copy);
}

/** The copies as the settings store layers them under the policy (remote-config.ts policyWithRemote). */
export async function readRemoteLayer(): Promise<RemoteLayer> {
  const [config, feed] = await Promise.all([readCopy('configUrl'), readCopy('blockFeedUrl')]);
  return layerOf(config, feed);
}

export function layerOf(config: ConfigCopy | null, feed: FeedCopy | null): RemoteLayer {
  if (!config && !feed) return NO_REMOTE;
  return {
    config: config && { url: config.url, values: config.data },
    feed: feed && { url: feed.url, entries: feed.data },
  };
}

/** The remote files' policy problems, as their last refresh found them (shown with the policy's own). */
export const readRemoteProblems = (): Promise<string[]> =>
  readKey('db', PROBLEMS_KEY, z.array(str(200)).check(z.maxLength(200)), []);
export const writeRemoteProblems = (problems: string[]): Promise<void> =>
  writeKey('db', PROBLEMS_KEY, problems.slice(0, 200));
