/**
 * The reporting additions as the background runs them: the event types a receiver selected
 * (reportingEvents), the tenant id on every event, and the heartbeat every 15 minutes through an
 * alarm, with the version and the hash of the policy in force, never a secret.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSettingsStore, type SettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';
import { HEARTBEAT_ALARM, report, startReporting } from '@/src/background/reporting';
import { policyDigestText } from '@/src/shared/reporting/heartbeat';
import { readManaged } from '@/src/shared/policy/managed';

const TOKEN = 'rt_SECRET_TOKEN_0003';
const API_KEY = 'sk_live_POLICY_KEY_0004';
const POLICY = {
  reportingUrl: 'https://siem.example.test/in',
  reportingToken: TOKEN,
  apiKey: API_KEY,
  serviceUrl: 'https://scan.example.test',
  tenantId: 'acme-eu',
  blockThreshold: 60,
};

interface Sent {
  schema: string;
  events: { type: string; tenantId: string | null; extensionVersion: string; payload: Record<string, unknown> }[];
}
let sent: Sent[];
let settings: SettingsStore;

async function boot(policy: Record<string, unknown>) {
  settings = createSettingsStore(createMemorySecretStore(''));
  await fakeBrowser.storage.managed.set(policy);
  await settings.refreshManaged();
  return startReporting({
    settings,
    onServiceProblem: () => undefined,
    serviceProblem: () => null,
    paused: async () => false,
  });
}

const events = () => sent.flatMap((b) => b.events);
async function delivered(n: number) {
  await vi.advanceTimersByTimeAsync(2500);
  await vi.waitFor(() => expect(events().length).toBeGreaterThanOrEqual(n));
}
/** The heartbeat alarm as the browser fires it, and the batch it causes. */
async function beat() {
  await fakeBrowser.alarms.onAlarm.trigger({ name: HEARTBEAT_ALARM, scheduledTime: Date.now(), periodInMinutes: 15 });
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(Date.parse('2026-03-02T09:00:00Z'));
  sent = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response(null, { status: 204 });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reportingEvents and tenantId', () => {
  it('only the selected types are recorded and sent, reporting.dropped aside; every event carries the tenant', async () => {
    await boot({ ...POLICY, reportingEvents: ['protection.paused'] });
    await report({ type: 'protection.resumed', payload: {} });
    await report({ type: 'protection.paused', payload: { until: 'restart' } });
    await delivered(1);
    expect(events().map((e) => [e.type, e.tenantId])).toEqual([['protection.paused', 'acme-eu']]);
    expect(sent[0]!.schema).toBe('linklens-events/2');
  });

  it('an unknown type in the policy is refused by name, the known ones kept', () => {
    const r = readManaged({ reportingEvents: ['heartbeat', 'page.visited'] });
    expect(r.values.reportingEvents).toEqual(['heartbeat']);
    expect(r.invalid).toContain('reportingEvents');
  });

  it('neither key comes from the person', async () => {
    await boot(POLICY);
    await settings.set({ tenantId: 'mine', reportingEvents: ['heartbeat'] } as never).catch(() => undefined);
    expect((await settings.get()).settings).toMatchObject({ tenantId: 'acme-eu', reportingEvents: [] });
  });
});

describe('heartbeat', () => {
  it('an alarm every 15 minutes while reporting is on; a heartbeat names the version and the policy by its hash, never a secret', async () => {
    await boot(POLICY);
    await vi.waitFor(async () =>
      expect(await fakeBrowser.alarms.get(HEARTBEAT_ALARM)).toMatchObject({ periodInMinutes: 15 }),
    );
    await beat();
    await delivered(1);
    const hb = events().find((e) => e.type === 'heartbeat')!;
    const { values } = readManaged(POLICY);
    const expected = `sha256:${createHash('sha256')
      .update(policyDigestText(values as Record<string, unknown>)!)
      .digest('hex')}`;
    expect(hb.payload).toEqual({
      policyHash: expected,
      policyKeys: Object.keys(POLICY).length,
      paused: false,
      configured: true,
    });
    expect(hb.extensionVersion).not.toBe('');
    const text = JSON.stringify(sent);
    for (const secret of [TOKEN, API_KEY]) expect(text).not.toContain(secret);
  });

  it('a policy that leaves heartbeats out has no alarm; one without reporting neither', async () => {
    await boot({ ...POLICY, reportingEvents: ['navigation.blocked'] });
    await vi.advanceTimersByTimeAsync(100);
    expect(await fakeBrowser.alarms.get(HEARTBEAT_ALARM)).toBeFalsy();
    fakeBrowser.reset();
    await boot({ tenantId: 'acme-eu' });
    await vi.advanceTimersByTimeAsync(100);
    expect(await fakeBrowser.alarms.get(HEARTBEAT_ALARM)).toBeFalsy();
  });

  it('an alarm already there is kept, so a background woken often still beats on time', async () => {
    await fakeBrowser.alarms.create(HEARTBEAT_ALARM, { when: Date.now() + 5 * 60_000, periodInMinutes: 15 });
    const before = await fakeBrowser.alarms.get(HEARTBEAT_ALARM);
    await boot(POLICY);
    await vi.advanceTimersByTimeAsync(100);
    expect(await fakeBrowser.alarms.get(HEARTBEAT_ALARM)).toEqual(before);
  });

  it('while delivery fails, one heartbeat waits in the queue, not one per beat', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 503 }));
    const reporter = await boot(POLICY);
    for (let i = 0; i < 5; i++) await beat();
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(async () => expect((await reporter.queue.state()).events.length).toBeGreaterThan(0));
    await vi.advanceTimersByTimeAsync(100);
    expect((await reporter.queue.state()).events.filter((e) => e.type === 'heartbeat')).toHaveLength(1);
  });
});
