/**
 * The organization's remote files (policy configUrl and blockFeedUrl), kept fresh: each is read
 * when the policy names it, then on an alarm every `remoteRefreshMinutes` (alarms, not timers: the
 * MV3 background sleeps between events, and an alarm wakes it). What a read's outcome does to the
 * last good copy is remote-copy.ts's rule; the copies are kept in the private store
 * (state/remote-copies.ts) and handed to the settings store, which layers them under the managed
 * policy (remote-config.ts), so the feed's hosts become the organization's block rules
 * (net-rules.ts) through the settings like the policy's own list.
 *
 * Problems (an unreachable file, a refused one, feed lines that are no entry, remote values the
 * managed policy overrides) are kept beside the policy's own problems, shown in options and
 * reported to the organization once per new set (`policy.rejected`).
 *
 * `onFeedJoined`: the entries that just joined the feed, for features that act on a host the
 * moment the organization blocks it (e.g. telling the person they visited it recently).
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import { joinedFeed, readBlockFeed } from '@/src/shared/policy/block-feed';
import { layerRemoteConfig, readRemoteConfig } from '@/src/shared/policy/remote-config';
import {
  copyFor,
  etagFor,
  nextCopy,
  type FileRead,
  type RemoteCopy,
  type RemoteKey,
} from '@/src/shared/policy/remote-copy';
import { whenSuffixTable } from '@/src/shared/url/suffix-table';
import { fetchRemoteFile } from '../api/remote-file';
import { createMutex } from '../state/kv';
import {
  layerOf,
  readCopy,
  readRemoteProblems,
  writeCopy,
  writeRemoteProblems,
  type ConfigCopy,
  type FeedCopy,
} from '../state/remote-copies';
import type { SettingsState, SettingsStore } from '../state/settings-store';

export const REMOTE_ALARMS: Readonly<Record<RemoteKey, string>> = {
  configUrl: 'linklens-remote-config',
  blockFeedUrl: 'linklens-block-feed',
};
export const REMOTE_KEYS: readonly RemoteKey[] = ['configUrl', 'blockFeedUrl'];
/** Bytes read at most: a policy file is small; a feed of MAX_FEED_ENTRIES (block-feed.ts) entries fits. */
export const REMOTE_LIMITS: Readonly<Record<RemoteKey, number>> = { configUrl: 256_000, blockFeedUrl: 2_000_000 };
const MINUTE = 60_000;

type Alarms = Pick<typeof browser.alarms, 'get' | 'create' | 'clear'>;

export interface RemotePolicyDeps {
  settings: SettingsStore;
  fetchFile?: typeof fetchRemoteFile;
  alarms?: Alarms;
  now?: () => number;
  /** A new, non-empty set of problems (reporting: `policy.rejected`). */
  report?: (keys: string[]) => void;
}

export interface RemotePolicy {
  /** Reads the file `key` names now (the alarm's work). Never throws. */
  refresh(key: RemoteKey): Promise<void>;
  /** Alarms and first reads follow the policy (its addresses and interval). */
  follow(st?: SettingsState): Promise<void>;
  /** An alarm fired: the file it names is read, and its periodic alarm is put back if it was replaced. */
  onAlarm(name: string): Promise<void>;
  /** Called with the entries that joined the feed at a refresh; returns the unsubscribe. */
  onFeedJoined(fn: (entries: string[]) => void): () => void;
}

const READERS: Record<RemoteKey, (text: string) => FileRead<unknown>> = {
  configUrl: readRemoteConfig,
  blockFeedUrl: readBlockFeed,
};

