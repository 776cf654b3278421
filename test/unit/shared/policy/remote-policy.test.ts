import { describe, expect, it } from 'vitest';
import { joinedFeed, MAX_FEED_ENTRIES, MAX_NAMED_BAD, readBlockFeed } from '@/src/shared/policy/block-feed';
import { FEED_EXAMPLES } from '@/src/shared/policy/block-feed.examples';
import { layerRemoteConfig, policyWithRemote, readRemoteConfig } from '@/src/shared/policy/remote-config';
import { LAYER_EXAMPLES, READ_EXAMPLES } from '@/src/shared/policy/remote-config.examples';
import { copyFor, etagFor, nextCopy } from '@/src/shared/policy/remote-copy';
import { COPY_EXAMPLES, URL_A, URL_B } from '@/src/shared/policy/remote-copy.examples';
import { isRemoteFileUrl } from '@/src/shared/policy/remote-url';
import { lockedKeys, mergeSettings, readManaged, type ManagedValues } from '@/src/shared/policy/managed';
import { defaultSettings } from '@/src/shared/policy/settings';
import { atLeastAsSafe, SAFER, type FloorKey } from '@/src/shared/policy/floor';
import { BLOCKLIST_BUCKETS, ORG_BLOCK_PRIORITY, planNetRules } from '@/src/shared/policy/net-rules';
import { NET_RULE_BASE } from '@/src/shared/policy/net-rules.examples';

describe('block feed reader (example table)', () => {
  it.each(FEED_EXAMPLES.map((x) => [x.name, x] as const))('%s', (_n, x) => {
    const r = readBlockFeed(x.text);
    expect(r.ok ? r.data : null).toEqual(x.entries);
    expect(r.problems).toEqual(x.problems);
  });

  it(`names ${MAX_NAMED_BAD} bad entries and counts the rest`, () => {
    const r = readBlockFeed(['ok.example', ...Array.from({ length: 30 }, () => 'bad entry')].join('\n'));
    expect(r.problems).toHaveLength(MAX_NAMED_BAD + 1);
    expect(r.problems.at(-1)).toBe('blockFeedUrl:more-bad-entries-10');
  });

  it(`refuses a feed of more than ${MAX_FEED_ENTRIES} entries`, () => {
    const text = Array.from({ length: MAX_FEED_ENTRIES + 1 }, (_, i) => `h${i}.example`).join('\n');
    expect(readBlockFeed(text)).toEqual({ ok: false, problems: ['blockFeedUrl:too-many-entries'] });
  });

  it('names the entries that joined the feed', () => {
    expect(joinedFeed(['a.example', 'b.example'], ['b.example', 'c.example', '*.d.example'])).toEqual([
      'c.example',
      '*.d.example',
    ]);
    expect(joinedFeed(['a.example'], [])).toEqual([]);
  });
});

describe('fetch outcome → keep, replace, report (example table)', () => {
  it.each(COPY_EXAMPLES.map((x) => [x.name, x] as const))('%s', (_n, x) => {
    const step = nextCopy('blockFeedUrl', URL_A, x.last, x.outcome, readBlockFeed, 5000);
    expect(step.problems).toEqual(x.expected.problems);
    expect(step.changed).toBe(x.expected.changed);
    if (x.expected.copy === 'none') return expect(step.copy).toBeNull();
    expect(step.copy?.url).toBe(URL_A);
    expect(step.copy?.data).toEqual(x.expected.data);
    if (x.expected.etag !== undefined) expect(step.copy?.etag).toBe(x.expected.etag);
    // A copy confirmed or read now is dated now; one kept through a failure keeps its date.
    const confirmed = x.expected.copy === 'replace' || x.outcome.kind === 'not-modified';
    expect(step.copy?.fetchedAt).toBe(confirmed ? 5000 : x.last?.fetchedAt);
  });

  it("sends the copy's ETag only to the address it came from", () => {
    const copy = { url: URL_A, etag: '"v1"', fetchedAt: 0, data: [], notes: [] };
    expect(etagFor(URL_A, copy)).toBe('"v1"');
    expect(etagFor(URL_B, copy)).toBeNull();
    expect(copyFor(URL_B, copy)).toBeNull();
  });
});

