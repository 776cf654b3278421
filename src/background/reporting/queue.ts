/**
 * The delivery queue for organization reports (docs/decisions/016-organizations.md). Storage, transport, clock and
 * wake-ups are injected, so the rules below are tested with fake timers (queue.test.ts).
 *
 * - Persisted: every change is written before anything is sent, so events survive the worker's
 *   death and browser restarts (the caller starts a flush at start-up and on its alarm).
 * - Batched: `add` waits BATCH_WINDOW_MS before sending, so a burst goes out as one request;
 *   at most `batchSize` events per request.
 * - At least once, idempotent: an event leaves the queue only after a 2xx for the request that
 *   carried it, and keeps its id across retries. A reply lost after the receiver stored the
 *   events therefore leads to a resend with the same ids, which the receiver drops (docs/admin/reporting.md).
 * - Retried with exponential backoff (with jitter), or after the receiver's Retry-After.
 * - Bounded: past `maxEvents` the oldest event is dropped and counted; once a delivery succeeds
 *   again, one `reporting.dropped` event carries the count (it is never itself dropped).
 * - Private windows: an event added `memoryOnly` (it names a private window's page) is queued
 *   and sent like the others but never written: `save` gets the state without it. Kept rather
 *   than dropped because the organization asked for these events (its block list and its
 *   reports apply in private windows too) and most leave within the batch window; lost only when
 *   the background stops before the receiver took them, like everything else of a private
 *   window (nothing about private windows on disk).
 */
import { z } from 'zod/mini';
import { int, str } from '@/src/shared/zod-lean';
import { ReportEventSchema, type ReportEvent } from '@/src/shared/reporting/events';
import { createMutex } from '../state/kv';
import type { SendResult } from '../api/reporting-sender';

export interface LastResult {
  at: number;
  ok: boolean;
  status: number | null;
  error: string | null;
  /** Events that request delivered (0 on failure). */
  delivered: number;
}

export interface QueueState {
  v: 1;
  events: ReportEvent[];
  dropped: number;
  /** ms epoch of the first drop still unreported, else null. */
  droppedSince: number | null;
  /** Failed attempts in a row (0 after a success). */
  attempts: number;
  /** Not before this time (ms epoch); 0 = as soon as there is something to send. */
  nextAt: number;
  last: LastResult | null;
  /** Events delivered since the queue was created (shown in options). */
  deliveredTotal: number;
}

export const emptyQueueState = (): QueueState => ({
  v: 1,
  events: [],
  dropped: 0,
  droppedSince: null,
  attempts: 0,
  nextAt: 0,
  last: null,
  deliveredTotal: 0,
});

const LastSchema = z.object({
  at: z.number(),
  ok: z.boolean(),
  status: z.nullable(z.number()),
  error: z.nullable(str(300)),
  delivered: int(),
});
const StateSchema = z.object({
  v: z.literal(1),
  events: z.array(z.unknown()),
  dropped: int().check(z.gte(0)),
  droppedSince: z.nullable(z.number()),
  attempts: int().check(z.gte(0)),
  nextAt: z.number(),
  last: z.nullable(LastSchema),
  deliveredTotal: int().check(z.gte(0)),
});

/**
 * A stored state, validated (storage is an edge: in Firefox a content script can write
 * storage.local). Unreadable events are dropped one by one and counted, never sent.
 */
export function parseQueueState(raw: unknown, now: number): QueueState {
  const r = StateSchema.safeParse(raw);
  if (!r.success) return emptyQueueState();
  const events: ReportEvent[] = [];
  let bad = 0;
  for (const e of r.data.events) {
    const p = ReportEventSchema.safeParse(e);
    if (p.success) events.push(p.data as ReportEvent);
    else bad++;
  }
  const s: QueueState = { ...r.data, events } as QueueState;
  if (bad > 0) {
    s.dropped += bad;
    s.droppedSince ??= now;
  }
  return s;
}

export interface QueueLimits {
  maxEvents: number;
  batchSize: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Retry-After is honoured up to this. */
  maxRetryAfterMs: number;
  batchWindowMs: number;
  /** Requests per flush at most (a big backlog goes out in several flushes). */
  maxBatchesPerFlush: number;
}

export const DEFAULT_LIMITS: QueueLimits = {
  maxEvents: 1000,
  batchSize: 100,
  baseDelayMs: 10_000,
  maxDelayMs: 60 * 60_000,
  maxRetryAfterMs: 24 * 60 * 60_000,
  batchWindowMs: 2000,
  maxBatchesPerFlush: 20,
};

export interface QueueDeps {
  load(): Promise<unknown>;
  save(state: QueueState): Promise<void>;
  send(events: ReportEvent[]): Promise<SendResult>;
  /** Make sure `flush` runs at (about) `at` even if the worker dies; null = nothing to wake for. */
  wake(at: number | null): void;
  /** The counter event; null when it cannot be built (then the count stays for the next try). */
  droppedEvent(count: number, since: number): ReportEvent | null;
  now?: () => number;
  random?: () => number;
  limits?: Partial<QueueLimits>;
}

