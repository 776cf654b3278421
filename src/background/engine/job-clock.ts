/**
 * The clock a submitted job's poll timing counts from (docs/decisions/014-scan-engine.md): a pure rule, examples in
 * job-clock.examples.ts.
 *
 * Polls are timed by the job's age and what recent scans took (poll-timing.ts). Counting the age
 * from the POST's answer is never early (the service made the job before answering), but under a
 * burst the answer came back 140 ms after the service made the job and the last jobs' polls
 * were that much late. The service's own `createdAt` says when it made the job; it is used when
 * it falls between our send and the answer, which a clock agreeing with ours within that window
 * must satisfy. A poll is then early by at most that window (one GET more); a service clock far
 * off ours, or no createdAt, falls back to the answer's arrival.
 */
export interface JobClockInput {
  /** Our clock (ms) just before the POST left (a batch member: when it was ready to leave). */
  sentAt: number;
  /** Our clock when the answer arrived. */
  answeredAt: number;
  /** The job's createdAt as the service said it (ISO 8601), or null. */
  createdAt: string | null;
}

export function jobClock(s: JobClockInput): number {
  const c = s.createdAt === null ? Number.NaN : Date.parse(s.createdAt);
  if (!Number.isFinite(s.sentAt) || s.sentAt > s.answeredAt) return s.answeredAt;
  return Number.isFinite(c) && c >= s.sentAt && c <= s.answeredAt ? c : s.answeredAt;
}
