/**
 * "Service unreachable for more than N minutes" (docs/decisions/016-organizations.md). The engine tells when a standing
 * problem starts and ends (engine.onProblem); a short blip must not become a report, so the start
 * is remembered (in storage, as the worker may die during a long outage) and checked again
 * OUTAGE_MINUTES later by an alarm. One report per outage: while it goes on (`ongoing: true`), or,
 * when the service came back before the alarm could run, once it ended (`ongoing: false`).
 */
import { z } from 'zod/mini';
import { str } from '@/src/shared/zod-lean';
import type { ReportInput } from '@/src/shared/reporting/events';

export const OUTAGE_MINUTES = 10;
const MINUTE = 60_000;
/** Problems that mean "cannot reach the service", not "the service refused us". */
const UNREACHABLE = new Set(['network', 'server', 'timeout']);

export const OutageSchema = z.nullable(z.object({ since: z.number(), error: str(40), reported: z.boolean() }));
export type Outage = z.infer<typeof OutageSchema>;

export interface OutageDeps {
  load(): Promise<Outage>;
  save(o: Outage): Promise<void>;
  /** Check again at this time (alarm). */
  wakeAt(at: number): void;
  report(input: ReportInput): void;
  /** The engine's problem now (after a worker restart it is null until a request fails again). */
  current(): { code: string } | null;
  now?: () => number;
}

export function createOutageTracker(d: OutageDeps) {
  const now = d.now ?? Date.now;
  const minutes = (since: number) => Math.floor((now() - since) / MINUTE);
  const event = (o: NonNullable<Outage>, ongoing: boolean): ReportInput => ({
    type: 'service.unreachable',
    payload: { since: new Date(o.since).toISOString(), minutes: minutes(o.since), error: o.error, ongoing },
  });
  return {
    async onProblem(p: { code: string } | null): Promise<void> {
      const o = await d.load();
      if (p && UNREACHABLE.has(p.code)) {
        if (o) return; // the same outage goes on (its start is kept across worker lives)
        const next = { since: now(), error: p.code, reported: false };
        await d.save(next);
        d.wakeAt(next.since + OUTAGE_MINUTES * MINUTE);
        return;
      }
      if (!o) return;
      if (!o.reported && now() - o.since >= OUTAGE_MINUTES * MINUTE) d.report(event(o, false));
      await d.save(null);
    },
    async onAlarm(): Promise<void> {
      const o = await d.load();
      if (!o || o.reported) return;
      const p = d.current();
      // Reachable now, or the worker restarted since (no problem known): nothing shows the outage
      // went on, so it is forgotten rather than reported on a guess.
      if (!p || !UNREACHABLE.has(p.code)) return void (await d.save(null));
      if (now() - o.since < OUTAGE_MINUTES * MINUTE) return void d.wakeAt(o.since + OUTAGE_MINUTES * MINUTE);
      d.report(event(o, true));
      await d.save({ ...o, reported: true });
    },
  };
}
