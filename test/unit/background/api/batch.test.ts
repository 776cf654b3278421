/** POST /v1/scans/batch: split, fall back, remember (batch.ts). */
import { describe, expect, it } from 'vitest';
import { json, makeClient, queuedJob, type Call } from './fakes';

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://site${i}.example/`);
const jobFor = (url: string, i: number) => queuedJob({ id: `scn_${i}`, url });
const batchUrls = (c: Call) => (c.body as { urls: string[] }).urls;

/** A service with a maximum batch size answering {data: [...]}. */
const service = (max: number) => (c: Call) => {
  if (c.path === '/v1/scans/batch') {
    const list = batchUrls(c);
    return list.length > max ? json(413, { error: { message: 'too large' } }) : json(201, { data: list.map(jobFor) });
  }
  return json(201, jobFor((c.body as { url: string }).url, 99));
};

describe('submitBatch', () => {
  it('one POST for a batch that fits; outcomes in request order', async () => {
    const { client, calls } = makeClient(service(50));
    const out = await client.submitBatch(urls(3));
    expect(calls).toHaveLength(1);
    expect(out.map((o) => [o.url, o.ok && o.job.state])).toEqual(urls(3).map((u) => [u, 'QUEUED']));
  });

  it('an empty list sends nothing', async () => {
    const { client, calls } = makeClient(service(50));
    expect(await client.submitBatch([])).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('on 413 splits in halves and remembers the size that worked', async () => {
    const { client, calls } = makeClient(service(10));
    const out = await client.submitBatch(urls(30));
    expect(out.every((o) => o.ok)).toBe(true);
    expect(out.map((o) => o.url)).toEqual(urls(30));
    // 30 → 413; 15 → 413; then every URL still to send goes in chunks of 8.
    expect(calls.map((c) => batchUrls(c).length)).toEqual([30, 15, 8, 8, 8, 6]);
    calls.length = 0;
    await client.submitBatch(urls(16));
    expect(calls.map((c) => batchUrls(c).length)).toEqual([8, 8]);
  });

  it.each([400, 422])('on %i splits to isolate the bad URL without shrinking the remembered size', async (status) => {
    const { client, calls } = makeClient((c) => {
      if (c.path === '/v1/scans/') return json(422, { message: 'not a URL' });
      const list = batchUrls(c);
      if (list.includes('bad')) return json(status, { message: list.length > 1 ? 'bad url in batch' : 'not a URL' });
      return json(201, list.map(jobFor));
    });
    const out = await client.submitBatch(['https://a/', 'bad', 'https://c/', 'https://d/']);
    expect(out.map((o) => o.ok)).toEqual([true, false, true, true]);
    expect(out[1]).toMatchObject({ ok: false, error: { code: 'invalid_request', message: 'not a URL' } });
    calls.length = 0;
    await client.submitBatch(urls(4));
    expect(calls.map((c) => batchUrls(c).length)).toEqual([4]);
  });

  it.each([404, 405])('on %i falls back to single POSTs, and keeps doing so', async (status) => {
    const { client, calls } = makeClient((c) => (c.path === '/v1/scans/batch' ? json(status, {}) : service(50)(c)));
    const out = await client.submitBatch(urls(2));
    expect(out.every((o) => o.ok)).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/v1/scans/batch', '/v1/scans/', '/v1/scans/']);
    calls.length = 0;
    await client.submitBatch(urls(2));
    expect(calls.map((c) => c.path)).toEqual(['/v1/scans/', '/v1/scans/']);
  });

  it('other errors apply to every URL of the chunk, without single-scan retries', async () => {
    const { client, calls } = makeClient([json(402, { message: 'no credits' })]);
    const out = await client.submitBatch(urls(2));
    expect(out).toEqual(
      urls(2).map((url) => ({
        url,
        ok: false,
        error: { code: 'insufficient_credits', status: 402, message: 'no credits', retryAfterMs: null },
      })),
    );
    expect(calls).toHaveLength(1);
  });

  it('matches items by url when the counts differ; a URL with no item is bad_response', async () => {
    const { client } = makeClient([json(201, { accepted: [queuedJob({ id: 'scn_b', url: 'https://b/' })] })]);
    const out = await client.submitBatch(['https://a/', 'https://b/']);
    expect(out[0]).toMatchObject({ ok: false, error: { code: 'bad_response' } });
    expect(out[1]).toMatchObject({ ok: true, job: { id: 'scn_b' } });
  });

  it("an answer in another order is paired by each item's url: no URL gets another's job", async () => {
    const [a, b] = ['https://phish.example/', 'https://docs.example/'];
    const { client } = makeClient([
      json(201, [queuedJob({ id: 'scn_docs', url: b }), queuedJob({ id: 'scn_phish', url: a })]),
    ]);
    const out = await client.submitBatch([a, b]);
    expect(out.map((o) => [o.url, o.ok && o.job.id])).toEqual([
      [a, 'scn_phish'],
      [b, 'scn_docs'],
    ]);
  });

  it('items that write the URL their own way (host case, no path) still pair; by position when they name no URL sent', async () => {
    const { client } = makeClient([
      json(201, [
        queuedJob({ id: 'scn_a', url: 'https://A.example' }),
        queuedJob({ id: 'scn_b', url: 'https://b.example/?canonical' }),
      ]),
    ]);
    const out = await client.submitBatch(['https://a.example/', 'https://b.example/?x=1']);
    expect(out.map((o) => o.ok && o.job.id)).toEqual(['scn_a', 'scn_b']);
  });

  it("the right count, but one item names a URL sent in another place and one names none: neither URL takes the other's job", async () => {
    const [a, b] = ['https://a.example/', 'https://b.example/'];
    const { client } = makeClient([
      json(201, [queuedJob({ id: 'scn_b1', url: b }), queuedJob({ id: 'scn_b2', url: b })]),
    ]);
    const out = await client.submitBatch([a, b]);
    expect(out[0]).toMatchObject({ ok: false, error: { code: 'bad_response' } });
    expect(out[1]).toMatchObject({ ok: true, job: { id: 'scn_b1' } });
  });

  it('per-item error entries become typed errors', async () => {
    const { client } = makeClient([
      json(200, [queuedJob({ url: 'https://a/' }), { url: 'https://b/', status: 422, error: 'bad host' }]),
    ]);
    const out = await client.submitBatch(['https://a/', 'https://b/']);
    expect(out[1]).toEqual({
      url: 'https://b/',
      ok: false,
      error: { code: 'invalid_request', status: 422, message: 'bad host', retryAfterMs: null },
    });
  });

  it('an unreadable batch answer is bad_response for every URL (no resubmission: credits were spent)', async () => {
    const { client, calls } = makeClient([json(201, { a: [], b: [] })]);
    const out = await client.submitBatch(urls(2));
    expect(out.every((o) => !o.ok && o.error.code === 'bad_response')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('the caller key is used when one POST carries the whole batch; split chunks get their own', async () => {
    const small = makeClient(service(50));
    await small.client.submitBatch(urls(2), { idempotencyKey: 'k-1' });
    expect(small.calls[0]!.headers['idempotency-key']).toBe('k-1');
    const split = makeClient(service(1));
    await split.client.submitBatch(urls(2), { idempotencyKey: 'k-2' });
    const keys = split.calls.map((c) => c.headers['idempotency-key']);
    expect(keys[0]).toBe('k-2');
    expect(new Set(keys).size).toBe(3);
  });
});
