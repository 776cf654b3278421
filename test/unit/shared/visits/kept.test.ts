import { describe, expect, it } from 'vitest';
import {
  keptAlerts,
  keptVisits,
  MAX_VISITS,
  withAlert,
  withPassword,
  withVisit,
  type WereThereAlert,
} from '@/src/shared/visits/kept';
import { KEPT_EXAMPLES, KEPT_NOW } from '@/src/shared/visits/kept.examples';
import { DAY_MS } from '@/src/shared/visits/tell';

describe('keptVisits example table', () => {
  it.each(KEPT_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(keptVisits(row.visits, KEPT_NOW, row.days, row.max)).toEqual(row.expected);
  });

  it('holds MAX_VISITS sites at most', () => {
    let visits = withVisit([], 'first.test', KEPT_NOW - 1000);
    for (let i = 0; i < MAX_VISITS + 5; i++) visits = withVisit(visits, `s${i}.test`, KEPT_NOW + i);
    const kept = keptVisits(visits, KEPT_NOW + MAX_VISITS, 30);
    expect(kept).toHaveLength(MAX_VISITS);
    expect(kept.some((v) => v.host === 'first.test')).toBe(false);
  });
});

describe('recording a visit and a password input', () => {
  it('keeps one entry per host: the first visit stays, the last moves on', () => {
    const visits = withVisit(withVisit([], 'a.test', 100), 'a.test', 200);
    expect(visits).toEqual([
      { host: 'a.test', firstAt: 100, lastAt: 200, passwordAt: null, toldAt: null, toldKey: null, toldAction: null },
    ]);
  });

  it('a password input is a yes with a time, and counts as a visit', () => {
    const visits = withPassword(withVisit([], 'a.test', 100), 'a.test', 150);
    expect(visits[0]).toMatchObject({ host: 'a.test', firstAt: 100, lastAt: 150, passwordAt: 150 });
  });

  it('a password input on a host not visited yet starts its entry', () => {
    expect(withPassword([], 'b.test', 5)[0]).toMatchObject({ host: 'b.test', firstAt: 5, lastAt: 5, passwordAt: 5 });
  });
});

describe('alerts', () => {
  const alert = (host: string, at: number): WereThereAlert => ({
    host,
    visitedAt: at - 10,
    at,
    action: 'block',
    riskScore: 88,
    band: 'malicious',
    categories: ['phishing'],
    source: 'scan',
    advice: false,
  });

  it('one per host, the newest first, gone with the days', () => {
    const now = KEPT_NOW;
    let alerts = withAlert([], alert('a.test', now - 40 * DAY_MS), now - 40 * DAY_MS, 30);
    alerts = withAlert(alerts, alert('b.test', now - 2), now, 30);
    alerts = withAlert(alerts, alert('b.test', now - 1), now, 30);
    expect(alerts.map((a) => [a.host, a.at])).toEqual([['b.test', now - 1]]);
    expect(keptAlerts(alerts, now, 0)).toEqual([]);
  });
});
