// The local scanning service over real HTTP: auth, scans, idempotency, id modes, routing, CORS
// and the request log. Batch/list/analytics: scan-collections.test.ts; keys/credits/settings:
// account.test.ts; faults, events, rules and the control API have their own files.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, verdictFor, type ScanningService } from './server';
import { bare, call, ISO_MS, SCAN_ID, waitTerminal } from './test-helpers';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 20, maxBatch: 3 });
});
afterAll(() => svc.stop());
beforeEach(async () => {
  // Control API reset: faults, credits, id mode, delay, scans, log, idempotency (keys stay).
  await fetch(`${svc.baseUrl}/__control/reset`, { method: 'POST' });
});

const scan = (url: string, o: Parameters<typeof call>[3] = {}) =>
  call(svc, 'POST', '/v1/scans/', { body: { url }, ...o });

describe('authentication and scopes', () => {
  it('answers 401 with a JSON error for a missing key', async () => {
    const r = await call(svc, 'GET', '/v1/scans/', { key: null });
    expect(r.status).toBe(401);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.json).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('answers 401 for an unknown key and for a non-Bearer scheme', async () => {
    expect((await call(svc, 'GET', '/v1/scans/', { key: 'llk_nope' })).status).toBe(401);
    const basic = await call(svc, 'GET', '/v1/scans/', {
      key: null,
      headers: { Authorization: `Basic ${svc.demoKey}` },
    });
    expect(basic.status).toBe(401);
  });

  it('answers 403 when the key lacks SCAN_WRITE, for single and batch submissions', async () => {
    const one = await scan('https://example.com/', { key: svc.readOnlyKey });
    expect(one.status).toBe(403);
    expect(one.json.error.code).toBe('forbidden');
    const batch = await call(svc, 'POST', '/v1/scans/batch', {
      key: svc.readOnlyKey,
      body: { urls: ['https://example.com/'] },
    });
    expect(batch.status).toBe(403);
    expect(svc.scans()).toHaveLength(0);
  });

  it('lets the read-only key use every read endpoint', async () => {
    for (const path of ['/v1/scans/', '/v1/credits/', '/v1/settings/', '/v1/api-keys/']) {
      expect((await call(svc, 'GET', path, { key: svc.readOnlyKey })).status, path).toBe(200);
    }
  });
});

describe('POST /v1/scans/ and GET /v1/scans/{id}', () => {
  it('creates a QUEUED job with a prefixed id and an ISO 8601 UTC createdAt with ms (spec rule 1)', async () => {
    svc.setProcessingDelay(0); // even instant processing answers QUEUED at creation
    const r = await scan('https://example.com/page');
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ url: 'https://example.com/page', state: 'QUEUED' });
    expect(r.json.id).toMatch(SCAN_ID);
    expect(r.json.createdAt).toMatch(ISO_MS);
    expect(r.json.result).toBeUndefined();
  });

  it('completes with the result the rule table predicts (spec rule 2)', async () => {
    const url = 'https://phish-login.example/';
    const r = await scan(url);
    const done = await waitTerminal(svc, r.json.id);
    expect(done.state).toBe('COMPLETED');
    expect(done.completedAt).toMatch(ISO_MS);
    const v = verdictFor(url);
    expect(v.outcome).toBe('COMPLETED');
    if (v.outcome === 'COMPLETED') expect(done.result).toEqual(v.result);
    expect(Object.keys(done.result).sort()).toEqual([
      'categories',
      'confidence',
      'indicators',
      'reasoning',
      'riskScore',
    ]);
  });

  it('ends FAILED with an error reason and no result for a "fail" URL', async () => {
    const r = await scan('https://fail.example/');
    const done = await waitTerminal(svc, r.json.id);
    expect(done.state).toBe('FAILED');
    expect(done.error.reason).toEqual(expect.any(String));
    expect(done.result).toBeUndefined();
  });

  it.each([
    ['missing url', { nope: 1 }, 400],
    ['non-string url', { url: 42 }, 400],
    ['relative url', { url: '/just/a/path' }, 422],
    ['non-http scheme', { url: 'javascript:alert(1)' }, 422],
    ['url too long', { url: `https://example.com/${'a'.repeat(2100)}` }, 422],
  ])('refuses %s with %i and spends nothing', async (_name, body, status) => {
    const r = await call(svc, 'POST', '/v1/scans/', { body });
    expect(r.status).toBe(status);
    expect(r.json.error.message).toEqual(expect.any(String));
    expect(svc.getCredits()).toBe(1000);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const r = await call(svc, 'POST', '/v1/scans/', { raw: '{"url": ' });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('invalid_json');
  });

  it('answers 404 for an unknown scan id', async () => {
    const r = await call(svc, 'GET', '/v1/scans/00000000-0000-4000-8000-000000000000');
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('not_found');
  });
});

