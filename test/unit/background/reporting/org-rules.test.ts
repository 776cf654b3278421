/** Outage reports, the reporting URL rule, and the policy-only organization keys (docs/decisions/016-organizations.md). */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createOutageTracker, OUTAGE_MINUTES, type Outage } from '@/src/background/reporting/outage';
import { validateReportingUrl } from '@/src/shared/reporting/endpoint';
import { validateBaseUrl } from '@/src/background/api/base-url';
import { createSettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';
import { readManaged, mergeSettings } from '@/src/shared/policy/managed';
import { defaultSettings, POLICY_ONLY_KEYS } from '@/src/shared/policy/settings';
import type { ReportInput } from '@/src/shared/reporting/events';

beforeEach(() => fakeBrowser.reset());
const MIN = 60_000;

function tracker() {
  const t = {
    now: 0,
    stored: null as Outage,
    reports: [] as ReportInput[],
    wakes: [] as number[],
    problem: null as { code: string } | null,
  };
  const o = createOutageTracker({
    load: async () => t.stored,
    save: async (x) => void (t.stored = x),
    wakeAt: (at) => void t.wakes.push(at),
    report: (r) => void t.reports.push(r),
    current: () => t.problem,
    now: () => t.now,
  });
  return { t, o };
}

describe('service unreachable for more than N minutes', () => {
  it('a short blip is not reported', async () => {
    const { t, o } = tracker();
    await o.onProblem((t.problem = { code: 'network' }));
    t.now = 2 * MIN;
    await o.onProblem((t.problem = null));
    t.now = OUTAGE_MINUTES * MIN;
    await o.onAlarm();
    expect(t.reports).toEqual([]);
  });
  it('an outage still going on when the alarm fires is reported once, as ongoing', async () => {
    const { t, o } = tracker();
    await o.onProblem((t.problem = { code: 'server' }));
    expect(t.wakes).toEqual([OUTAGE_MINUTES * MIN]);
    t.now = OUTAGE_MINUTES * MIN;
    await o.onAlarm();
    await o.onAlarm();
    await o.onProblem(null);
    expect(t.reports).toEqual([
      {
        type: 'service.unreachable',
        payload: { since: new Date(0).toISOString(), minutes: OUTAGE_MINUTES, error: 'server', ongoing: true },
      },
    ]);
  });
  it('an outage that ended after N minutes before any alarm ran is reported as ended', async () => {
    const { t, o } = tracker();
    await o.onProblem({ code: 'network' });
    t.now = (OUTAGE_MINUTES + 5) * MIN;
    await o.onProblem(null);
    expect(t.reports).toMatchObject([{ payload: { minutes: OUTAGE_MINUTES + 5, ongoing: false } }]);
  });
  it('a refusal (bad key) is not an outage', async () => {
    const { t, o } = tracker();
    await o.onProblem({ code: 'unauthorized' });
    expect(t.stored).toBeNull();
  });
});

describe('reporting URL: the service URL rule (https, or http to this machine)', () => {
  it.each([
    ['https://siem.example.com/in?x=1', true],
    ['http://127.0.0.1:9000/events', true],
    ['http://[::1]:9000/', true],
    ['http://localhost:8080/', true],
    ['http://siem.example.com/', false],
    ['http://10.0.0.5/', false],
    ['https://u:p@siem.example.com/', false],
    ['ftp://siem.example.com/', false],
    ['', false],
  ])('%s → %s, as for the service URL', (url, ok) => {
    expect(validateReportingUrl(url).ok).toBe(ok);
    // The same loopback/https judgement as the scanning service's base URL (query aside).
    if (!url.includes('?') && url !== '') expect(validateBaseUrl(url).ok).toBe(ok);
  });
});

describe('organization keys come from policy only', () => {
  it('policy values are validated key by key: a bad reportingUrl or supportUrl is listed and ignored', () => {
    const r = readManaged({
      reportingUrl: 'http://siem.example.com/',
      supportUrl: 'javascript:alert(1)',
      deviceTag: 'LAPTOP-1',
      protectedSignInDomains: ['login.example.com', 42],
    });
    expect(r.values).toEqual({ deviceTag: 'LAPTOP-1', protectedSignInDomains: ['login.example.com'] });
    expect(r.invalid.sort()).toEqual(['protectedSignInDomains', 'reportingUrl', 'supportUrl']);
  });

  it('values in the person’s stored settings (which a Firefox content script could write) never count', () => {
    const user = {
      ...defaultSettings(),
      reportingUrl: 'https://evil.test/',
      organizationName: 'Evil IT',
      supportUrl: 'https://evil.test/help',
      protectedSignInDomains: ['evil.test'],
    };
    const merged = mergeSettings(user, { deviceTag: 'LAPTOP-1' }).settings;
    for (const k of POLICY_ONLY_KEYS) if (k !== 'deviceTag') expect(merged[k], k).toEqual(defaultSettings()[k]);
    expect(merged.deviceTag).toBe('LAPTOP-1');
  });

  it('the person cannot set them; an import cannot carry them', async () => {
    const s = createSettingsStore(createMemorySecretStore());
    const r = await s.set({ reportingUrl: 'https://evil.test/', organizationName: 'Evil IT', notifyOnBlock: true });
    expect(Object.keys(r.refused).sort()).toEqual(['organizationName', 'reportingUrl']);
    expect(r.state.settings.notifyOnBlock).toBe(true); // not policy-only: the person may choose it
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('evil.test');
  });

  it('the reporting token from policy is not cached in storage.local', async () => {
    const s = createSettingsStore(createMemorySecretStore());
    await s.get();
    await fakeBrowser.storage.managed.set({
      reportingUrl: 'https://siem.example.test/',
      reportingToken: 'rt_SECRET_9',
    });
    await s.refreshManaged();
    expect((await s.get()).settings.reportingToken).toBe('rt_SECRET_9');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('rt_SECRET_9');
  });
});
