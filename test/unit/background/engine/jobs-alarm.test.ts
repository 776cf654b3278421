// The resume alarm (jobs-alarm.ts): set when the first job starts, cleared when the last ends,
// and not written again for every job in between (a burst is one call, not twelve).
import { describe, expect, it } from 'vitest';
import { createJobsAlarm, JOBS_ALARM } from '@/src/background/engine/jobs-alarm';

function fakeAlarms(failCreate = 0) {
  const calls: string[] = [];
  return {
    calls,
    alarms: {
      async create(name: string, info: { periodInMinutes: number }) {
        calls.push(`create ${name} ${info.periodInMinutes}`);
        if (failCreate > 0 && failCreate--) throw new Error('no alarm');
      },
      async clear(name: string) {
        calls.push(`clear ${name}`);
        return true;
      },
    },
  };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('jobs alarm', () => {
  it('a burst of twelve jobs sets it once; the last one ending clears it once', async () => {
    const f = fakeAlarms();
    const onPending = createJobsAlarm(f.alarms);
    for (let n = 1; n <= 12; n++) onPending(n);
    for (let n = 11; n >= 0; n--) onPending(n);
    await settle();
    expect(f.calls).toEqual([`create ${JOBS_ALARM} 0.5`, `clear ${JOBS_ALARM}`]);
  });

  it('a new worker life asks once whatever an earlier life left (0 jobs: cleared)', async () => {
    const f = fakeAlarms();
    createJobsAlarm(f.alarms)(0);
    await settle();
    expect(f.calls).toEqual([`clear ${JOBS_ALARM}`]);
  });

  it('after a failed set, the next change asks again', async () => {
    const f = fakeAlarms(1);
    const onPending = createJobsAlarm(f.alarms);
    onPending(1);
    await settle();
    onPending(2);
    await settle();
    onPending(3);
    await settle();
    expect(f.calls).toEqual([`create ${JOBS_ALARM} 0.5`, `create ${JOBS_ALARM} 0.5`]);
  });

  it('jobs starting again after the last ended set it again', async () => {
    const f = fakeAlarms();
    const onPending = createJobsAlarm(f.alarms);
    onPending(1);
    onPending(0);
    onPending(1);
    await settle();
    expect(f.calls).toEqual([`create ${JOBS_ALARM} 0.5`, `clear ${JOBS_ALARM}`, `create ${JOBS_ALARM} 0.5`]);
  });
});
