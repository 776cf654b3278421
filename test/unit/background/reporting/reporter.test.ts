/**
 * Reporting as the background runs it (docs/decisions/016-organizations.md): the real settings store over fakeBrowser,
 * a policy in storage.managed, the real sender with fetch stubbed, and fake timers for the batch
 * window. The API key, the token and URL credentials never appear in what is sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSettingsStore, type SettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';
import { report, startReporting } from '@/src/background/reporting';
import { reportBlocked, reportLookalike, reportPause, setByPerson } from '@/src/background/reporting/hooks';
import { readAll } from '@/src/background/state/kv';
import { incognitoUrls } from '@/src/background/state/incognito-urls';
import { EVENT_EXAMPLES } from '@/src/shared/reporting/events.examples';
import { REPORT_TYPES, type ReportInput } from '@/src/shared/reporting/events';

const API_KEY = 'sk_live_SECRET_KEY_0001';
const NEW_API_KEY = 'sk_live_SECRET_KEY_0002';
const TOKEN = 'rt_SECRET_TOKEN_0003';
const POLICY = {
  reportingUrl: 'https://siem.example.test/linklens?src=fleet',
  reportingToken: TOKEN,
  deviceTag: 'LAPTOP-7',
  userTag: 'jdoe',
};
/** Field names that would carry a credential. `key` (a setting's name in settings.changed) is not one. */
const CREDENTIAL_FIELD = /api.?key|token|secret|passw|authorization|cookie|credential|bearer/i;

interface Captured {
  url: string;
  init: RequestInit;
  body: { schema: string; events: { id: string; type: string; deviceTag: string; payload: Record<string, unknown> }[] };
}

let requests: Captured[];
let settings: SettingsStore;

async function boot(policy: Record<string, unknown> = POLICY) {
  settings = createSettingsStore(createMemorySecretStore(API_KEY));
  await fakeBrowser.storage.managed.set(policy);
  await settings.refreshManaged();
  startReporting({ settings, onServiceProblem: () => undefined, serviceProblem: () => null });
}

function fieldNames(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => fieldNames(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push(k);
      fieldNames(x, out);
    }
  }
  return out;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(Date.parse('2026-03-02T09:00:00Z'));
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, init, body: JSON.parse(String(init.body)) });
    return new Response(null, { status: 204 });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reporting end to end in the background', () => {
  it('sends every event type in one batch after the batch window, with the token only in the Authorization header', async () => {
    await boot();
    const credentialed = 'https://alice:hunter2@login-example.test/path#frag';
    for (const type of REPORT_TYPES) {
      const payload = structuredClone(EVENT_EXAMPLES[type].payload) as Record<string, unknown>;
      if ('url' in payload) payload.url = credentialed;
      await report({ type, payload } as ReportInput);
    }
    // The person changes the API key and a setting: the key is named, its value never sent.
    // (A key is bound to the service it is entered for: the address comes with it.)
    await setByPerson(settings, 'options', {
      serviceUrl: 'https://scan.example.com',
      apiKey: NEW_API_KEY,
      strictMode: true,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(0); // still gathering the batch
    await vi.advanceTimersByTimeAsync(1500);
    await vi.waitFor(() => expect(requests).toHaveLength(1));

    const [r] = requests;
    expect(r!.url).toBe(POLICY.reportingUrl);
    expect(r!.init).toMatchObject({ method: 'POST', redirect: 'error', credentials: 'omit' });
    expect((r!.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${TOKEN}`);
    expect(r!.body.schema).toBe('linklens-events/2');
    const types = r!.body.events.map((e) => e.type);
    expect(new Set(types)).toEqual(new Set(REPORT_TYPES));
    expect(r!.body.events.every((e) => e.deviceTag === 'LAPTOP-7')).toBe(true);
    expect(new Set(r!.body.events.map((e) => e.id)).size).toBe(r!.body.events.length);
    const changed = r!.body.events.filter((e) => e.type === 'settings.changed').at(-1)!;
    expect(changed.payload.changes).toEqual(
      expect.arrayContaining([{ key: 'apiKey' }, { key: 'strictMode', value: true }]),
    );

    const text = String(r!.init.body);
    for (const secret of [API_KEY, NEW_API_KEY, TOKEN, 'hunter2', 'alice', '#frag']) expect(text).not.toContain(secret);
    expect(fieldNames(r!.body).filter((k) => CREDENTIAL_FIELD.test(k))).toEqual([]);
    // Nothing of it was kept in storage.local either: the queue holds events, not credentials.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain(TOKEN);
  });

  it('a block in a private window is sent, and never written to disk (its tab, or its URL asked about from one)', async () => {
    await boot();
    const normal = await fakeBrowser.tabs.create({ url: 'https://normal-window.test/' });
    const get = fakeBrowser.tabs.get.bind(fakeBrowser.tabs);
    vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation(async (id: number) =>
      id === 777 ? ({ id, incognito: true } as never) : ({ ...(await get(id)), incognito: false } as never),
    );
    incognitoUrls.note('https://private-by-url.test/', 'private');
    reportBlocked({ url: 'https://private-by-tab.test/', host: 'private-by-tab.test', rule: 'blocklist', tabId: 777 });
    reportBlocked({ url: 'https://private-by-url.test/', host: 'private-by-url.test', rule: 'score' });
    reportLookalike(
      'paypa1.test',
      { kind: 'lookalike', protectedDomain: 'paypal.com', reason: 'confusable' } as never,
      'load',
      'private',
    );
    reportBlocked({ url: 'https://normal-window.test/', host: 'normal-window.test', rule: 'score', tabId: normal.id! });
    await vi.waitFor(async () => expect(JSON.stringify(await readAll('db'))).toContain('normal-window.test'));
    const stored = JSON.stringify(await readAll('db'));
    for (const host of ['private-by-tab.test', 'private-by-url.test', 'paypa1.test'])
      expect(stored).not.toContain(host);
    await vi.advanceTimersByTimeAsync(2500);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body.events.map((e) => e.payload.host).sort()).toEqual([
      'normal-window.test',
      'paypa1.test',
      'private-by-tab.test',
      'private-by-url.test',
    ]);
    incognitoUrls.clear();
  });

  it('pause and resume become protection.paused / protection.resumed', async () => {
    await boot();
    reportPause(Date.parse('2026-03-02T10:00:00Z'));
    reportPause(null);
    reportPause(0);
    await vi.advanceTimersByTimeAsync(2500);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body.events.map((e) => [e.type, e.payload])).toEqual([
      ['protection.paused', { until: '2026-03-02T10:00:00.000Z' }],
      ['protection.paused', { until: 'restart' }],
      ['protection.resumed', {}],
    ]);
  });

  it('unchanged saves and refused keys report nothing', async () => {
    await boot();
    await setByPerson(settings, 'options', { scanHovers: true, reportingUrl: 'https://evil.test/' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toEqual([]);
  });

  // Last: its policy's read (a refused reportingUrl) may still be under way as it ends, and would
  // report policy.rejected into a following test's reporter.
  it('records nothing without a reportingUrl, and a plain-http one to another machine is refused by the policy check', async () => {
    await boot({ reportingUrl: 'http://siem.example.test/in', deviceTag: 'x' });
    await report({ type: 'protection.resumed', payload: {} });
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toEqual([]);
    expect((await settings.get()).settings.reportingUrl).toBe('');
    expect(await fakeBrowser.storage.local.get('reportingQueue')).toEqual({});
  });
});
