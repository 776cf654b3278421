/**
 * Where "You were there" keeps its visits and its popup entries: the private IndexedDB store
 * ('db', kv.ts), out of every web page's and content script's reach (storage.local is not: a
 * Firefox content script can read it). What is kept and for how long is decided by
 * shared/visits/kept.ts; this module only reads, applies and writes.
 *
 * Nothing here is ever called for a private window (wiring.ts and the password handler ask the
 * browser first; unknown counts as private), so nothing about one reaches the disk.
 *
 * Each top-level page commit is a visit. Writing the whole list on every commit would cost a
 * write of up to MAX_VISITS entries per navigation, so a visit only moves `lastAt` when it is
 * VISIT_STEP_MS newer than what is stored (or the site was told since): "when you were there" is
 * shown to the minute at best, and ten minutes of it change nothing the person needs.
 */
import { z } from 'zod/mini';
import { validItems } from '@/src/shared/zod-lean';
import { BandSchema } from '@/src/shared/band-schema';
import {
  keptAlerts,
  keptVisits,
  withAlert,
  withPassword,
  withVisit,
  type WereThereAlert,
} from '@/src/shared/visits/kept';
import type { BadAction, Visit } from '@/src/shared/visits/tell';
import { createMutex, readKeyOrThrow, writeKey } from '../state/kv';

export const VISITS_KEY = 'visits';
export const ALERTS_KEY = 'wereThere';
export const VISIT_STEP_MS = 10 * 60_000;

const Action = z.literal(['warn', 'block']);
const VisitSchema = z.object({
  host: z.string().check(z.minLength(1), z.maxLength(300)),
  firstAt: z.number(),
  lastAt: z.number(),
  passwordAt: z.nullable(z.number()),
  toldAt: z.nullable(z.number()),
  toldKey: z.nullable(z.string().check(z.maxLength(600))),
  toldAction: z.nullable(Action),
});
const AlertSchema = z.object({
  host: z.string().check(z.minLength(1), z.maxLength(300)),
  visitedAt: z.number(),
  at: z.number(),
  action: Action,
  riskScore: z.nullable(z.number()),
  band: z.nullable(BandSchema),
  categories: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(20)),
  source: z.literal(['scan', 'orgList', 'feed']),
  advice: z.boolean(),
});
const Visits = validItems(VisitSchema);
const Alerts = validItems(AlertSchema);

export interface VisitStore {
  noteVisit(host: string): Promise<void>;
  notePassword(host: string): Promise<void>;
  get(host: string): Promise<Visit | null>;
  /** The hosts kept now (a block list naming new entries is matched against them). */
  hosts(): Promise<string[]>;
  markTold(host: string, key: string, action: BadAction): Promise<void>;
  addAlert(a: WereThereAlert): Promise<void>;
  alerts(): Promise<WereThereAlert[]>;
  dismiss(host: string): Promise<void>;
  /** Drops what is past the days (start-up, the daily alarm, a change of the setting). */
  prune(): Promise<void>;
  clear(): Promise<void>;
}

export function createVisitStore(deps: { days: () => Promise<number>; now?: () => number }): VisitStore {
  const now = deps.now ?? Date.now;
  const mutex = createMutex();
  // A store that cannot be read throws: nothing is then written over what it holds.
  const readVisits = () => readKeyOrThrow('db', VISITS_KEY, Visits, []) as Promise<Visit[]>;
  const readAlerts = () => readKeyOrThrow('db', ALERTS_KEY, Alerts, []) as Promise<WereThereAlert[]>;

  /** Read, change and write the visits (nothing is written when `change` returns null). */
  const editVisits = (change: (visits: Visit[], days: number, t: number) => Visit[] | null) =>
    mutex(async () => {
      const days = await deps.days();
      const t = now();
      const next = change(await readVisits(), days, t);
      if (next) await writeKey('db', VISITS_KEY, keptVisits(next, t, days));
    });

  return {
    noteVisit: (host) =>
      editVisits((visits, days, t) => {
        if (days <= 0) return null;
        const old = visits.find((v) => v.host === host);
        const fresh = old && t - old.lastAt < VISIT_STEP_MS && (old.toldAt === null || old.toldAt < old.lastAt);
        return fresh ? null : withVisit(visits, host, t);
      }),
    notePassword: (host) => editVisits((visits, days, t) => (days <= 0 ? null : withPassword(visits, host, t))),
    async get(host) {
      const days = await deps.days();
      return keptVisits(await readVisits(), now(), days).find((v) => v.host === host) ?? null;
    },
    async hosts() {
      const days = await deps.days();
      return keptVisits(await readVisits().catch(() => []), now(), days).map((v) => v.host);
    },
    markTold: (host, key, action) =>
      editVisits((visits, _d, t) =>
        visits.map((v) => (v.host === host ? { ...v, toldAt: t, toldKey: key, toldAction: action } : v)),
      ),
    addAlert: (a) =>
      mutex(async () => {
        const days = await deps.days();
        await writeKey('db', ALERTS_KEY, withAlert(await readAlerts(), a, now(), days));
      }),
    async alerts() {
      return keptAlerts(await readAlerts().catch(() => []), now(), await deps.days());
    },
    dismiss: (host) =>
      mutex(async () => {
        await writeKey(
          'db',
          ALERTS_KEY,
          (await readAlerts()).filter((a) => a.host !== host),
        );
      }),
    prune: () =>
      mutex(async () => {
        const days = await deps.days();
        const t = now();
        await writeKey('db', VISITS_KEY, keptVisits(await readVisits(), t, days));
        await writeKey('db', ALERTS_KEY, keptAlerts(await readAlerts(), t, days));
      }),
    clear: () => mutex(() => writeKey('db', VISITS_KEY, []).then(() => writeKey('db', ALERTS_KEY, []))),
  };
}
