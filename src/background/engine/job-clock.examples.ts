/** Example table for jobClock, tested in test/unit/background/engine/submit-gate.test.ts. */
import type { JobClockInput } from './job-clock';

export interface ClockExample {
  name: string;
  input: JobClockInput;
  expected: number;
}

const T = Date.parse('2026-11-24T20:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

export const CLOCK_EXAMPLES: readonly ClockExample[] = [
  {
    name: 'createdAt between send and answer: the service made the job then',
    input: { sentAt: T, answeredAt: T + 300, createdAt: iso(T + 120) },
    expected: T + 120,
  },
  { name: 'createdAt at the very send', input: { sentAt: T, answeredAt: T + 300, createdAt: iso(T) }, expected: T },
  {
    name: 'createdAt at the very answer',
    input: { sentAt: T, answeredAt: T + 300, createdAt: iso(T + 300) },
    expected: T + 300,
  },
  {
    name: 'a service clock ahead of ours: the answer',
    input: { sentAt: T, answeredAt: T + 300, createdAt: iso(T + 5_000) },
    expected: T + 300,
  },
  {
    name: 'a service clock behind ours: the answer',
    input: { sentAt: T, answeredAt: T + 300, createdAt: iso(T - 5_000) },
    expected: T + 300,
  },
  { name: 'no createdAt: the answer', input: { sentAt: T, answeredAt: T + 300, createdAt: null }, expected: T + 300 },
  {
    name: 'an unreadable createdAt: the answer',
    input: { sentAt: T, answeredAt: T + 300, createdAt: 'yesterday-ish' },
    expected: T + 300,
  },
  {
    name: 'send time unknown: the answer',
    input: { sentAt: Number.NaN, answeredAt: T + 300, createdAt: iso(T + 120) },
    expected: T + 300,
  },
  {
    name: 'a send after the answer (clock went back): the answer',
    input: { sentAt: T + 400, answeredAt: T + 300, createdAt: iso(T + 350) },
    expected: T + 300,
  },
];
