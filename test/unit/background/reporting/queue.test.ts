/**
 * The reporting delivery queue (docs/decisions/016-organizations.md) with an injected clock, storage and transport:
 * batching, backoff, Retry-After, the bound with its dropped counter, persistence across a
 * worker restart (a new queue over the same storage), and idempotency by event id.
 */
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  createReportQueue,
  DEFAULT_LIMITS,
  type QueueDeps,
  type QueueLimits,
  type QueueState,
} from '@/src/background/reporting/queue';
import type { SendResult } from '@/src/background/api/reporting-sender';
import { makeEvent, type ReportEvent } from '@/src/shared/reporting/events';

const T0 = Date.parse('2026-03-02T09:00:00Z');

function ev(n: number, now = T0): ReportEvent {
  return makeEvent(
    { type: 'protection.resumed', payload: {} },
    { id: `id-${n}`, now, extensionVersion: '0.1.0', deviceTag: 'dev', userTag: '' },
  )!;
}

/** One machine: storage that outlives queues (worker lives), a clock, a receiver. */
function machine(limits: Partial<QueueLimits> = {}) {
  const m = {
    now: T0,
    stored: undefined as unknown,
    /** What the receiver answers next; a function decides per request. */
    answer: (): SendResult => ({ ok: true, status: 204 }),
    requests: [] as string[][],
    /** Events the receiver keeps, deduplicated by id (what docs/admin/reporting.md asks receivers to do). */
    received: new Map<string, number>(),
    wakes: [] as (number | null)[],
    life(overrides: Partial<QueueDeps> = {}) {
      return createReportQueue({
        load: async () => structuredClone(m.stored),
        save: async (s: QueueState) => void (m.stored = structuredClone(s)),
        send: async (events) => {
          m.requests.push(events.map((e) => e.id));
          const a = m.answer();
          if (a.ok) for (const e of events) m.received.set(e.id, (m.received.get(e.id) ?? 0) + 1);
          return a;
        },
        wake: (at) => void m.wakes.push(at),
        droppedEvent: (count, since) =>
          makeEvent(
            { type: 'reporting.dropped', payload: { count, since: new Date(since).toISOString() } },
            { id: `dropped-${m.now}`, now: m.now, extensionVersion: '0.1.0', deviceTag: '', userTag: '' },
          ),
        now: () => m.now,
        random: () => 0.5,
        limits,
        ...overrides,
      });
    },
  };
  return m;
}

const fail503 = (retryAfterMs: number | null = null): SendResult => ({
  ok: false,
  status: 503,
  error: 'http_503',
  retryAfterMs,
});

describe('batching', () => {
  it('waits the batch window after an add, then sends everything in one request', async () => {
    const m = machine();
    const q = m.life();
    for (let i = 1; i <= 3; i++) await q.add(ev(i));
    expect(m.requests).toEqual([]);
    expect(m.wakes.at(-1)).toBe(T0 + DEFAULT_LIMITS.batchWindowMs);
    await q.flush();
    expect(m.requests).toEqual([['id-1', 'id-2', 'id-3']]);
    expect((await q.state()).events).toEqual([]);
    expect(m.wakes.at(-1)).toBeNull(); // nothing left to wake for
  });

  it('splits a backlog into requests of batchSize, oldest first', async () => {
    const m = machine({ batchSize: 2 });
    const q = m.life();
    for (let i = 1; i <= 5; i++) await q.add(ev(i));
    await q.flush();
    expect(m.requests).toEqual([['id-1', 'id-2'], ['id-3', 'id-4'], ['id-5']]);
  });
});

