/**
 * The organization's remote configuration (policy configUrl): a file in the managed policy's own
 * shape (readManaged, public/managed_schema.json), layered under the managed policy. The remote
 * file can never loosen what the managed policy set; it may add what the managed policy left
 * open. Then the whole is one policy, and the floor rule (floor.ts) puts it over the person's
 * settings as it does any policy. Pure; examples: remote-config.examples.ts.
 *
 * Key by key (the direction of each key is floor.ts SAFER):
 *   - a key the managed policy does not set: the remote file's value, as if the policy set it;
 *   - a key with a safer direction that both set: the safer of the two (thresholds, switches,
 *     ranked values; per field for cache lifetimes and category actions);
 *   - the block list: both lists' entries (every entry adds protection);
 *   - the allowlist, and keys without a safer direction (fixed and policy-only keys), that both
 *     set: the managed policy's value;
 *   - never from the remote file: where data and secrets go (serviceUrl, apiKey, reportingUrl,
 *     reportingToken) and the remote keys themselves (REMOTE_REFUSED): a web server's file must
 *     not send the person's addresses or the organization's key elsewhere, nor move itself.
 * Whatever the remote file asked for and did not get is reported (`configUrl.<key>:managed-wins`,
 * `configUrl.<key>:managed-only`), so the administrator sees the two disagree.
 *
 * Reading the file: JSON (`configUrl:not-json`), an object (`configUrl:not-an-object`), every key
 * known and valid, as in the managed policy. A file with any invalid or unknown key is refused as
 * a whole (`configUrl.<key>` for each; the last good copy stays): a typo in a key name would
 * otherwise drop a restriction the last copy had, silently.
 */
import { readManaged, type ManagedValues } from './managed';
import { SAFER, saferOf, type FloorKey } from './floor';
import type { FileRead } from './remote-copy';
import type { SettingKey } from './settings';

/** Keys only the managed policy sets, never the remote file. */
export const REMOTE_REFUSED: readonly SettingKey[] = [
  'serviceUrl',
  'apiKey',
  'reportingUrl',
  'reportingToken',
  'configUrl',
  'blockFeedUrl',
  'remoteRefreshMinutes',
];

export function readRemoteConfig(text: string): FileRead<ManagedValues> {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, problems: ['configUrl:not-json'] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, problems: ['configUrl:not-an-object'] };
  const { values, invalid } = readManaged(raw);
  if (invalid.length) return { ok: false, problems: [...new Set(invalid)].map((k) => `configUrl.${k}`) };
  return { ok: true, data: values, problems: [] };
}

/** The managed policy with the remote file's values under it (see the header). */
export function layerRemoteConfig(
  managed: ManagedValues,
  remote: ManagedValues,
): { values: ManagedValues; problems: string[] } {
  const m = managed as Partial<Record<SettingKey, unknown>>;
  const out: Partial<Record<SettingKey, unknown>> = { ...m };
  const problems: string[] = [];
  for (const [k, rv] of Object.entries(remote) as [SettingKey, unknown][]) {
    if (rv === undefined || k === 'version') continue;
    if (REMOTE_REFUSED.includes(k)) {
      problems.push(`configUrl.${k}:managed-only`);
      continue;
    }
    const mv = m[k];
    if (mv === undefined) {
      out[k] = structuredClone(rv);
      continue;
    }
    const r = combine(k, mv, rv);
    out[k] = r.value;
    if (r.managedWins) problems.push(`configUrl.${k}:managed-wins`);
  }
  return { values: out as ManagedValues, problems };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Both set `key`: the value in force, and whether the remote file's value was not taken. */
function combine(key: FloorKey, mv: unknown, rv: unknown): { value: unknown; managedWins: boolean } {
  const dir = SAFER[key];
  switch (dir.kind) {
    case 'union':
      return { value: [...new Set([...(mv as string[]), ...(rv as string[])])], managedWins: false };
    case 'lowerEach':
    case 'rankedEach': {
      // Either side may give some fields only (a partial object in the policy).
      const a = mv as Record<string, unknown>;
      const b = rv as Record<string, unknown>;
      const value: Record<string, unknown> = { ...b, ...a };
      let managedWins = false;
      for (const f of Object.keys(a)) {
        if (b[f] === undefined) continue;
        const safer = (saferOf(key, { [f]: a[f] } as never, { [f]: b[f] } as never) as Record<string, unknown>)[f];
        value[f] = safer;
        if (!same(safer, b[f])) managedWins = true;
      }
      return { value, managedWins };
    }
    case 'true':
    case 'false':
    case 'lower':
    case 'higher':
    case 'ranked': {
      const value = saferOf(key, mv as never, rv as never);
      return { value, managedWins: !same(value, rv) };
    }
    default: {
      // The allowlist and keys without a safer direction: the managed policy's value stands
      // (an object given in part takes the remote file's other fields).
      if (isObject(mv) && isObject(rv)) {
        const value = { ...rv, ...mv };
        return { value, managedWins: Object.keys(mv).some((f) => rv[f] !== undefined && !same(rv[f], mv[f])) };
      }
      return { value: mv, managedWins: !same(mv, rv) };
    }
  }
}

/** The copies of the remote files as they apply to a policy (remote-copy.ts: a copy belongs to its address). */
export interface RemoteLayer {
  config: { url: string; values: ManagedValues } | null;
  feed: { url: string; entries: string[] } | null;
}

export const NO_REMOTE: RemoteLayer = { config: null, feed: null };

/**
 * The policy in force: the managed policy, the remote file under it, the feed's entries added to
 * the block list (as the organization's: no "Proceed anyway", rules above every exception). A
 * copy read from another address than the policy names now does not apply.
 */
export function policyWithRemote(
  managed: ManagedValues,
  remote: RemoteLayer,
): { values: ManagedValues; problems: string[] } {
  let values = managed;
  let problems: string[] = [];
  if (remote.config && managed.configUrl && remote.config.url === managed.configUrl)
    ({ values, problems } = layerRemoteConfig(managed, remote.config.values));
  if (remote.feed && managed.blockFeedUrl && remote.feed.url === managed.blockFeedUrl && remote.feed.entries.length) {
    values = { ...values, blocklist: [...new Set([...(values.blocklist ?? []), ...remote.feed.entries])] };
  }
  return { values, problems };
}