describe('Idempotency-Key', () => {
  it('returns the same job for a repeated key and spends one credit', async () => {
    const headers = { 'Idempotency-Key': 'k-123' };
    const a = await scan('https://example.com/idem', { headers });
    const b = await scan('https://example.com/idem', { headers });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.json.id).toBe(a.json.id);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(svc.scans()).toHaveLength(1);
    expect(svc.getCredits()).toBe(999);
  });

  it('refuses the same key with a different body (422) and treats another key as new', async () => {
    await scan('https://example.com/one', { headers: { 'Idempotency-Key': 'k-a' } });
    const clash = await scan('https://example.com/two', { headers: { 'Idempotency-Key': 'k-a' } });
    expect(clash.status).toBe(422);
    const other = await scan('https://example.com/one', { headers: { 'Idempotency-Key': 'k-b' } });
    expect(other.status).toBe(201);
    expect(svc.getCredits()).toBe(998);
  });

  it('also replays batch submissions', async () => {
    const o = {
      body: { urls: ['https://a.example/', 'https://b.example/'] },
      headers: { 'Idempotency-Key': 'batch-1' },
    };
    const a = await call(svc, 'POST', '/v1/scans/batch', o);
    const b = await call(svc, 'POST', '/v1/scans/batch', o);
    expect(b.json).toEqual(a.json);
    expect(svc.getCredits()).toBe(998);
  });
});

describe('id modes (path parameter form)', () => {
  const paths = (id: string) => [`/v1/scans/${id}`, `/v1/scans/${id}/analytics`];

  it.each([
    ['both', true, true],
    ['bare', true, false],
    ['prefixed', false, true],
  ] as const)(
    'mode %s: bare accepted=%s, prefixed accepted=%s (GET and analytics)',
    async (mode, bareOk, prefixedOk) => {
      const { json } = await scan('https://example.com/ids');
      svc.setIdMode(mode);
      for (const p of paths(bare(json.id))) expect((await call(svc, 'GET', p)).status, p).toBe(bareOk ? 200 : 404);
      for (const p of paths(json.id)) expect((await call(svc, 'GET', p)).status, p).toBe(prefixedOk ? 200 : 404);
    },
  );

  it('applies the mode to the events stream too', async () => {
    const { json } = await scan('https://example.com/ids-events');
    svc.setIdMode('prefixed');
    expect((await call(svc, 'GET', `/v1/scans/${bare(json.id)}/events`)).status).toBe(404);
    svc.setIdMode('bare');
    expect((await call(svc, 'GET', `/v1/scans/${json.id}/events`)).status).toBe(404);
  });

  it('answers 404 for ids in neither form', async () => {
    expect((await call(svc, 'GET', '/v1/scans/not-a-uuid')).status).toBe(404);
  });
});

describe('routing, content type and CORS', () => {
  it('accepts every spec path with and without the trailing slash', async () => {
    for (const p of ['/v1/scans', '/v1/credits', '/v1/settings', '/v1/api-keys', '/v1/scans/', '/v1/credits/']) {
      expect((await call(svc, 'GET', p)).status, p).toBe(200);
    }
    expect((await call(svc, 'POST', '/v1/scans', { body: { url: 'https://example.com/' } })).status).toBe(201);
    expect((await call(svc, 'POST', '/v1/scans/batch/', { body: { urls: ['https://example.com/'] } })).status).toBe(
      201,
    );
  });

  it('answers unknown routes with a 404 JSON error, and wrong methods with 405 + Allow', async () => {
    const r = await call(svc, 'GET', '/v2/nothing');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.json.error.code).toBe('not_found');
    const m = await call(svc, 'DELETE', '/v1/credits/');
    expect(m.status).toBe(405);
    expect(m.headers.get('allow')).toBe('GET');
  });

  it('answers a CORS preflight and marks answers Access-Control-Allow-Origin: *', async () => {
    const pre = await fetch(`${svc.baseUrl}/v1/scans/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'chrome-extension://abc',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
    expect(pre.headers.get('access-control-allow-methods')).toMatch(/PUT/);
    const r = await call(svc, 'GET', '/v1/credits/');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('request log and inspection', () => {
  it('records method, path, query, status, key id, idempotency key, body and content type', async () => {
    await scan('https://example.com/logged', { headers: { 'Idempotency-Key': 'log-1' } });
    await call(svc, 'GET', '/v1/scans/?limit=3');
    await call(svc, 'GET', '/v1/credits/', { key: 'llk_wrong' });
    const [post, list, denied] = svc.log;
    expect(post).toMatchObject({
      method: 'POST',
      path: '/v1/scans/',
      status: 201,
      idempotencyKey: 'log-1',
      body: { url: 'https://example.com/logged' },
      contentType: 'application/json',
    });
    expect(post?.auth).toMatch(/^[0-9a-f-]{36}$/);
    expect(list).toMatchObject({ method: 'GET', query: { limit: '3' }, status: 200, body: null });
    expect(denied).toMatchObject({ status: 401, auth: null });
  });

  it('never stores a secret, even the one a key creation returns', async () => {
    const created = await call(svc, 'POST', '/v1/api-keys/', { body: { name: 'ci', scopes: ['SCAN_READ'] } });
    await call(svc, 'GET', '/v1/scans/', { key: created.json.key });
    const text = JSON.stringify(svc.log);
    for (const secret of [svc.demoKey, svc.readOnlyKey, created.json.key]) expect(text).not.toContain(secret);
  });

  it('lists every scan with its current state for inspection', async () => {
    const { json } = await scan('https://example.com/inspect');
    await waitTerminal(svc, json.id);
    expect(svc.scans().find((s) => s.id === json.id)).toMatchObject({
      url: 'https://example.com/inspect',
      state: 'COMPLETED',
      completedAt: expect.stringMatching(ISO_MS),
    });
  });
});