export function createRemotePolicy(deps: RemotePolicyDeps): RemotePolicy {
  const fetchFile = deps.fetchFile ?? fetchRemoteFile;
  const alarms = deps.alarms ?? browser.alarms;
  const now = deps.now ?? Date.now;
  const joinedListeners = new Set<(entries: string[]) => void>();
  const locks: Record<RemoteKey, ReturnType<typeof createMutex>> = {
    configUrl: createMutex(),
    blockFeedUrl: createMutex(),
  };
  /** What `follow` last acted on, per key: the address and interval (a settings change of anything else does nothing). */
  const followed: Partial<Record<RemoteKey, string>> = {};

  function publish(config: ConfigCopy | null, feed: FeedCopy | null) {
    deps.settings.setRemote(layerOf(config, feed));
  }

  /** Stores this key's problems beside the other key's; reports a new non-empty set. */
  async function setProblems(key: RemoteKey, mine: string[]) {
    const before = await readRemoteProblems();
    const next = [...new Set([...before.filter((p) => !p.startsWith(key)), ...mine])].sort();
    if (JSON.stringify(next) === JSON.stringify(before)) return;
    await writeRemoteProblems(next);
    if (mine.some((p) => !before.includes(p))) deps.report?.(next);
  }

  async function refreshNow(key: RemoteKey): Promise<void> {
    const { settings: s } = await deps.settings.get();
    const url = s[key];
    if (!url) return;
    // Feed entries are read like every list entry, against the public suffix list.
    await whenSuffixTable();
    const last = (await readCopy(key as never)) as RemoteCopy<unknown> | null;
    const outcome = await fetchFile(url, { etag: etagFor(url, last), limit: REMOTE_LIMITS[key] });
    const step = nextCopy(key, url, last, outcome, READERS[key], now());
    if (step.copy !== last) await writeCopy(key, step.copy);
    const [config, feed] =
      key === 'configUrl'
        ? [step.copy as ConfigCopy | null, await readCopy('blockFeedUrl')]
        : [await readCopy('configUrl'), step.copy as FeedCopy | null];
    publish(config, feed);
    let problems = step.problems;
    if (key === 'configUrl' && config)
      problems = [...problems, ...layerRemoteConfig(await deps.settings.managedPolicy(), config.data).problems];
    await setProblems(key, problems);
    if (key === 'blockFeedUrl' && step.changed && feed) {
      const joined = joinedFeed((copyFor(url, last)?.data as string[] | undefined) ?? [], feed.data);
      if (joined.length)
        for (const fn of joinedListeners) {
          try {
            fn(joined);
          } catch {
            // One listener's error never breaks the others.
          }
        }
    }
  }

  /** The periodic alarm for `key`, kept when it is there with this period. */
  async function ensureAlarm(key: RemoteKey, period: number): Promise<void> {
    const name = REMOTE_ALARMS[key];
    const alarm = await alarms.get(name);
    // Re-creating an alarm on every wake would restart its period (a background woken more
    // often than the period would never refresh).
    if (!alarm || alarm.periodInMinutes !== period)
      await alarms.create(name, { delayInMinutes: period, periodInMinutes: period });
  }

  async function followKey(key: RemoteKey, st: SettingsState): Promise<void> {
    const url = st.settings[key];
    const period = st.settings.remoteRefreshMinutes;
    const name = REMOTE_ALARMS[key];
    if (!url) {
      await alarms.clear(name);
      // Only the live policy says the key is gone: the cache of a starting browser may lag.
      if (!st.policyLive) return;
      if (await readCopy(key as never)) {
        await writeCopy(key, null);
        publish(await readCopy('configUrl'), await readCopy('blockFeedUrl'));
      }
      await setProblems(key, []);
      return;
    }
    await ensureAlarm(key, period);
    const copy = copyFor(url, (await readCopy(key as never)) as RemoteCopy<unknown> | null);
    if (!copy || copy.fetchedAt + period * MINUTE <= now()) await api.refresh(key);
  }

  const api: RemotePolicy = {
    refresh: (key) => locks[key](() => refreshNow(key)).catch(ignore),
    async follow(given) {
      const st = given ?? (await deps.settings.get());
      for (const key of REMOTE_KEYS) {
        const sig = `${st.settings[key]}\n${st.settings.remoteRefreshMinutes}\n${st.policyLive}`;
        if (followed[key] === sig) continue;
        followed[key] = sig;
        await followKey(key, st).catch(ignore);
      }
    },
    async onAlarm(name) {
      const key = REMOTE_KEYS.find((k) => REMOTE_ALARMS[k] === name);
      if (!key) return;
      await api.refresh(key);
      const { settings: s } = await deps.settings.get();
      if (s[key]) await ensureAlarm(key, s.remoteRefreshMinutes).catch(ignore);
    },
    onFeedJoined(fn) {
      joinedListeners.add(fn);
      return () => joinedListeners.delete(fn);
    },
  };
  return api;
}
