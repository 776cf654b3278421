/**
 * "You were there": a site the person visited got a bad verdict later. The one function every
 * source calls (`siteTurnedBad`): a scan of any of its pages (wiring.ts: engine updates, whatever
 * asked for the scan), the policy's block list naming it (wiring.ts), and the organization's
 * block feed (which calls it with source 'feed').
 *
 * Whether to tell, and with the password advice, is shared/visits/tell.ts. Telling is: a
 * notification (when the person has them on), an entry in the popup, the end of their "Proceed
 * anyway" exception and "Trust" entries for the site (through their owners: overrides/exceptions.ts
 * via `endExceptions`, the settings store for the allowlist), and `site.turnedBad` to the
 * organization's receiver when reporting is on. A visit marked told is not told again until the
 * person comes back (tell.ts rule 5): one notification per visit, not one per hover.
 */
import { ignore } from '@/src/background/ignore';
import type { Band } from '@/src/shared/verdict';
import type { ReportInput } from '@/src/shared/reporting/events';
import { marksVisit, shouldTell, type BadAction, type TellDecision } from '@/src/shared/visits/tell';
import type { BadSource, WereThereAlert } from '@/src/shared/visits/kept';
import { hostMatches } from '@/src/shared/url/site';
import { readListEntry } from '@/src/shared/url/list-entry';
import type { SettingsStore } from '../state/settings-store';
import type { VisitStore } from './visit-store';
import { say } from '../i18n';

/** The bad verdict, as any source knows it. */
export interface TurnedBad {
  /** Which verdict: the scan id, `list:<entry>`, the feed's own id. The same key is told once. */
  key: string;
  action: BadAction;
  /** When the check that found it began (a scan's submission); default: now. */
  since?: number;
  riskScore?: number | null;
  band?: Band | null;
  categories?: string[];
  scanId?: string | null;
}

export interface WereThereDeps {
  store: VisitStore;
  settings: Pick<SettingsStore, 'get' | 'set'>;
  notify: (id: string, title: string, message: string) => Promise<void>;
  /** Ends the host's "Proceed anyway" exception and passes, rules included; how many ended. */
  endExceptions: (host: string) => Promise<number>;
  report: (input: ReportInput) => void;
  now?: () => number;
}

export type SiteTurnedBad = (host: string, verdict: TurnedBad, source: BadSource) => Promise<TellDecision>;

/** The person's own allowlist entries ("Trust") that cover `host`: host entries and path entries of it. */
export function trustEntriesOf(host: string, own: readonly string[]): string[] {
  return own.filter((e) => {
    const entry = readListEntry(e);
    return entry !== null && hostMatches(host, [entry.host]) !== null;
  });
}

const when = (t: number) => {
  try {
    return new Date(t).toLocaleString(say('locale').replace(/_/g, '-'));
  } catch {
    return new Date(t).toISOString();
  }
};

export function createWereThere(deps: WereThereDeps): { siteTurnedBad: SiteTurnedBad } {
  const now = deps.now ?? Date.now;
  // One site at a time: two sources naming the same site at once tell once.
  let queue: Promise<unknown> = Promise.resolve();

  async function endTrust(host: string): Promise<number> {
    const st = await deps.settings.get();
    const own = st.settings.allowlist.filter((e) => !st.managedEntries.allowlist.includes(e));
    const ending = trustEntriesOf(host, own);
    if (ending.length === 0) return 0;
    const r = await deps.settings.set({ allowlist: own.filter((e) => !ending.includes(e)) });
    return r.refused.allowlist ? 0 : ending.length;
  }

  async function handle(rawHost: string, bad: TurnedBad, source: BadSource): Promise<TellDecision> {
    const host = rawHost.trim().toLowerCase().replace(/\.$/, '');
    const t = now();
    const { settings: s } = await deps.settings.get();
    const visit = await deps.store.get(host);
    const decision = shouldTell(
      visit,
      { key: bad.key, action: bad.action, since: bad.since ?? t },
      { now: t, days: s.visitHistoryDays },
    );
    if (marksVisit(decision)) await deps.store.markTold(host, bad.key, bad.action);
    if (!decision.tell || !visit) return decision;

    const alert: WereThereAlert = {
      host,
      visitedAt: visit.lastAt,
      at: t,
      action: bad.action,
      riskScore: bad.riskScore ?? null,
      band: bad.band ?? null,
      categories: (bad.categories ?? []).slice(0, 20),
      source,
      advice: decision.advice,
    };
    await deps.store.addAlert(alert);
    const [exceptions, trusted] = await Promise.all([
      deps.endExceptions(host).catch(() => 0),
      endTrust(host).catch(() => 0),
    ]);
    if (s.notifications) {
      const verdict =
        bad.riskScore != null
          ? say('wt_verdictScore', [String(bad.riskScore)])
          : source === 'orgList'
            ? say('wt_verdictOrgList')
            : say('wt_verdictFlagged');
      const lines = [say('wt_notifyBody', [when(visit.lastAt), verdict])];
      if (decision.advice) lines.push(say('wt_adviceShort'));
      void deps.notify(`werethere:${host}`, say('wt_notifyTitle', [host]), lines.join('\n')).catch(ignore);
    }
    deps.report({
      type: 'site.turnedBad',
      payload: {
        host,
        visitedAt: new Date(visit.lastAt).toISOString(),
        source,
        verdict: {
          scanId: bad.scanId ?? null,
          riskScore: bad.riskScore == null ? null : Math.round(Math.min(100, Math.max(0, bad.riskScore))),
          band: bad.band ?? null,
          categories: alert.categories.map((c) => c.slice(0, 100)),
        },
        action: bad.action,
        ended: { exceptions, trusted },
      },
    });
    return decision;
  }

  return {
    siteTurnedBad(host, verdict, source) {
      const run = queue.then(() => handle(host, verdict, source));
      queue = run.catch(ignore);
      return run;
    },
  };
}
