// API keys (spec rows 1-3), credits (10-11) and settings (12-13) over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SCOPES, startService, type ScanningService } from './server';
import { call, ISO_MS, UUID } from './test-helpers';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 10, initialCredits: 2 });
});
afterAll(() => svc.stop());
beforeEach(async () => {
  await fetch(`${svc.baseUrl}/__control/reset`, { method: 'POST' });
});

describe('API keys', () => {
  it('creates a key and shows its secret once; the list never shows it', async () => {
    const r = await call(svc, 'POST', '/v1/api-keys/', {
      body: { name: 'laptop', scopes: ['SCAN_READ', 'SCAN_WRITE'] },
    });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({
      id: expect.stringMatching(UUID),
      name: 'laptop',
      scopes: ['SCAN_READ', 'SCAN_WRITE'],
      createdAt: expect.stringMatching(ISO_MS),
      key: expect.any(String),
    });
    const list = await call(svc, 'GET', '/v1/api-keys/');
    expect(list.status).toBe(200);
    expect(list.json.data.find((k: any) => k.id === r.json.id)).toEqual({
      id: r.json.id,
      name: 'laptop',
      scopes: ['SCAN_READ', 'SCAN_WRITE'],
      createdAt: r.json.createdAt,
    });
    for (const secret of [r.json.key, svc.demoKey, svc.readOnlyKey]) expect(list.text).not.toContain(secret);
  });

  it('accepts a single "scope" string as well as "scopes"', async () => {
    const r = await call(svc, 'POST', '/v1/api-keys/', { body: { name: 'one', scope: 'SCAN_WRITE' } });
    expect(r.status).toBe(201);
    expect(r.json.scopes).toEqual(['SCAN_WRITE']);
  });

  it('a new key is limited to its scopes', async () => {
    const { json } = await call(svc, 'POST', '/v1/api-keys/', { body: { name: 'reader', scopes: ['SCAN_READ'] } });
    expect((await call(svc, 'GET', '/v1/scans/', { key: json.key })).status).toBe(200);
    expect(
      (await call(svc, 'POST', '/v1/scans/', { key: json.key, body: { url: 'https://example.com/' } })).status,
    ).toBe(403);
    expect((await call(svc, 'GET', '/v1/credits/', { key: json.key })).status).toBe(403);
    expect((await call(svc, 'GET', '/v1/settings/', { key: json.key })).status).toBe(403);
    expect((await call(svc, 'GET', '/v1/api-keys/', { key: json.key })).status).toBe(403);
  });

  it('revokes a key: 200, then 401 for it, gone from the list, and 404 a second time', async () => {
    const { json } = await call(svc, 'POST', '/v1/api-keys/', { body: { name: 'temp', scopes: [...SCOPES] } });
    expect((await call(svc, 'GET', '/v1/credits/', { key: json.key })).status).toBe(200);
    const del = await call(svc, 'DELETE', `/v1/api-keys/${json.id}`);
    expect(del.status).toBe(200);
    expect(del.json).toMatchObject({ id: json.id, revoked: true });
    const after = await call(svc, 'GET', '/v1/credits/', { key: json.key });
    expect(after.status).toBe(401);
    expect(after.json.error.message).toMatch(/revoked/);
    expect((await call(svc, 'GET', '/v1/api-keys/')).json.data.map((k: any) => k.id)).not.toContain(json.id);
    expect((await call(svc, 'DELETE', `/v1/api-keys/${json.id}`)).status).toBe(404);
  });

  it('answers 404 for revoking an unknown key', async () => {
    expect((await call(svc, 'DELETE', '/v1/api-keys/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it.each([
    ['no scopes', { name: 'x' }],
    ['empty scopes', { name: 'x', scopes: [] }],
    ['unknown scope', { name: 'x', scopes: ['ROOT'] }],
    ['empty name', { name: ' ', scopes: ['SCAN_READ'] }],
    ['not an object', ['SCAN_READ']],
  ])('refuses %s with 400', async (_n, body) => {
    expect((await call(svc, 'POST', '/v1/api-keys/', { body })).status).toBe(400);
  });
});

describe('credits', () => {
  it('reports the balance; each scan spends one; 402 at zero; purchase adds and scanning works again', async () => {
    const start = await call(svc, 'GET', '/v1/credits/');
    expect(start.json).toEqual({ balance: 2, currency: 'credits', updatedAt: expect.stringMatching(ISO_MS) });
    for (let i = 0; i < 2; i++)
      expect((await call(svc, 'POST', '/v1/scans/', { body: { url: `https://example.com/${i}` } })).status).toBe(201);
    expect((await call(svc, 'GET', '/v1/credits/')).json.balance).toBe(0);
    const broke = await call(svc, 'POST', '/v1/scans/', { body: { url: 'https://example.com/x' } });
    expect(broke.status).toBe(402);
    expect(broke.json.error.code).toBe('insufficient_credits');
    expect(broke.json.balance).toBe(0); // stated beside the error
    const bought = await call(svc, 'POST', '/v1/credits/purchase', { body: { amount: 5 } });
    expect(bought.status).toBe(200);
    expect(bought.json).toMatchObject({ balance: 5, purchased: 5 });
    expect((await call(svc, 'POST', '/v1/scans/', { body: { url: 'https://example.com/x' } })).status).toBe(201);
    expect(svc.getCredits()).toBe(4);
  });

  it.each([[{}], [{ amount: 0 }], [{ amount: -3 }], [{ amount: 1.5 }], [{ amount: '10' }], [{ amount: 10_000_000 }]])(
    'refuses purchase body %j with 400',
    async (body) => {
      expect((await call(svc, 'POST', '/v1/credits/purchase', { body })).status).toBe(400);
      expect(svc.getCredits()).toBe(2);
    },
  );
});

describe('settings', () => {
  it('GET returns the account, domains, notifications and retention record', async () => {
    const r = await call(svc, 'GET', '/v1/settings/');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      account: { name: expect.any(String), email: expect.any(String) },
      domains: { allow: [], block: [] },
      notifications: expect.any(Object),
      retentionDays: expect.any(Number),
    });
  });

  it('PUT stores any object and returns it; GET then shows it', async () => {
    const next = {
      account: { name: 'Ada', email: 'ada@example.test' },
      domains: { allow: ['example.com'], block: ['bad.example'] },
      notifications: { email: true },
      retentionDays: 7,
    };
    const put = await call(svc, 'PUT', '/v1/settings/', { body: next });
    expect(put.status).toBe(200);
    expect(put.json).toEqual(next);
    expect((await call(svc, 'GET', '/v1/settings')).json).toEqual(next);
  });

  it.each([[[1, 2]], ['text'], [null]])('PUT refuses %j with 400', async (body) => {
    expect((await call(svc, 'PUT', '/v1/settings/', { body })).status).toBe(400);
  });
});
