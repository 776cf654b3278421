// Batch submission (413 past maxBatch, 402 all-or-nothing), list pagination and analytics over
// real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type ScanningService } from './server';
import { bare, call, SCAN_ID, waitTerminal } from './test-helpers';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 20, maxBatch: 3 });
});
afterAll(() => svc.stop());
beforeEach(async () => {
  await fetch(`${svc.baseUrl}/__control/reset`, { method: 'POST' });
});

const scan = (url: string) => call(svc, 'POST', '/v1/scans/', { body: { url } });

describe('POST /v1/scans/batch', () => {
  it('creates one QUEUED job per URL, in order, and spends one credit each', async () => {
    const urls = ['https://a.example/', 'https://malware.example/', 'https://c.example/'];
    const r = await call(svc, 'POST', '/v1/scans/batch', { body: { urls } });
    expect(r.status).toBe(201);
    expect(r.json.data.map((j: any) => j.url)).toEqual(urls);
    expect(r.json.data.every((j: any) => j.state === 'QUEUED' && SCAN_ID.test(j.id))).toBe(true);
    expect(svc.getCredits()).toBe(997);
  });

  it('answers 413 past maxBatch', async () => {
    const urls = ['https://a.example/', 'https://b.example/', 'https://c.example/', 'https://d.example/'];
    const r = await call(svc, 'POST', '/v1/scans/batch', { body: { urls } });
    expect(r.status).toBe(413);
    expect(svc.scans()).toHaveLength(0);
  });

  it.each([
    ['no body', undefined, 400],
    ['urls not an array', { urls: 'https://a.example/' }, 400],
    ['empty urls', { urls: [] }, 400],
    ['a bad URL inside', { urls: ['https://a.example/', 'ftp://b.example/'] }, 422],
  ])('refuses %s (%i) and creates nothing', async (_n, body, status) => {
    const r = await call(svc, 'POST', '/v1/scans/batch', body === undefined ? {} : { body });
    expect(r.status).toBe(status);
    expect(svc.scans()).toHaveLength(0);
  });

  it('answers 402 when credits do not cover every URL, creating none', async () => {
    svc.setCredits(1);
    const r = await call(svc, 'POST', '/v1/scans/batch', {
      body: { urls: ['https://a.example/', 'https://b.example/'] },
    });
    expect(r.status).toBe(402);
    expect(r.json.balance).toBe(1); // what is left, stated beside the error
    expect(svc.scans()).toHaveLength(0);
    expect(svc.getCredits()).toBe(1);
  });
});

describe('GET /v1/scans/ (list)', () => {
  it('pages newest first with limit/cursor and ends with nextCursor null', async () => {
    const before = new Set(svc.scans().map((s) => s.id));
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await scan(`https://list.example/${i}`)).json.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const r = await call(svc, 'GET', `/v1/scans/${q}`);
      expect(r.status).toBe(200);
      expect(r.json.data.length).toBeLessThanOrEqual(2);
      seen.push(...r.json.data.map((j: any) => j.id));
      cursor = r.json.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => !before.has(id)).slice(0, 5)).toEqual([...made].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(svc.scans().length);
  });

  it.each(['0', '101', 'abc', '-1', '2.5'])('refuses limit=%s with 400', async (limit) => {
    expect((await call(svc, 'GET', `/v1/scans/?limit=${limit}`)).status).toBe(400);
  });

  it('refuses a cursor it did not give out with 400', async () => {
    expect((await call(svc, 'GET', '/v1/scans/?cursor=garbage')).status).toBe(400);
  });
});

describe('GET /v1/scans/{id}/analytics', () => {
  it('reports queue and processing times and the matched rule once terminal', async () => {
    const { json } = await scan('https://scam-prize.example/');
    await waitTerminal(svc, json.id);
    const r = await call(svc, 'GET', `/v1/scans/${bare(json.id)}/analytics`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      scanId: json.id,
      engine: 'local-rules-1',
      state: 'COMPLETED',
      checks: { matchedRule: 'scam', states: ['QUEUED', 'COMPLETED'] },
    });
    expect(r.json.processingMs).toEqual(expect.any(Number));
    expect(r.json.queueMs).toEqual(expect.any(Number));
  });
});
