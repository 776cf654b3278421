/** A stored scan job that has not left yet (jobs-store.ts), for the tests of the jobs store. */
import type { PendingJob } from '@/src/background/engine/jobs-store';

export const pendingJob = (url: string, createdAt = 1): PendingJob => ({
  url,
  idempotencyKey: `k-${url}`,
  scanId: null,
  state: 'SUBMITTING',
  reasons: ['navigation'],
  createdAt,
  deadline: createdAt + 1,
  pollDelayMs: 1000,
  tabIds: [],
  waitingFor: null,
  retryAt: 0,
  lastError: null,
});