describe('retries', () => {
  it('backs off exponentially after failures and resets after a success', async () => {
    const m = machine({ baseDelayMs: 10_000 });
    const q = m.life();
    await q.add(ev(1));
    m.answer = () => fail503();
    await q.flush();
    expect((await q.state()).nextAt).toBe(T0 + 10_000); // random 0.5 → exactly the base
    m.now = T0 + 9_999;
    await q.flush();
    expect(m.requests).toHaveLength(1); // not due yet: nothing sent
    m.now = T0 + 10_000;
    await q.flush();
    expect(m.requests).toHaveLength(2);
    expect(await q.state()).toMatchObject({ attempts: 2, nextAt: T0 + 10_000 + 20_000 });
    m.now = T0 + 30_000;
    m.answer = () => ({ ok: true, status: 200 });
    await q.flush();
    expect(await q.state()).toMatchObject({
      attempts: 0,
      nextAt: 0,
      events: [],
      last: { ok: true, status: 200, delivered: 1 },
    });
  });

  it('backoff doubles up to the cap, jittered within ±20 %', () => {
    const l = { baseDelayMs: 1000, maxDelayMs: 60_000 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, l, 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(30, l, 0.5)).toBe(60_000);
    expect(backoffMs(1, l, 0)).toBe(800);
    expect(backoffMs(1, l, 1)).toBe(1200);
  });

  it("honours the receiver's Retry-After instead of the backoff", async () => {
    const m = machine({ baseDelayMs: 10_000 });
    const q = m.life();
    await q.add(ev(1));
    m.answer = () => fail503(120_000);
    await q.flush();
    expect((await q.state()).nextAt).toBe(T0 + 120_000);
    expect(m.wakes.at(-1)).toBe(T0 + 120_000); // the alarm is set for then
    m.answer = () => ({ ok: true, status: 202 });
    m.now = T0 + 119_999;
    await q.flush();
    expect(m.requests).toHaveLength(1);
    m.now = T0 + 120_000;
    await q.flush();
    expect(m.requests).toHaveLength(2);
    expect(m.received.get('id-1')).toBe(1);
  });

  it('a transport that throws counts as a failure, and nothing is lost', async () => {
    const m = machine();
    const q = m.life({ send: async () => Promise.reject(new Error('boom')) });
    await q.add(ev(1));
    await q.flush();
    expect(await q.state()).toMatchObject({ attempts: 1, last: { ok: false, error: 'boom' } });
    expect((await q.state()).events.map((e) => e.id)).toEqual(['id-1']);
  });
});

describe('bound and dropped counter', () => {
  it('drops the oldest first, counts them, and reports the count once delivery works again', async () => {
    const m = machine({ maxEvents: 3 });
    const q = m.life();
    m.answer = () => fail503();
    for (let i = 1; i <= 5; i++) {
      m.now = T0 + i;
      await q.add(ev(i, m.now));
    }
    const s = await q.state();
    expect(s.events.map((e) => e.id)).toEqual(['id-3', 'id-4', 'id-5']);
    expect(s).toMatchObject({ dropped: 2, droppedSince: T0 + 4 });
    await q.flush(); // fails: the counter stays a counter
    expect((await q.state()).dropped).toBe(2);

    m.answer = () => ({ ok: true, status: 204 });
    m.now = T0 + 3_600_000;
    await q.flush();
    expect(m.requests.slice(1)).toEqual([['id-3', 'id-4', 'id-5'], [`dropped-${T0 + 3_600_000}`]]);
    expect(await q.state()).toMatchObject({ dropped: 0, droppedSince: null, events: [] });
    // Exactly one counter event, with the count and the time of the first drop.
    const counter = [...m.received.keys()].filter((id) => id.startsWith('dropped-'));
    expect(counter).toHaveLength(1);
  });

  it('never drops the counter event itself while the queue is full', async () => {
    const m = machine({ maxEvents: 2, batchSize: 1 });
    const q = m.life();
    m.answer = () => fail503();
    for (let i = 1; i <= 3; i++) await q.add(ev(i)); // id-1 dropped
    m.answer = () => ({ ok: true, status: 204 });
    // One success: id-2 delivered, the counter queued at the head; then the receiver fails again.
    let first = true;
    m.answer = () => (first ? ((first = false), { ok: true, status: 204 }) : fail503());
    await q.flush();
    expect((await q.state()).events.map((e) => e.type)).toEqual(['reporting.dropped', 'protection.resumed']);
    for (let i = 4; i <= 6; i++) await q.add(ev(i));
    const s = await q.state();
    expect(s.events[0]!.type).toBe('reporting.dropped');
    expect(s.events.length).toBe(2);
    expect(s.dropped).toBe(3);
  });
});

