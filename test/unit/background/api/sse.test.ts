// Our text/event-stream parser (sse.ts) against its example table, each row fed as written and
// split at every position of its text.
import { describe, expect, it } from 'vitest';
import { createSseParser, MAX_EVENT_CHARS, type SseEvent } from '@/src/background/api/sse';
import { SSE_EXAMPLES } from '@/src/background/api/sse.examples';

function run(chunks: string[]) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const p = createSseParser(
    (e) => events.push(e),
    (ms) => retries.push(ms),
  );
  for (const c of chunks) p.feed(c);
  return { events, retries };
}

describe('a stream that never ends a line or an event', () => {
  it.each([
    ['one line without a line end', (k: number) => 'x'.repeat(k)],
    ['data lines without the empty line that ends an event', (k: number) => `data: ${'y'.repeat(k - 7)}\n`],
  ])('%s: throws past MAX_EVENT_CHARS (fed 64 KB at a time), not before', (_n, piece) => {
    const p = createSseParser(() => undefined);
    const chunk = piece(64 * 1024);
    let fed = 0;
    expect(() => {
      for (; fed <= MAX_EVENT_CHARS + chunk.length; fed += chunk.length) p.feed(chunk);
    }).toThrow(/over 1048576 characters/);
    expect(fed).toBeGreaterThanOrEqual(MAX_EVENT_CHARS - chunk.length);
  });

  it('events of any number, each under the cap, are all read', () => {
    const events: SseEvent[] = [];
    const p = createSseParser((e) => events.push(e));
    const one = `data: ${'z'.repeat(100_000)}\n\n`;
    for (let i = 0; i < 30; i++) p.feed(one);
    expect(events).toHaveLength(30);
  });
});

describe('createSseParser example table', () => {
  it.each(SSE_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_name, ex) => {
    expect(run(ex.chunks)).toEqual({ events: ex.events, retries: ex.retries ?? [] });
  });

  it.each(SSE_EXAMPLES.map((e) => [e.name, e] as const))(
    '%s: the same events however the text is split',
    (_name, ex) => {
      const whole = ex.chunks.join('');
      for (let i = 0; i <= whole.length; i += 1) {
        for (const j of [i, Math.min(whole.length, i + 1), Math.min(whole.length, i + 3)]) {
          expect(run([whole.slice(0, i), whole.slice(i, j), whole.slice(j)]), `split at ${i}, ${j}`).toEqual({
            events: ex.events,
            retries: ex.retries ?? [],
          });
        }
      }
    },
  );
});