describe('remote configuration under the managed policy (example table)', () => {
  it.each(LAYER_EXAMPLES.map((x) => [x.name, x] as const))('%s', (_n, x) => {
    const r = layerRemoteConfig(x.managed as ManagedValues, x.remote as ManagedValues);
    for (const [k, v] of Object.entries(x.expected)) expect((r.values as Record<string, unknown>)[k], k).toEqual(v);
    expect(r.problems).toEqual(x.problems);
  });

  it.each(READ_EXAMPLES.map((x) => [x.name, x] as const))('reading: %s', (_n, x) => {
    const r = readRemoteConfig(x.text);
    expect(r.ok).toBe(x.ok);
    expect(r.problems).toEqual(x.problems);
  });

  it('never leaves a key the managed policy set less safe than the managed policy alone (floor.ts atLeastAsSafe)', () => {
    const person = defaultSettings();
    let checked = 0;
    for (const x of LAYER_EXAMPLES) {
      const alone = mergeSettings(person, x.managed as ManagedValues).settings;
      const layered = mergeSettings(
        person,
        layerRemoteConfig(x.managed as ManagedValues, x.remote as ManagedValues).values,
      ).settings;
      for (const k of Object.keys(x.managed) as FloorKey[]) {
        // A key without a safer way given in part (budgets): the fields the policy set stay its own.
        if (SAFER[k].kind === 'fixed' && typeof alone[k] === 'object')
          for (const f of Object.keys(x.managed[k] as object))
            expect((layered[k] as Record<string, unknown>)[f]).toEqual((alone[k] as Record<string, unknown>)[f]);
        else expect(atLeastAsSafe(k, layered[k] as never, alone[k] as never), `${x.name}: ${k}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('keys the remote file sets are locked for the person like the managed ones', () => {
    const managed = { configUrl: URL_A, blockThreshold: 70 };
    const layer = policyWithRemote(managed, { config: { url: URL_A, values: { lockAll: true } }, feed: null });
    expect(lockedKeys(layer.values)).toContain('blockThreshold');
    expect(lockedKeys(managed)).not.toContain('strictMode');
    expect(lockedKeys(layer.values)).toContain('strictMode');
  });
});

describe('the policy with its remote copies', () => {
  const managed = { configUrl: URL_A, blockFeedUrl: URL_B, blocklist: ['policy.example'] };

  it("adds the feed's entries to the organization's block list, and the remote file under the policy", () => {
    const r = policyWithRemote(managed, {
      config: { url: URL_A, values: { strictMode: true, blocklist: ['config.example'] } },
      feed: { url: URL_B, entries: ['feed.example'] },
    });
    expect(r.values.blocklist).toEqual(['policy.example', 'config.example', 'feed.example']);
    expect(r.values.strictMode).toBe(true);
  });

  it('applies no copy read from another address than the policy names now, nor any once the policy drops the key', () => {
    const stale = {
      config: { url: 'https://old.example/c.json', values: { strictMode: true } },
      feed: { url: 'https://old.example/f', entries: ['feed.example'] },
    };
    expect(policyWithRemote(managed, stale).values).toEqual(managed);
    const fresh = {
      config: { url: URL_A, values: { strictMode: true } },
      feed: { url: URL_B, entries: ['feed.example'] },
    };
    expect(policyWithRemote({ blocklist: ['policy.example'] }, fresh).values).toEqual({
      blocklist: ['policy.example'],
    });
  });
});

describe('the remote addresses', () => {
  it.each([
    ['https://it.example/linklens.json', true],
    ['https://it.example/feed.txt?team=a', true],
    ['http://127.0.0.1:8080/feed.txt', true],
    ['http://it.example/feed.txt', false],
    ['https://u:p@it.example/feed.txt', false],
    ['https://u@it.example/feed.txt', false],
    ['ftp://it.example/f', false],
    ['it.example/f', false],
  ] as const)('%s → %s', (url, ok) => expect(isRemoteFileUrl(url)).toBe(ok));

  it('a policy naming an address with credentials, or plain http elsewhere, is a policy problem and fetches nothing', () => {
    const r = readManaged({
      configUrl: 'https://admin:secret@it.example/c.json',
      blockFeedUrl: 'http://it.example/f.txt',
      remoteRefreshMinutes: 5,
    });
    expect(r.invalid.sort()).toEqual(['blockFeedUrl', 'configUrl', 'remoteRefreshMinutes']);
    expect(r.values).toEqual({});
  });
});

describe("a full feed in the browser's rules", () => {
  it(`${MAX_FEED_ENTRIES} feed hosts take at most BLOCKLIST_BUCKETS rules and no regex slot, above every allow rule`, () => {
    const entries = readBlockFeed(Array.from({ length: MAX_FEED_ENTRIES }, (_, i) => `h${i}.example`).join('\n'));
    if (!entries.ok) throw new Error('the feed was refused');
    const policy = policyWithRemote(
      { blockFeedUrl: URL_B },
      { config: null, feed: { url: URL_B, entries: entries.data } },
    ).values;
    const s = mergeSettings(defaultSettings(), policy).settings;
    const plan = planNetRules({
      ...NET_RULE_BASE,
      settings: { ...NET_RULE_BASE.settings, blocklist: s.blocklist, orgBlocklist: policy.blocklist },
    });
    const org = plan.dynamic.filter((r) => r.priority === ORG_BLOCK_PRIORITY);
    expect(org.length).toBeLessThanOrEqual(BLOCKLIST_BUCKETS);
    expect(org.every((r) => r.condition.regexFilter === undefined)).toBe(true);
    // Each host is named twice, with and without the trailing dot (request-filter.ts).
    expect(new Set(org.flatMap((r) => r.condition.requestDomains ?? []).filter((d) => !d.endsWith('.'))).size).toBe(
      MAX_FEED_ENTRIES,
    );
  });
});