describe('persistence and idempotency', () => {
  it('survives a worker restart: a new queue over the same storage carries on where the old one stopped', async () => {
    const m = machine({ baseDelayMs: 10_000 });
    const a = m.life();
    await a.add(ev(1));
    await a.add(ev(2));
    m.answer = () => fail503();
    await a.flush();
    // The worker dies here. A new life starts over what storage kept.
    const b = m.life();
    expect(await b.state()).toMatchObject({ attempts: 1, nextAt: T0 + 10_000 });
    m.answer = () => ({ ok: true, status: 204 });
    m.now = T0 + 10_000;
    await b.flush();
    expect(m.requests.at(-1)).toEqual(['id-1', 'id-2']);
    expect([...m.received.values()]).toEqual([1, 1]);
  });

  it('a worker that dies while its request is in flight: the next life resends the same ids, which the receiver counts once', async () => {
    const m = machine();
    // Life A: the receiver stores the batch, but the reply never reaches the dying worker.
    const a = m.life({
      send: async (events) => {
        for (const e of events) m.received.set(e.id, (m.received.get(e.id) ?? 0) + 1);
        m.requests.push(events.map((e) => e.id));
        return new Promise<SendResult>(() => undefined);
      },
    });
    await a.add(ev(1));
    void a.flush();
    await new Promise((r) => setTimeout(r, 0));
    const b = m.life();
    await b.flush();
    expect(m.requests).toEqual([['id-1'], ['id-1']]); // the same id, sent twice …
    expect(m.received.get('id-1')).toBe(2); // … so receivers must deduplicate by id (docs/admin/reporting.md)
    expect(new Set(m.requests.flat()).size).toBe(1);
    expect((await b.state()).events).toEqual([]);
  });

  it('the same event added twice is one event', async () => {
    const m = machine();
    const q = m.life();
    await q.add(ev(1));
    await q.add(ev(1));
    expect((await q.state()).events).toHaveLength(1);
  });

  it('concurrent flushes in one life send each batch once', async () => {
    const m = machine();
    const q = m.life();
    await q.add(ev(1));
    await Promise.all([q.flush(), q.flush(), q.flush()]);
    expect(m.requests).toEqual([['id-1']]);
  });

  it('unreadable stored events are dropped and counted, never sent; a garbage state starts empty', async () => {
    const m = machine();
    const q = m.life();
    await q.add(ev(1));
    const s = m.stored as QueueState;
    m.stored = { ...s, events: [...s.events, { id: 'x', type: 'navigation.blocked', payload: { url: 42 } }, 'junk'] };
    expect(await q.state()).toMatchObject({ dropped: 2 });
    m.stored = 'not a queue';
    expect((await q.state()).events).toEqual([]);
  });

  it('clear() forgets every event (reporting turned off)', async () => {
    const m = machine();
    const q = m.life();
    await q.add(ev(1));
    await q.clear();
    await q.flush();
    expect(m.requests).toEqual([]);
    expect(m.wakes.at(-1)).toBeNull();
  });
});

describe('events about private windows', () => {
  it('are queued and sent like the others but never written to storage, and gone once delivered', async () => {
    const m = machine();
    const q = m.life();
    await q.add(ev(1));
    await q.add(ev(2), { memoryOnly: true });
    await q.add(ev(3));
    expect((m.stored as QueueState).events.map((e) => e.id)).toEqual(['id-1', 'id-3']);
    expect((await q.state()).events.map((e) => e.id)).toEqual(['id-1', 'id-3', 'id-2']);
    m.answer = () => fail503();
    await q.flush();
    // A failed delivery keeps it (in memory) for the retry, still never written.
    expect(JSON.stringify(m.stored)).not.toContain('id-2');
    m.answer = () => ({ ok: true, status: 204 });
    m.now += 60 * 60_000;
    await q.flush();
    expect([...m.received.keys()].sort()).toEqual(['id-1', 'id-2', 'id-3']);
    expect((await q.state()).events).toEqual([]);
  });

  it('a new background life (a new queue over the same storage) does not have them', async () => {
    const m = machine();
    await m.life().add(ev(1), { memoryOnly: true });
    expect((await m.life().state()).events).toEqual([]);
  });
});
