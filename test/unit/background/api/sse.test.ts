// Our text/event-stream parser (sse.ts) against its example table, each row fed as written and
// split at every position of its text.
import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '@/src/background/api/sse';
import { SSE_EXAMPLES } from '@/src/background/api/sse.examples';

function run(chunks: string[]) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const p = createSseParser((e) => events.push(e), (ms) => retries.push(ms));
  for (const c of chunks) p.feed(c);
  return { events, retries };
}

describe('createSseParser example table', () => {
  it.each(SSE_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_name, ex) => {
    expect(run(ex.chunks)).toEqual({ events: ex.events, retries: ex.retries ?? [] });
  });

  it.each(SSE_EXAMPLES.map((e) => [e.name, e] as const))('%s: the same events however the text is split', (_name, ex) => {
    const whole = ex.chunks.join('');
    for (let i = 0; i <= whole.length; i += 1) {
      for (const j of [i, Math.min(whole.length, i + 1), Math.min(whole.length, i + 3)]) {
        expect(run([whole.slice(0, i), whole.slice(i, j), whole.slice(j)]), `split at ${i}, ${j}`).toEqual({ events: ex.events, retries: ex.retries ?? [] });
      }
    }
  });
});
