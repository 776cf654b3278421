/**
 * Pending scan jobs, persisted (kv 'db') so they survive the worker's death (assume the worker dies). A job is written
 * BEFORE its POST with the Idempotency-Key it will use, so a worker that dies after the POST
 * re-sends the same key on resume and the service answers with the same job instead of scanning
 * twice. A job is removed only after its verdict is in the cache.
 */
import { z } from 'zod/mini';
import { dict, fallback, str } from '@/src/shared/zod-lean';
import { ScanReason } from '@/src/shared/messaging/protocol';
import { readKeyOrThrow, writeKey, createMutex } from '../state/kv';
import { incognitoUrls } from '../state/incognito-urls';

export const PendingJobSchema = z.object({
  url: z.string(),
  idempotencyKey: z.string(),
  scanId: z.nullable(z.string()),
  state: z.string(),
  reasons: z.array(ScanReason),
  createdAt: z.number(),
  /**
   * When the check was first asked for. createdAt starts again after a wait for credits (the
   * deadline counts from then); this does not. Absent in jobs stored by older builds.
   */
  askedAt: z.optional(z.number()),
  deadline: z.number(),
  pollDelayMs: z.number(),
  tabIds: z.array(z.number()),
  /** Waiting for something before (re)submitting: credits, or a retry after a transient error. */
  waitingFor: z.nullable(z.literal(['credits', 'retry'])),
  retryAt: z.number(),
  /**
   * The code of the last failed attempt (network, bad_response, insufficient_credits…), null
   * after a success: strict mode names it when it gives up (src/shared/policy/strict.ts).
   * Absent in jobs stored by older builds; damaged, it is forgotten, not the job.
   */
  lastError: fallback(z.nullable(str(100)), null),
  /**
   * Set while the job waits for, or rides in, a batch POST that has had no answer yet
   * (submit-gate.ts): resume re-sends the same batch with this key. Absent in older builds' jobs.
   */
  batchKey: z.optional(z.nullable(str(100))),
});
export type PendingJob = z.infer<typeof PendingJobSchema>;

const JobsSchema = z.pipe(
  dict(z.unknown()),
  z.transform((rec) => {
    const out: Record<string, PendingJob> = {};
    for (const [k, v] of Object.entries(rec)) {
      const r = PendingJobSchema.safeParse(v);
      if (r.success) out[k] = r.data;
    }
    return out;
  }),
);

const KEY = 'jobs';

export interface JobsStore {
  all(): Promise<Record<string, PendingJob>>;
  get(url: string): Promise<PendingJob | null>;
  put(job: PendingJob): Promise<void>;
  update(url: string, fn: (j: PendingJob) => PendingJob): Promise<PendingJob | null>;
  /** With `key`: only while the stored job still has that Idempotency-Key (not a newer job's). */
  remove(url: string, key?: string): Promise<void>;
}

export function createJobsStore(opts: { memoryOnly?: (url: string) => boolean } = {}): JobsStore {
  const memoryOnly = opts.memoryOnly ?? ((url: string) => incognitoUrls.has(url));
  const mutex = createMutex();
  // Memory mirror: the store is read on every hover, storage only on first use after a wake.
  let mem: Record<string, PendingJob> | null = null;
  // A store that cannot be read is an error, not "no jobs": the mirror is written back whole, and
  // reading "empty" would erase every job kept (and is not kept: the next use reads again).
  const load = async () => (mem ??= await readKeyOrThrow('db', KEY, JobsSchema, {}));
  // Jobs for private-window URLs are not written: they end with this worker (incognito-urls.ts).
  const write = () =>
    writeKey('db', KEY, Object.fromEntries(Object.entries(mem ?? {}).filter(([url]) => !memoryOnly(url))));
  // Group commit: a change is made in memory under the mutex, then waits for a write that started
  // after it. The first write to start carries every change made so far, so a burst of jobs
  // (twelve navigations at once) is a couple of writes, not twelve in a row before the POSTs.
  const writes = createMutex();
  let dirty = false;
  const save = () => {
    dirty = true;
    return writes(async () => {
      if (!dirty) return; // an earlier write carried this change
      dirty = false;
      try {
        await write();
      } catch (e) {
        dirty = true;
        throw e;
      }
    });
  };
  return {
    all: () => mutex(async () => ({ ...(await load()) })),
    get: (url) => mutex(async () => (await load())[url] ?? null),
    put: async (job) => {
      await mutex(async () => {
        (await load())[job.url] = job;
      });
      await save();
    },
    update: async (url, fn) => {
      const next = await mutex(async () => {
        const jobs = await load();
        const cur = jobs[url];
        if (!cur) return null;
        return (jobs[url] = fn(cur));
      });
      if (next) await save();
      return next;
    },
    remove: async (url, key) => {
      const removed = await mutex(async () => {
        const jobs = await load();
        if (!(url in jobs) || (key !== undefined && jobs[url]!.idempotencyKey !== key)) return false;
        delete jobs[url];
        return true;
      });
      if (removed) await save();
    },
  };
}
