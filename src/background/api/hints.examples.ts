/**
 * Example table for readPollHints, tested in test/unit/background/engine/scan-rules.test.ts.
 * `now` is 2026-01-01T00:00:01.000Z; the job was created at 00:00:00.000Z.
 */
import { NO_HINTS, type PollHints } from './hints';

export const HINTS_NOW = Date.parse('2026-01-01T00:00:01.000Z');
const created = '2026-01-01T00:00:00.000Z';
const h = (x: Partial<PollHints>): PollHints => ({ ...NO_HINTS, ...x });

export const HINT_EXAMPLES: ReadonlyArray<{
  name: string;
  job: Record<string, unknown> | null;
  retryAfter?: string | null;
  expected: PollHints;
}> = [
  {
    name: 'a plain job (the spec): nothing',
    job: { id: 'scn_1', state: 'QUEUED', createdAt: created },
    expected: NO_HINTS,
  },
  {
    name: 'estimated completion, against createdAt',
    job: { createdAt: created, estimatedCompletionAt: '2026-01-01T00:00:02.000Z' },
    expected: h({ expectedTotalMs: 2000 }),
  },
  {
    name: 'estimated completion without createdAt: unusable',
    job: { estimatedCompletionAt: '2026-01-01T00:00:02.000Z' },
    expected: NO_HINTS,
  },
  {
    name: 'estimated completion before creation: ignored',
    job: { createdAt: created, estimated_completion_at: '2025-12-31T23:59:59.000Z' },
    expected: NO_HINTS,
  },
  {
    name: 'queue + processing estimate',
    job: { queueMs: 300, processingMs: 1700 },
    expected: h({ expectedTotalMs: 2000 }),
  },
  { name: 'processing estimate alone', job: { processing_ms: '1700' }, expected: h({ expectedTotalMs: 1700 }) },
  { name: 'a queue time alone says nothing about the end', job: { queueMs: 300 }, expected: NO_HINTS },
  { name: 'remaining time', job: { etaMs: 800 }, expected: h({ remainingMs: 800 }) },
  { name: 'negative remaining: ignored', job: { remainingMs: -5 }, expected: NO_HINTS },
  { name: 'progress as a fraction', job: { progress: 0.5 }, expected: h({ progress: 0.5 }) },
  { name: 'progress as a percentage', job: { percentComplete: 50 }, expected: h({ progress: 0.5 }) },
  { name: 'progress out of range: ignored', job: { progress: 3000 }, expected: NO_HINTS },
  {
    name: 'Retry-After in seconds on a 200',
    job: { state: 'QUEUED' },
    retryAfter: '2',
    expected: h({ retryAfterMs: 2000 }),
  },
  {
    name: 'Retry-After as a date',
    job: null,
    retryAfter: 'Thu, 01 Jan 2026 00:00:03 GMT',
    expected: h({ retryAfterMs: 2000 }),
  },
  { name: 'Retry-After of a day: ignored', job: null, retryAfter: '86400', expected: NO_HINTS },
  {
    name: 'words where numbers belong',
    job: { etaMs: 'soon', estimatedCompletionAt: 'later', progress: 'half', createdAt: created },
    retryAfter: 'whenever',
    expected: NO_HINTS,
  },
];
