/** All 13 endpoints: method, path, headers and body sent; answers read (spec "Endpoints"). */
import { describe, expect, it } from 'vitest';
import { KEY, SCAN_ID, UUID, completedJob, json, makeClient, queuedJob, text } from './fakes';

describe('requests', () => {
  it.each([
    [
      'createKey',
      (c) => c.createKey({ name: 'ci', scopes: ['SCAN_WRITE'] }),
      'POST',
      '/v1/api-keys/',
      { name: 'ci', scopes: ['SCAN_WRITE'] },
    ],
    ['listKeys', (c) => c.listKeys(), 'GET', '/v1/api-keys/', undefined],
    ['revokeKey', (c) => c.revokeKey('k1'), 'DELETE', '/v1/api-keys/k1', undefined],
    [
      'submitScan',
      (c) => c.submitScan('https://a.example/x?y=1'),
      'POST',
      '/v1/scans/',
      { url: 'https://a.example/x?y=1' },
    ],
    [
      'submitBatch',
      (c) => c.submitBatch(['https://a.example/', 'https://b.example/']),
      'POST',
      '/v1/scans/batch',
      { urls: ['https://a.example/', 'https://b.example/'] },
    ],
    ['listScans', (c) => c.listScans(), 'GET', '/v1/scans/', undefined],
    ['getScan', (c) => c.getScan(SCAN_ID), 'GET', `/v1/scans/${UUID}`, undefined],
    ['getAnalytics', (c) => c.getAnalytics(SCAN_ID), 'GET', `/v1/scans/${UUID}/analytics`, undefined],
    ['getCredits', (c) => c.getCredits(), 'GET', '/v1/credits/', undefined],
    ['purchaseCredits', (c) => c.purchaseCredits(100), 'POST', '/v1/credits/purchase', { amount: 100 }],
    ['getSettings', (c) => c.getSettings(), 'GET', '/v1/settings/', undefined],
    ['putSettings', (c) => c.putSettings({ blockThreshold: 76 }), 'PUT', '/v1/settings/', { blockThreshold: 76 }],
  ] as [string, (c: ReturnType<typeof makeClient>['client']) => Promise<unknown>, string, string, unknown][])(
    '%s sends %s %s with the credential',
    async (_name, run, method, path, body) => {
      const { client, calls } = makeClient([json(200, {})], { maxAttempts: 1 });
      await run(client);
      const c = calls[0]!;
      expect([c.method, c.path]).toEqual([method, path]);
      expect(c.url.startsWith('https://scan.example.com/v1/')).toBe(true);
      expect(c.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(c.body).toEqual(body);
      // Spec rule 3: requests with a body send Content-Type: application/json.
      expect(c.headers['content-type']).toBe(body === undefined ? undefined : 'application/json');
      expect(c.headers['idempotency-key'] !== undefined).toBe(method === 'POST');
    },
  );

  it('the events endpoint asks for text/event-stream', async () => {
    const { client, calls } = makeClient([json(404, {})]);
    for await (const _ of client.streamEvents(UUID)) void _;
    expect(calls[0]).toMatchObject({ method: 'GET', path: `/v1/scans/${UUID}/events` });
    expect(calls[0]!.headers.accept).toBe('text/event-stream');
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('listScans passes limit and cursor as query parameters', async () => {
    const { client, calls } = makeClient([json(200, [])]);
    await client.listScans({ limit: 25, cursor: 'abc' });
    expect(calls[0]!.query).toEqual({ limit: '25', cursor: 'abc' });
  });

  it('a base URL with a path keeps it', async () => {
    const { client, calls } = makeClient([json(200, {})], { baseUrl: 'https://x.example/api/' });
    await client.getSettings();
    expect(calls[0]!.url).toBe('https://x.example/api/v1/settings/');
  });

  it('purchaseCredits refuses a non-positive amount without a request', async () => {
    const { client, calls } = makeClient([json(200, {})]);
    for (const n of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect((await client.purchaseCredits(n)).ok).toBe(false);
    }
    expect(calls).toHaveLength(0);
  });
});

describe('answers', () => {
  it('submitScan → the QUEUED job as returned', async () => {
    const { client } = makeClient([json(201, queuedJob({ priority: 'low' }))]);
    expect(await client.submitScan('https://a.example/')).toEqual({
      ok: true,
      value: {
        id: SCAN_ID,
        url: 'https://a.example/',
        state: 'QUEUED',
        createdAt: '2025-01-01T00:00:00.000Z',
        completedAt: null,
        result: null,
        failureReason: null,
        extra: { priority: 'low' },
      },
    });
  });

  it('getScan → a COMPLETED job with its result', async () => {
    const { client } = makeClient([json(200, completedJob({ completedAt: '2025-01-01T00:00:01.000Z' }))]);
    const r = await client.getScan(SCAN_ID);
    expect(r.ok && r.value).toMatchObject({
      state: 'COMPLETED',
      completedAt: '2025-01-01T00:00:01.000Z',
      result: {
        riskScore: 88,
        confidence: 0.93,
        categories: ['phishing'],
        reasoning: 'Looks like a bank.',
        indicators: [],
      },
    });
  });

  it('getScan → a FAILED job with its reason; an unknown state is kept raw', async () => {
    const failed = makeClient([json(200, queuedJob({ state: 'FAILED', error: { message: 'host unreachable' } }))]);
    const r = await failed.client.getScan(SCAN_ID);
    expect(r.ok && [r.value.state, r.value.failureReason, r.value.result]).toEqual([
      'FAILED',
      'host unreachable',
      null,
    ]);
    const odd = makeClient([json(200, queuedJob({ state: 'PROCESSING' }))]);
    const s = await odd.client.getScan(SCAN_ID);
    expect(s.ok && s.value.state).toBe('PROCESSING');
  });

  it('listScans → items and next cursor; list items may be COMPLETED without a result', async () => {
    const { client } = makeClient([
      json(200, { data: [queuedJob(), { ...completedJob(), result: undefined }, { junk: 1 }], nextCursor: 'p2' }),
    ]);
    const r = await client.listScans();
    expect(r.ok && r.value.next).toBe('p2');
    expect(r.ok && r.value.items.map((j) => [j.state, j.result])).toEqual([
      ['QUEUED', null],
      ['COMPLETED', null],
    ]);
  });

  it('createKey → the record and the secret, which is kept out of raw', async () => {
    const { client } = makeClient([json(201, { id: 'k1', name: 'ci', scopes: ['SCAN_WRITE'], key: 'sk_live_secret' })]);
    const r = await client.createKey({ name: 'ci', scopes: ['SCAN_WRITE'] });
    expect(r).toEqual({
      ok: true,
      value: {
        id: 'k1',
        name: 'ci',
        scopes: ['SCAN_WRITE'],
        createdAt: null,
        secret: 'sk_live_secret',
        raw: { id: 'k1', name: 'ci', scopes: ['SCAN_WRITE'] },
      },
    });
  });

  it('listKeys → records from a {keys: [...]} envelope', async () => {
    const { client } = makeClient([
      json(200, {
        keys: [
          { id: 'k1', scope: 'SCAN_WRITE' },
          { id: 'k2', scopes: [] },
        ],
      }),
    ]);
    const r = await client.listKeys();
    expect(r.ok && r.value.map((k) => [k.id, k.scopes])).toEqual([
      ['k1', ['SCAN_WRITE']],
      ['k2', []],
    ]);
  });

  it('revokeKey accepts an empty 204 answer', async () => {
    const { client } = makeClient([text(204, null)]);
    expect(await client.revokeKey('k1')).toEqual({ ok: true, value: {} });
  });

  it('credits, purchase, settings and analytics keep the whole record', async () => {
    const { client } = makeClient((c) =>
      c.path === '/v1/credits/'
        ? json(200, { balance: 12, currency: 'credits' })
        : c.path === '/v1/credits/purchase'
          ? json(200, { purchased: 100, balance: 112 })
          : c.path.endsWith('/analytics')
            ? json(200, { views: 3, countries: ['DE'] })
            : json(200, { blockThreshold: 76 }),
    );
    expect(await client.getCredits()).toEqual({
      ok: true,
      value: { balance: 12, raw: { balance: 12, currency: 'credits' } },
    });
    expect(await client.purchaseCredits(100)).toEqual({
      ok: true,
      value: { balance: 112, raw: { purchased: 100, balance: 112 } },
    });
    expect(await client.getAnalytics(SCAN_ID)).toEqual({ ok: true, value: { views: 3, countries: ['DE'] } });
    expect(await client.getSettings()).toEqual({ ok: true, value: { blockThreshold: 76 } });
    expect(await client.putSettings({ blockThreshold: 76 })).toEqual({ ok: true, value: { blockThreshold: 76 } });
  });

  it('settings that are not an object are a bad_response', async () => {
    const { client } = makeClient([json(200, [1, 2])]);
    const r = await client.getSettings();
    expect(r.ok === false && r.error.code).toBe('bad_response');
  });
});
