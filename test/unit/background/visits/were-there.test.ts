/**
 * siteTurnedBad (background/visits/were-there.ts) with its parts faked: who is told, what the
 * organization's event carries (never the password mark), what ends, and that a site is told
 * once per visit.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installI18n } from '../../ui/helpers';
import { createVisitStore } from '@/src/background/visits/visit-store';
import { createWereThere, trustEntriesOf, type WereThereDeps } from '@/src/background/visits/were-there';
import { defaultSettings, type Settings } from '@/src/shared/policy/settings';
import type { ReportInput } from '@/src/shared/reporting/events';

function world(over: Partial<Settings> = {}, managedAllow: string[] = []) {
  let t = 1_800_000_000_000;
  const now = () => t;
  let settings: Settings = { ...defaultSettings(), ...over };
  const store = createVisitStore({ days: async () => settings.visitHistoryDays, now });
  const reports: ReportInput[] = [];
  const notify = vi.fn(async () => undefined);
  const endExceptions = vi.fn(async () => 1);
  const deps: WereThereDeps = {
    store,
    now,
    notify,
    endExceptions,
    report: (r) => void reports.push(r),
    settings: {
      get: async () => ({ settings, managedEntries: { allowlist: managedAllow, blocklist: [] } }) as never,
      set: async (patch: Record<string, unknown>) => {
        settings = { ...settings, ...patch };
        return { state: { settings } as never, refused: {} };
      },
    },
  };
  const w = createWereThere(deps);
  return {
    ...w,
    store,
    reports,
    notify,
    endExceptions,
    advance: (ms: number) => (t += ms),
    now,
    settings: () => settings,
  };
}

beforeEach(() => installI18n('en'));

const bad = {
  key: 'scn_1',
  action: 'block' as const,
  riskScore: 88,
  band: 'malicious' as const,
  categories: ['phishing'],
  scanId: 'scn_1',
};

describe('siteTurnedBad', () => {
  it('a site visited earlier: notification, popup entry, event without the password mark', async () => {
    const w = world();
    await w.store.noteVisit('shop.test');
    await w.store.notePassword('shop.test');
    w.advance(3_600_000);
    const d = await w.siteTurnedBad('Shop.Test', { ...bad, since: w.now() - 1000 }, 'scan');
    expect(d).toEqual({ tell: true, advice: true });
    expect(await w.store.alerts()).toEqual([
      expect.objectContaining({ host: 'shop.test', advice: true, action: 'block', riskScore: 88, source: 'scan' }),
    ]);
    expect(w.notify).toHaveBeenCalledWith(
      'werethere:shop.test',
      'A site you visited is now flagged: shop.test',
      expect.stringContaining('Risk score 88 of 100.\nYou typed into a password field there: change that password.'),
    );
    expect(w.reports).toHaveLength(1);
    expect(w.reports[0]).toMatchObject({
      type: 'site.turnedBad',
      payload: { host: 'shop.test', source: 'scan', action: 'block', ended: { exceptions: 1, trusted: 0 } },
    });
    expect(JSON.stringify(w.reports[0])).not.toMatch(/password|advice/i);
    expect(w.endExceptions).toHaveBeenCalledWith('shop.test');
  });

  it('without a password input: told, no advice', async () => {
    const w = world();
    await w.store.noteVisit('shop.test');
    w.advance(60_000);
    expect(await w.siteTurnedBad('shop.test', { ...bad, since: w.now() }, 'scan')).toEqual({
      tell: true,
      advice: false,
    });
    expect(String((w.notify.mock.calls[0] as unknown[])[2])).not.toContain('password');
  });

  it('told once: the same verdict again, or another page of the site, tells nothing more', async () => {
    const w = world();
    await w.store.noteVisit('shop.test');
    w.advance(60_000);
    await w.siteTurnedBad('shop.test', { ...bad, since: w.now() }, 'scan');
    expect(await w.siteTurnedBad('shop.test', { ...bad, since: w.now() }, 'scan')).toEqual({
      tell: false,
      reason: 'same-verdict',
    });
    expect(await w.siteTurnedBad('shop.test', { ...bad, key: 'scn_2', since: w.now() }, 'scan')).toEqual({
      tell: false,
      reason: 'told',
    });
    expect(w.notify).toHaveBeenCalledTimes(1);
    expect(w.reports).toHaveLength(1);
  });

  it('ends the person\'s "Trust" entries for the site, never the organization\'s', async () => {
    const w = world({ allowlist: ['shop.test', 'other.test', 'org.test'] }, ['org.test']);
    await w.store.noteVisit('shop.test');
    w.advance(60_000);
    await w.siteTurnedBad('shop.test', { key: 'feed:7', action: 'block' }, 'feed');
    expect(w.settings().allowlist).toEqual(['other.test']);
    expect(w.reports[0]).toMatchObject({
      payload: { source: 'feed', verdict: { scanId: null, riskScore: null }, ended: { trusted: 1 } },
    });
  });

  it('a site never visited, history off, or notifications off', async () => {
    const w = world();
    expect(await w.siteTurnedBad('never.test', bad, 'scan')).toEqual({ tell: false, reason: 'not-visited' });
    const off = world({ visitHistoryDays: 0 });
    await off.store.noteVisit('shop.test');
    expect(await off.store.hosts()).toEqual([]);
    expect(await off.siteTurnedBad('shop.test', bad, 'scan')).toEqual({ tell: false, reason: 'off' });
    const quiet = world({ notifications: false });
    await quiet.store.noteVisit('shop.test');
    quiet.advance(60_000);
    expect(await quiet.siteTurnedBad('shop.test', { ...bad, since: quiet.now() }, 'scan')).toEqual({
      tell: true,
      advice: false,
    });
    expect(quiet.notify).not.toHaveBeenCalled();
    expect(await quiet.store.alerts()).toHaveLength(1);
  });
});

describe('trustEntriesOf', () => {
  it('host entries and path entries that cover the host', () => {
    expect(trustEntriesOf('a.shop.test', ['shop.test', 'a.shop.test/login/*', 'b.shop.test', 'notshop.test'])).toEqual([
      'shop.test',
      'a.shop.test/login/*',
    ]);
  });
});