export interface ReportQueue {
  /** `memoryOnly`: never written to storage (an event about a private window). */
  add(event: ReportEvent, opts?: { memoryOnly?: boolean }): Promise<void>;
  /** Sends what is due. Safe to call at any time and concurrently (one flush runs at a time). */
  flush(): Promise<void>;
  state(): Promise<QueueState>;
  /** Forget every event (reporting was turned off by policy). */
  clear(): Promise<void>;
}

/** Backoff before retry number `attempts` (1-based): base·2^(n−1), capped, jittered to 80–120 %. */
export function backoffMs(
  attempts: number,
  limits: Pick<QueueLimits, 'baseDelayMs' | 'maxDelayMs'>,
  random: number,
): number {
  const raw = Math.min(limits.maxDelayMs, limits.baseDelayMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(raw * (0.8 + 0.4 * random));
}

/** The oldest event except the counter, which carries what was lost before and must survive. */
function dropOldest(s: QueueState, now: number): void {
  const i = s.events.findIndex((e) => e.type !== 'reporting.dropped');
  if (i === -1) return;
  s.events.splice(i, 1);
  s.dropped++;
  s.droppedSince ??= now;
}

export function createReportQueue(deps: QueueDeps): ReportQueue {
  const limits: QueueLimits = { ...DEFAULT_LIMITS, ...deps.limits };
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const lock = createMutex();
  let flushing: Promise<void> | null = null;

  /** Memory-only events still queued, by id (the stored state never holds them). */
  const memory = new Map<string, ReportEvent>();

  // A queue that cannot be read is an error, not an empty queue: written back, "empty" would
  // erase every event kept (the add or flush fails instead, and the events stay).
  const read = async () => {
    const s = parseQueueState(await deps.load(), now());
    const stored = new Set(s.events.map((e) => e.id));
    for (const e of memory.values()) if (!stored.has(e.id)) s.events.push(e);
    return s;
  };
  /** Writes `s` without the memory-only events; forgets those no longer queued (sent, dropped). */
  const save = async (s: QueueState) => {
    const queued = new Set(s.events.map((e) => e.id));
    for (const id of memory.keys()) if (!queued.has(id)) memory.delete(id);
    await deps.save({ ...s, events: s.events.filter((e) => !memory.has(e.id)) });
  };

  function scheduleAfterChange(s: QueueState) {
    if (s.events.length === 0) deps.wake(null);
    else deps.wake(Math.max(s.nextAt, now() + limits.batchWindowMs));
  }

  async function flushOnce(): Promise<void> {
    for (let round = 0; round < limits.maxBatchesPerFlush; round++) {
      const batch = await lock(async () => {
        const s = await read();
        if (s.events.length === 0) {
          deps.wake(null);
          return null;
        }
        if (now() < s.nextAt) {
          deps.wake(s.nextAt);
          return null;
        }
        return s.events.slice(0, limits.batchSize);
      });
      if (!batch) return;
      let result: SendResult;
      try {
        result = await deps.send(batch);
      } catch (e) {
        result = {
          ok: false,
          status: null,
          error: e instanceof Error ? e.message.slice(0, 200) : 'send failed',
          retryAfterMs: null,
        };
      }
      const more = await lock(async () => {
        const s = await read();
        const at = now();
        if (result.ok) {
          const sent = new Set(batch.map((e) => e.id));
          s.events = s.events.filter((e) => !sent.has(e.id));
          s.attempts = 0;
          s.nextAt = 0;
          s.deliveredTotal += batch.length;
          s.last = { at, ok: true, status: result.status, error: null, delivered: batch.length };
          if (s.dropped > 0 && s.droppedSince !== null) {
            const counter = deps.droppedEvent(s.dropped, s.droppedSince);
            if (counter) {
              s.events.unshift(counter);
              s.dropped = 0;
              s.droppedSince = null;
            }
          }
        } else {
          s.attempts++;
          const wait =
            result.retryAfterMs !== null
              ? Math.min(Math.max(result.retryAfterMs, 1000), limits.maxRetryAfterMs)
              : backoffMs(s.attempts, limits, random());
          s.nextAt = at + wait;
          s.last = { at, ok: false, status: result.status, error: result.error, delivered: 0 };
        }
        await save(s);
        if (s.events.length === 0) deps.wake(null);
        else if (s.nextAt > at) deps.wake(s.nextAt);
        return result.ok && s.events.length > 0;
      });
      if (!more) return;
    }
    // Backlog left after this flush's share: the next one comes soon (not in a tight loop).
    deps.wake(now() + limits.batchWindowMs);
  }

  return {
    add(event, opts) {
      return lock(async () => {
        const s = await read();
        if (s.events.some((e) => e.id === event.id)) return; // the same event twice is one event
        s.events.push(event);
        if (opts?.memoryOnly) memory.set(event.id, event);
        while (s.events.length > limits.maxEvents) dropOldest(s, now());
        await save(s);
        scheduleAfterChange(s);
      });
    },
    flush() {
      flushing ??= flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    state: () => lock(read),
    clear() {
      return lock(async () => {
        memory.clear();
        await deps.save(emptyQueueState());
        deps.wake(null);
      });
    },
  };
}
