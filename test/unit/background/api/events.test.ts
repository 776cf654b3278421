/** The events stream (events.ts): SSE frames from a ReadableStream, and every way it ends. */
import { describe, expect, it } from 'vitest';
import { parseTransition } from '@/src/background/api/events';
import type { StreamEvent } from '@/src/background/api';
import { SCAN_ID, collect, completedJob, json, makeClient, sseResponse, text } from './fakes';

const frame = (data: unknown, event = 'state') => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const states = (events: StreamEvent[]) =>
  events.map((e) => (e.kind === 'transition' ? e.job.state : `end:${e.reason}`));

describe('parseTransition', () => {
  it.each([
    ['{"state":"QUEUED"}', 'QUEUED'],
    ['{"job":{"state":"PROCESSING"}}', 'PROCESSING'],
    ['{"scan":{"state":"FAILED","failureReason":"x"}}', 'FAILED'],
    ['{"data":{"state":"COMPLETED"}}', 'COMPLETED'],
    ['{"state":" QUEUED "}', 'QUEUED'],
  ])('%s → %s', (data, state) => expect(parseTransition(data)?.state).toBe(state));

  it.each([
    ['{"state":"FAILED","failureReason":"x"}', 'x'],
    ['{"state":"FAILED","error":{"reason":"Host unreachable"}}', 'Host unreachable'],
    ['{"scan":{"state":"FAILED","error":"dns"}}', 'dns'],
    ['{"state":"FAILED","message":"Out of credits"}', 'Out of credits'],
    ['{"state":"FAILED"}', undefined],
  ])("a failed frame %s keeps the service's reason: %s", (data, reason) =>
    expect(parseTransition(data)?.failureReason).toBe(reason),
  );

  it.each([['ping'], ['{"type":"heartbeat"}'], ['[1]'], ['{"state":""}'], ['{"state":5}'], ['null'], ['']])(
    '%s → null',
    (data) => expect(parseTransition(data)).toBeNull(),
  );

  it('carries id and a valid result; drops an invalid result', () => {
    expect(parseTransition(JSON.stringify(completedJob()))).toMatchObject({
      id: SCAN_ID,
      state: 'COMPLETED',
      result: { riskScore: 88 },
    });
    const bad = parseTransition(JSON.stringify(completedJob({ result: { riskScore: 900 } })));
    expect(bad).toEqual({
      id: SCAN_ID,
      url: 'https://phish.example/',
      state: 'COMPLETED',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
  });
});

describe('streamEvents', () => {
  it('yields each transition, unknown states included, and ends at the terminal one', async () => {
    const res = sseResponse(
      [
        ': keep-alive\n\n',
        frame({ id: SCAN_ID, state: 'QUEUED' }),
        frame({ state: 'PROCESSING' }),
        frame(completedJob()),
        frame({ state: 'QUEUED' }), // after the terminal state: not read
      ],
      'hang',
    );
    const { client } = makeClient([res]);
    const events = await collect(client.streamEvents(SCAN_ID));
    expect(states(events)).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED', 'end:terminal']);
    expect(events[2]).toMatchObject({ kind: 'transition', job: { result: { riskScore: 88 } } });
  });

  it('reassembles frames split across chunks (and multi-byte characters split mid-way)', async () => {
    const whole = frame({ state: 'QUEUED', note: 'größe ✓' }) + frame({ state: 'FAILED' });
    const bytes = new TextEncoder().encode(whole);
    const body = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (let i = 0; i < bytes.length; i += 3) ctl.enqueue(bytes.slice(i, i + 3));
        ctl.close();
      },
    });
    const { client } = makeClient([
      new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } }),
    ]);
    expect(states(await collect(client.streamEvents(SCAN_ID)))).toEqual(['QUEUED', 'FAILED', 'end:terminal']);
  });

  it('ignores frames that are not transitions', async () => {
    const { client } = makeClient([
      sseResponse(['data: hello\n\n', 'event: ping\ndata: {}\n\n', 'retry: 10\n\n', frame({ state: 'COMPLETED' })]),
    ]);
    expect(states(await collect(client.streamEvents(SCAN_ID)))).toEqual(['COMPLETED', 'end:terminal']);
  });

  it('a stream that sends bytes but never ends an event (so is never silent) → error, not a worker that fills up', async () => {
    const { client } = makeClient([
      sseResponse(
        [frame({ state: 'QUEUED' }), ...Array.from({ length: 20 }, () => `data: ${'x'.repeat(100_000)}\n`)],
        'hang',
      ),
    ]);
    expect(states(await collect(client.streamEvents(SCAN_ID)))).toEqual(['QUEUED', 'end:error']);
  });

  it('a stream that closes before a terminal state → closed', async () => {
    const { client } = makeClient([sseResponse([frame({ state: 'QUEUED' })], 'close')]);
    expect(states(await collect(client.streamEvents(SCAN_ID)))).toEqual(['QUEUED', 'end:closed']);
  });

  it('a connection error mid-way → dropped', async () => {
    const { client } = makeClient([sseResponse([frame({ state: 'QUEUED' }), 'data: {"st'], 'error')]);
    expect(states(await collect(client.streamEvents(SCAN_ID)))).toEqual(['QUEUED', 'end:dropped']);
  });

  it('no bytes for silenceMs → silent, and the fetch is aborted', async () => {
    const { client, calls } = makeClient([sseResponse([frame({ state: 'QUEUED' })], 'hang')]);
    const events = await collect(client.streamEvents(SCAN_ID, { silenceMs: 20 }));
    expect(states(events)).toEqual(['QUEUED', 'end:silent']);
    expect(calls[0]!.signal!.aborted).toBe(true);
  });

  it('keep-alive comments count as bytes (not silent while they come)', async () => {
    const comments = Array.from({ length: 5 }, () => ': keep-alive\n\n');
    const { client } = makeClient([sseResponse([...comments, frame({ state: 'COMPLETED' })])]);
    expect(states(await collect(client.streamEvents(SCAN_ID, { silenceMs: 1000 })))).toEqual([
      'COMPLETED',
      'end:terminal',
    ]);
  });

  it.each([
    ['404', () => json(404, { message: 'no streams' }), 'unsupported'],
    ['405', () => json(405, {}), 'unsupported'],
    ['a JSON answer', () => json(200, completedJob()), 'unsupported'],
    ['text/plain', () => text(200, 'data: x\n\n', { 'content-type': 'text/plain' }), 'unsupported'],
    ['401', () => json(401, {}), 'error'],
    ['500', () => json(500, {}), 'error'],
    ['a network error', () => 'reject' as const, 'error'],
  ])('%s → end %s', async (_name, answer, reason) => {
    const { client } = makeClient(() => answer());
    expect(await collect(client.streamEvents(SCAN_ID))).toEqual([{ kind: 'end', reason }]);
  });

  it('a 429 on the stream ends it with error and pauses the client', async () => {
    const { client, clock } = makeClient([json(429, {}, { 'retry-after': '7' })]);
    expect(await collect(client.streamEvents(SCAN_ID))).toEqual([{ kind: 'end', reason: 'error' }]);
    expect(client.pausedUntil()).toBe(clock.now() + 7000);
  });

  it('aborting the caller signal ends with aborted', async () => {
    const ctl = new AbortController();
    const { client } = makeClient([sseResponse([frame({ state: 'QUEUED' })], 'hang')]);
    const events: StreamEvent[] = [];
    for await (const e of client.streamEvents(SCAN_ID, { signal: ctl.signal })) {
      events.push(e);
      if (e.kind === 'transition') ctl.abort();
    }
    expect(states(events)).toEqual(['QUEUED', 'end:aborted']);
  });

  it('an already aborted signal sends nothing', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const { client, calls } = makeClient([json(200, {})]);
    expect(await collect(client.streamEvents(SCAN_ID, { signal: ctl.signal }))).toEqual([
      { kind: 'end', reason: 'aborted' },
    ]);
    expect(calls).toHaveLength(0);
  });

  it('breaking out of the loop releases the connection', async () => {
    const { client, calls } = makeClient([sseResponse([frame({ state: 'QUEUED' })], 'hang')]);
    for await (const e of client.streamEvents(SCAN_ID)) if (e.kind === 'transition') break;
    expect(calls[0]!.signal!.aborted).toBe(true);
  });

  it('a stream not opened within timeoutMs → error', async () => {
    const { client } = makeClient(['hang'], { timeoutMs: 5 });
    expect(await collect(client.streamEvents(SCAN_ID))).toEqual([{ kind: 'end', reason: 'error' }]);
  });
});
