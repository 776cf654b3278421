/**
 * What "You were there" keeps on this device, and for how long (docs/privacy.md). Pure; the
 * background stores the result (background/visits/visit-store.ts). Examples: kept.examples.ts.
 *
 * - One entry per site: its exact host, when it was first and last visited, and when a password
 *   field there last got input (a yes/no with a time, never the text). Only top-level pages of
 *   normal windows: nothing about private windows (the background never calls these for them).
 * - Kept `days` days after the last visit (the setting visitHistoryDays; 0: nothing is kept),
 *   and no more than MAX_VISITS sites: past that the ones visited longest ago go first.
 * - Times older than the days are not kept either: a password input older than that is
 *   forgotten, and the first visit moves up to the oldest moment still kept.
 *
 * Why the exact host, not the registrable domain: verdicts and "Proceed anyway" exceptions are per
 * host, a password typed on a page goes to that host, and one bad page on a big shared domain
 * (a form on a site-builder's subdomain that the public suffix list does not name) must not tell
 * everyone who used any other part of that domain to change a password they never gave it.
 */
import { DAY_MS, lastActivity, type Visit } from './tell';

/** Sites kept at most (about 200 bytes each). */
export const MAX_VISITS = 2000;
/** Entries "You were there" shows in the popup at most. */
export const MAX_ALERTS = 50;

const fresh = (host: string, at: number): Visit => ({
  host,
  firstAt: at,
  lastAt: at,
  passwordAt: null,
  toldAt: null,
  toldKey: null,
  toldAction: null,
});

/** The visits with `host` visited at `at`. */
export function withVisit(visits: readonly Visit[], host: string, at: number): Visit[] {
  const old = visits.find((v) => v.host === host);
  const next = old ? { ...old, lastAt: Math.max(old.lastAt, at), firstAt: Math.min(old.firstAt, at) } : fresh(host, at);
  return [next, ...visits.filter((v) => v !== old)];
}

/** The visits with a password field of `host` having got input at `at` (a visit then, too). */
export function withPassword(visits: readonly Visit[], host: string, at: number): Visit[] {
  const [first, ...rest] = withVisit(visits, host, at);
  return [{ ...first!, passwordAt: at }, ...rest];
}

/** What is kept at `now`: entries within the days, their old times dropped, at most `max`, newest first. */
export function keptVisits(visits: readonly Visit[], now: number, days: number, max = MAX_VISITS): Visit[] {
  if (days <= 0) return [];
  const cutoff = now - days * DAY_MS;
  return visits
    .filter((v) => lastActivity(v) >= cutoff)
    .map((v) => ({
      ...v,
      firstAt: Math.max(v.firstAt, cutoff),
      passwordAt: v.passwordAt !== null && v.passwordAt >= cutoff ? v.passwordAt : null,
      ...(v.toldAt !== null && v.toldAt < cutoff ? { toldAt: null, toldKey: null, toldAction: null } : {}),
    }))
    .sort((a, b) => lastActivity(b) - lastActivity(a))
    .slice(0, max);
}

/** One "You were there" entry in the popup. */
export interface WereThereAlert {
  host: string;
  /** The person's last visit before the tell (ms epoch). */
  visitedAt: number;
  /** When Linklens told them. */
  at: number;
  action: 'warn' | 'block';
  riskScore: number | null;
  band: 'safe' | 'suspicious' | 'high' | 'malicious' | null;
  categories: string[];
  /** Where the verdict came from. */
  source: BadSource;
  /** A password field there got input: the advice to change that password. */
  advice: boolean;
}

export type BadSource = 'scan' | 'orgList' | 'feed';

/** The alerts with `a` added (one per host: the newest replaces an older one), within the days, at most `max`. */
export function withAlert(
  alerts: readonly WereThereAlert[],
  a: WereThereAlert,
  now: number,
  days: number,
  max = MAX_ALERTS,
): WereThereAlert[] {
  return keptAlerts([a, ...alerts.filter((x) => x.host !== a.host)], now, days, max);
}

/** Alerts are history too: kept as long as visits, newest first, at most `max`. */
export function keptAlerts(
  alerts: readonly WereThereAlert[],
  now: number,
  days: number,
  max = MAX_ALERTS,
): WereThereAlert[] {
  if (days <= 0) return [];
  const cutoff = now - days * DAY_MS;
  return alerts
    .filter((a) => a.at >= cutoff)
    .sort((a, b) => b.at - a.at)
    .slice(0, max);
}
