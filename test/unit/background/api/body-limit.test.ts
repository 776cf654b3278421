/**
 * The answer size limit is enforced while the body is read (body-limit.ts): past it the stream
 * is cancelled and the answer is a typed error, and a declared Content-Length past it is refused
 * before reading. Bodies here are streams that count what was pulled from them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { installI18n } from '../../ui/helpers';
import { MAX_BODY_BYTES, readBodyLimited } from '@/src/background/api/body-limit';
import { completedJob, makeClient } from './fakes';

beforeEach(() => installI18n('en'));

const CHUNK = 64 * 1024;

/** A 200 answer whose body streams `total` bytes of JSON-ish text in 64 KB chunks, counting pulls. */
function bigAnswer(total: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const chunk = new TextEncoder().encode('x'.repeat(CHUNK));
  const body = new ReadableStream<Uint8Array>(
    {
      pull(ctl) {
        if (seen.pulled >= total) return ctl.close();
        seen.pulled += CHUNK;
        ctl.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return {
    res: new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...headers } }),
    seen,
  };
}

describe('readBodyLimited', () => {
  it('stops reading a body larger than the limit at the limit and cancels its stream', async () => {
    const { res, seen } = bigAnswer(50 * MAX_BODY_BYTES);
    expect(await readBodyLimited(res)).toEqual({ ok: false, reason: 'too_large', limit: MAX_BODY_BYTES });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  });

  it('refuses a declared Content-Length past the limit without reading', async () => {
    const { res, seen } = bigAnswer(MAX_BODY_BYTES + 1, { 'content-length': String(MAX_BODY_BYTES + 1) });
    expect(await readBodyLimited(res)).toMatchObject({ ok: false, reason: 'too_large' });
    expect(seen.pulled).toBe(0);
  });

  it('reads a body within the limit whole, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('{"a":"日本語"}');
    const body = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (const b of bytes) ctl.enqueue(new Uint8Array([b]));
        ctl.close();
      },
    });
    expect(await readBodyLimited(new Response(body))).toEqual({ ok: true, text: '{"a":"日本語"}' });
  });
});

describe('through the client', () => {
  it('a 200 answer past the limit is bad_response with its reason, and the stream was cut off', async () => {
    const { res, seen } = bigAnswer(50 * MAX_BODY_BYTES);
    const { client } = makeClient(() => res, { maxAttempts: 1 });
    const r = await client.getScan(completedJob().id);
    expect(r.ok === false && r.error).toMatchObject({
      code: 'bad_response',
      status: 200,
      message: expect.stringContaining('5 MB'),
    });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(2 * MAX_BODY_BYTES);
  });
});
