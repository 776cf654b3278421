/**
 * The organization's remote files as the background runs them: read when the policy names them,
 * refreshed by an alarm with the policy's interval, If-None-Match with the last ETag, the last good
 * copy kept through failures and in force after a restart, the feed's entries in the
 * organization's block list, problems kept with the policy's own, and onFeedJoined.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSettingsStore, type SettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';
import { createRemotePolicy, REMOTE_ALARMS, type RemotePolicy } from '@/src/background/remote/remote-policy';
import { readRemoteProblems } from '@/src/background/state/remote-copies';
import { orgBlocks } from '@/src/background/state/org-blocks';
import type { FetchOutcome } from '@/src/shared/policy/remote-copy';

const FEED = 'https://it.example/feed.txt';
const CONFIG = 'https://it.example/config.json';

interface Served {
  url: string;
  etag: string | null;
}
let asked: Served[];
let answers: Record<string, FetchOutcome>;
let reported: string[][];

async function boot(policy: Record<string, unknown>): Promise<{ settings: SettingsStore; remote: RemotePolicy }> {
  const settings = createSettingsStore(createMemorySecretStore(''));
  await fakeBrowser.storage.managed.set(policy);
  await settings.refreshManaged();
  const remote = createRemotePolicy({
    settings,
    fetchFile: async (url, { etag }) => {
      asked.push({ url, etag });
      return answers[url] ?? { kind: 'unreachable' };
    },
    report: (keys) => reported.push(keys),
  });
  return { settings, remote };
}

const ok = (text: string, etag: string | null = null): FetchOutcome => ({ kind: 'ok', text, etag });

beforeEach(() => {
  fakeBrowser.reset();
  asked = [];
  answers = {};
  reported = [];
});

describe('block feed', () => {
  it("a host the feed adds is on the organization's block list after one refresh, and onFeedJoined names it", async () => {
    answers[FEED] = ok('first.example\n', '"v1"');
    const { settings, remote } = await boot({ blockFeedUrl: FEED, remoteRefreshMinutes: 15 });
    const joined: string[][] = [];
    remote.onFeedJoined((e) => joined.push(e));
    await remote.follow();
    expect(asked).toEqual([{ url: FEED, etag: null }]);
    expect(orgBlocks('first.example', await settings.get())).toBe(true);
    // The alarm carries the policy's interval.
    expect(await fakeBrowser.alarms.get(REMOTE_ALARMS.blockFeedUrl)).toMatchObject({ periodInMinutes: 15 });

    answers[FEED] = ok('first.example\nfleet-found.example\n', '"v2"');
    await remote.onAlarm(REMOTE_ALARMS.blockFeedUrl);
    expect(asked.at(-1)).toEqual({ url: FEED, etag: '"v1"' });
    const st = await settings.get();
    expect(orgBlocks('fleet-found.example', st)).toBe(true);
    expect(orgBlocks('sub.fleet-found.example', st)).toBe(true);
    // Feed entries are the organization's: in the settings' block list and named as the policy's.
    expect(st.settings.blocklist).toContain('fleet-found.example');
    expect(joined).toEqual([['first.example'], ['fleet-found.example']]);
  });

  it('the feed server down, an HTTP error, or a 304: the last copy stays in force; failures are policy problems', async () => {
    answers[FEED] = ok('kept.example', '"v1"');
    const { settings, remote } = await boot({ blockFeedUrl: FEED });
    await remote.follow();
    expect(orgBlocks('kept.example', await settings.get())).toBe(true);

    answers[FEED] = { kind: 'unreachable' };
    await remote.refresh('blockFeedUrl');
    expect(orgBlocks('kept.example', await settings.get())).toBe(true);
    expect(await readRemoteProblems()).toEqual(['blockFeedUrl:unreachable']);
    expect(reported).toEqual([['blockFeedUrl:unreachable']]);

    answers[FEED] = { kind: 'http', status: 503 };
    await remote.refresh('blockFeedUrl');
    expect(orgBlocks('kept.example', await settings.get())).toBe(true);
    expect(await readRemoteProblems()).toEqual(['blockFeedUrl:http-503']);

    answers[FEED] = { kind: 'not-modified' };
    await remote.refresh('blockFeedUrl');
    expect(asked.at(-1)?.etag).toBe('"v1"');
    expect(orgBlocks('kept.example', await settings.get())).toBe(true);
    expect(await readRemoteProblems()).toEqual([]);
  });

  it('the last good copy is in force in the next background life before any fetch', async () => {
    answers[FEED] = ok('kept.example');
    const first = await boot({ blockFeedUrl: FEED });
    await first.remote.follow();
    answers[FEED] = { kind: 'unreachable' };
    const again = createSettingsStore(createMemorySecretStore(''));
    expect(orgBlocks('kept.example', await again.get())).toBe(true);
  });

  it('bad lines are reported by number; the good ones block', async () => {
    answers[FEED] = ok('good.example\nhttps://bad.example/\n');
    const { settings, remote } = await boot({ blockFeedUrl: FEED });
    await remote.follow();
    expect(orgBlocks('good.example', await settings.get())).toBe(true);
    expect(await readRemoteProblems()).toEqual(['blockFeedUrl:line-2']);
  });

  it('a policy that drops the feed removes its entries', async () => {
    answers[FEED] = ok('gone.example');
    const { settings, remote } = await boot({ blockFeedUrl: FEED });
    await remote.follow();
    expect(orgBlocks('gone.example', await settings.get())).toBe(true);
    await fakeBrowser.storage.managed.clear();
    await fakeBrowser.storage.managed.set({ blockThreshold: 60 });
    await settings.refreshManaged();
    await remote.follow();
    expect(orgBlocks('gone.example', await settings.get())).toBe(false);
    expect(await fakeBrowser.alarms.get(REMOTE_ALARMS.blockFeedUrl)).toBeUndefined();
  });

  it('an alarm that replaced the periodic one (a one-shot) is put back with the period', async () => {
    answers[FEED] = ok('x.example');
    const { remote } = await boot({ blockFeedUrl: FEED, remoteRefreshMinutes: 30 });
    await remote.follow();
    await fakeBrowser.alarms.create(REMOTE_ALARMS.blockFeedUrl, { when: Date.now() });
    await remote.onAlarm(REMOTE_ALARMS.blockFeedUrl);
    expect(await fakeBrowser.alarms.get(REMOTE_ALARMS.blockFeedUrl)).toMatchObject({ periodInMinutes: 30 });
  });
});

describe('remote configuration', () => {
  it('a stricter value applies, a looser one does not and is reported; the person cannot change keys it sets', async () => {
    answers[CONFIG] = ok(JSON.stringify({ blockThreshold: 90, strictMode: true, blocklist: ['cfg.example'] }), '"c1"');
    const { settings, remote } = await boot({ configUrl: CONFIG, blockThreshold: 70 });
    await remote.follow();
    const st = await settings.get();
    expect(st.settings.blockThreshold).toBe(70);
    expect(st.settings.strictMode).toBe(true);
    expect(orgBlocks('cfg.example', st)).toBe(true);
    expect(st.managedKeys).toContain('strictMode');
    expect(await readRemoteProblems()).toEqual(['configUrl.blockThreshold:managed-wins']);
    const r = await settings.set({ strictMode: false });
    expect(Object.keys(r.refused)).toEqual(['strictMode']);
  });

  it('a bad file keeps the last good copy', async () => {
    answers[CONFIG] = ok(JSON.stringify({ strictMode: true }));
    const { settings, remote } = await boot({ configUrl: CONFIG });
    await remote.follow();
    answers[CONFIG] = ok('{"strictMode": true, "blockThreshhold": 1}');
    await remote.refresh('configUrl');
    expect((await settings.get()).settings.strictMode).toBe(true);
    expect(await readRemoteProblems()).toEqual(['configUrl.blockThreshhold']);
    answers[CONFIG] = ok('<html>oops</html>');
    await remote.refresh('configUrl');
    expect((await settings.get()).settings.strictMode).toBe(true);
    expect(await readRemoteProblems()).toEqual(['configUrl:not-json']);
  });

  it('cannot move the service, reporting or itself', async () => {
    answers[CONFIG] = ok(
      JSON.stringify({
        serviceUrl: 'https://evil.example',
        reportingUrl: 'https://evil.example/in',
        blockFeedUrl: 'https://evil.example/f',
      }),
    );
    const { settings, remote } = await boot({ configUrl: CONFIG, serviceUrl: 'https://scan.example', apiKey: 'k' });
    await remote.follow();
    const s = (await settings.get()).settings;
    expect([s.serviceUrl, s.reportingUrl, s.blockFeedUrl]).toEqual(['https://scan.example', '', '']);
    expect(await readRemoteProblems()).toEqual([
      'configUrl.blockFeedUrl:managed-only',
      'configUrl.reportingUrl:managed-only',
      'configUrl.serviceUrl:managed-only',
    ]);
  });
});
