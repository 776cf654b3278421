/**
 * The alarm that wakes a dead worker to resume its stored jobs (engine-resume.ts); in-memory
 * timers are only the fast path. It is set when the first job starts and cleared when the last
 * one ends, not written again for every job in between: in a burst of twelve navigations that
 * was twelve calls into the browser, each one moving the alarm's next wake further away, while
 * the browser was busy starting the twelve pages (BENCHMARKS.md "Bursts of navigations at once").
 */
export const JOBS_ALARM = 'linklens-jobs';

interface AlarmsLike {
  create(name: string, info: { periodInMinutes: number }): Promise<void> | void;
  clear(name: string): Promise<boolean> | boolean;
}

export function createJobsAlarm(alarms: AlarmsLike): (pending: number) => void {
  /** What this worker last asked for; null at the start of its life (an earlier life may have left either). */
  let set: boolean | null = null;
  return (pending) => {
    const want = pending > 0;
    if (want === set) return;
    set = want;
    // A call that failed leaves the state unknown: the next change asks again.
    const forget = () => void (set = null);
    if (want)
      void Promise.resolve()
        .then(() => alarms.create(JOBS_ALARM, { periodInMinutes: 0.5 }))
        .catch(forget);
    else
      void Promise.resolve()
        .then(() => alarms.clear(JOBS_ALARM))
        .catch(forget);
  };
}
