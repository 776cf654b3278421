/**
 * Contract: the API client against the real local service over HTTP — every endpoint, the
 * credential rules, and both id-path modes (docs/decisions/015-api-client.md). Faults and event streams are in
 * faults.contract.test.ts and events.contract.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { bareId } from '@/src/background/api';
import { UUID_RE, collect, useService, waitTerminal } from './setup';

const h = useService({ maxBatch: 5 });

describe('endpoints', () => {
  it('POST /v1/scans/ → a QUEUED job with a prefixed id and createdAt; credential and JSON body sent', async () => {
    const r = await h.client().submitScan('https://example.com/');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ url: 'https://example.com/', state: 'QUEUED', result: null });
    expect(r.value.id).toMatch(/^scn_/);
    expect(bareId(r.value.id)).toMatch(UUID_RE);
    expect(r.value.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const entry = h.svc.log[0]!;
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/v1/scans/',
      status: 201,
      body: { url: 'https://example.com/' },
    });
    expect(entry.auth).not.toBeNull();
    expect(entry.contentType).toBe('application/json');
    expect(entry.idempotencyKey).toMatch(UUID_RE);
  });

  it.each([
    ['https://example.com/', 'COMPLETED', 5, ['safe']],
    ['https://suspicious.example/', 'COMPLETED', 35, ['suspicious']],
    ['https://example.com/free-prize-scam', 'COMPLETED', 70, ['scam']],
    ['https://phish-bank.example/', 'COMPLETED', 88, ['phishing']],
    ['https://malware.example/', 'COMPLETED', 95, ['malware']],
    ['https://fail.example/', 'FAILED', null, null],
  ])('GET /v1/scans/{id}: %s ends %s with score %s', async (url, state, score, categories) => {
    const client = h.client();
    const sub = await client.submitScan(url);
    if (!sub.ok) throw new Error(sub.error.message);
    const job = await waitTerminal(client, sub.value.id);
    expect(job.state).toBe(state);
    expect(job.id).toBe(sub.value.id);
    expect(job.result?.riskScore ?? null).toBe(score);
    expect(job.result?.categories ?? null).toEqual(categories);
    if (state === 'FAILED') expect(job.failureReason).toMatch(/could not fetch/);
    else expect(job.completedAt).not.toBeNull();
  });

  it('indicators of any shape become display strings; markup stays inert text', async () => {
    const client = h.client();
    const sub = await client.submitScan('https://xss.example/');
    if (!sub.ok) throw new Error(sub.error.message);
    const job = await waitTerminal(client, sub.value.id);
    expect(job.result?.reasoning).toContain('<script>');
    // An indicator record is kept as its JSON text (the surfaces put known types in words): text, never markup.
    expect(job.result?.indicators).toEqual([
      JSON.stringify({
        type: '<img src=x onerror=alert(1)>',
        value: '<b><img src=x onerror=alert(1)></b>',
        severity: 'low',
      }),
    ]);
  });

  it('POST /v1/scans/batch → one job per URL in order; past maxBatch it splits (413) and remembers', async () => {
    const client = h.client();
    const urls = Array.from({ length: 12 }, (_, i) => `https://site${i}.example/${i % 2 ? 'phish' : ''}`);
    const out = await client.submitBatch(urls);
    expect(out.map((o) => [o.url, o.ok])).toEqual(urls.map((u) => [u, true]));
    const sizes = h.svc.log.map((e) => [e.status, (e.body as { urls: string[] }).urls.length]);
    expect(sizes).toEqual([
      [413, 12],
      [413, 6],
      [201, 3],
      [201, 3],
      [201, 3],
      [201, 3],
    ]);
    h.svc.clearLog();
    await client.submitBatch(urls.slice(0, 6));
    expect(h.svc.log.map((e) => e.status)).toEqual([201, 201]);
    const first = out[1]!;
    if (!first.ok) throw new Error('batch item failed');
    expect((await waitTerminal(client, first.job.id)).result?.riskScore).toBe(88);
  });

  it('a batch with an invalid URL isolates it; the others are scanned', async () => {
    const out = await h.client().submitBatch(['https://a.example/', 'not a url', 'https://b.example/']);
    expect(out.map((o) => o.ok)).toEqual([true, false, true]);
    expect(out[1]).toMatchObject({ ok: false, error: { code: 'invalid_request', status: 422 } });
  });

  it('GET /v1/scans/ pages with limit and cursor through every scan, newest first', async () => {
    const client = h.client();
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await client.submitScan(`https://page${i}.example/`);
      if (r.ok) created.push(r.value.id);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const r = await client.listScans({ limit: 2, cursor });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.items.length).toBeLessThanOrEqual(2);
      seen.push(...r.value.items.map((j) => j.id));
      if (!r.value.next) break;
      cursor = r.value.next;
    }
    const total = h.svc.scans().length;
    expect(seen).toHaveLength(total);
    expect(seen.slice(0, 5)).toEqual([...created].reverse());
  });

  it('GET /v1/scans/{id}/analytics → the record', async () => {
    const client = h.client();
    const sub = await client.submitScan('https://example.com/');
    if (!sub.ok) throw new Error(sub.error.message);
    const r = await client.getAnalytics(sub.value.id);
    expect(r.ok && r.value.scanId).toBe(sub.value.id);
  });

  it('credits: GET, purchase adds, every scan spends, 402 at zero', async () => {
    const client = h.client();
    h.svc.setCredits(1);
    expect(await client.getCredits()).toMatchObject({ ok: true, value: { balance: 1 } });
    expect((await client.submitScan('https://example.com/')).ok).toBe(true);
    const broke = await client.submitScan('https://example.com/');
    expect(broke.ok === false && broke.error).toMatchObject({ code: 'insufficient_credits', status: 402 });
    expect(broke.ok === false && broke.error.message).toMatch(/balance is 0/);
    expect(await client.purchaseCredits(25)).toMatchObject({
      ok: true,
      value: { balance: 25, raw: { purchased: 25 } },
    });
    expect(h.svc.getCredits()).toBe(25);
    const bad = await client.purchaseCredits(1.5);
    expect(bad.ok === false && bad.error.code).toBe('invalid_request');
  });

  it('settings: GET, PUT replaces, GET shows it', async () => {
    const client = h.client();
    const before = await client.getSettings();
    expect(before.ok && typeof before.value).toBe('object');
    const put = await client.putSettings({ retentionDays: 7, domains: { allow: ['a.example'] } });
    expect(put).toEqual({ ok: true, value: { retentionDays: 7, domains: { allow: ['a.example'] } } });
    expect(await client.getSettings()).toEqual(put);
    expect(h.svc.log.find((e) => e.method === 'PUT')?.contentType).toBe('application/json');
  });

  it('API keys: create shows the secret once, list never does, the new key works, revoke ends it', async () => {
    const admin = h.client();
    const created = await admin.createKey({ name: 'contract', scopes: ['SCAN_READ'] });
    if (!created.ok) throw new Error(created.error.message);
    expect(created.value).toMatchObject({ name: 'contract', scopes: ['SCAN_READ'] });
    expect(created.value.secret).toBeTruthy();
    expect(JSON.stringify(created.value.raw)).not.toContain(created.value.secret!);

    const list = await admin.listKeys();
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.map((k) => k.id)).toContain(created.value.id);
    expect(JSON.stringify(list.value)).not.toContain(created.value.secret!);

    const mine = h.client({ apiKey: created.value.secret! });
    expect((await mine.listScans()).ok).toBe(true);
    const denied = await mine.submitScan('https://example.com/');
    expect(denied.ok === false && denied.error).toMatchObject({ code: 'forbidden', status: 403 });

    expect((await admin.revokeKey(created.value.id)).ok).toBe(true);
    const after = await mine.listScans();
    expect(after.ok === false && after.error).toMatchObject({ code: 'unauthorized', status: 401 });
    const again = await admin.revokeKey(created.value.id);
    expect(again.ok === false && again.error.code).toBe('not_found');
  });
});

describe('credentials', () => {
  it('an unknown key → unauthorized with the service message', async () => {
    const r = await h.client({ apiKey: 'llk_nope' }).getCredits();
    expect(r.ok === false && r.error).toMatchObject({ code: 'unauthorized', status: 401, message: 'Unknown API key.' });
  });

  it('the read-only key cannot submit (SCAN_WRITE) → forbidden, single or batch', async () => {
    const client = h.client({ apiKey: h.svc.readOnlyKey });
    const r = await client.submitScan('https://example.com/');
    expect(r.ok === false && r.error).toMatchObject({
      code: 'forbidden',
      message: 'This API key lacks the SCAN_WRITE scope.',
    });
    const b = await client.submitBatch(['https://example.com/']);
    expect(b[0]).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('every request carried the credential', async () => {
    const client = h.client();
    await client.getCredits();
    await client.getSettings();
    await client.listKeys();
    expect(h.svc.log.every((e) => e.auth !== null)).toBe(true);
  });
});

describe.each([
  ['bare', 'bare'],
  ['prefixed', 'asReturned'],
  ['both', 'bare'],
] as const)('id mode %s', (mode, learned) => {
  it(`every id endpoint works and the client learns '${learned}'`, async () => {
    h.svc.setIdMode(mode);
    const onIdForm = vi.fn();
    const client = h.client({ onIdForm });
    const sub = await client.submitScan('https://phish-bank.example/');
    if (!sub.ok) throw new Error(sub.error.message);
    const job = await waitTerminal(client, sub.value.id);
    expect(job.result?.riskScore).toBe(88);
    expect((await client.getAnalytics(sub.value.id)).ok).toBe(true);
    const events = await collect(client.streamEvents(sub.value.id));
    expect(events.at(-1)).toEqual({ kind: 'end', reason: 'terminal' });
    expect(onIdForm.mock.calls).toEqual([[learned]]);
    // Once learned, no request goes to the refused form.
    const refused = h.svc.log.filter((e) => e.status === 404).length;
    expect(refused).toBe(mode === 'prefixed' ? 1 : 0);

    // A client started with the remembered form goes straight to it.
    h.svc.clearLog();
    const next = h.client({ idForm: learned });
    expect((await next.getScan(sub.value.id)).ok).toBe(true);
    expect(h.svc.log).toHaveLength(1);
  });
});

describe('invalid input never throws', () => {
  it('an unknown scan id → not_found after trying both forms', async () => {
    const r = await h.client().getScan('scn_00000000-0000-4000-8000-000000000000');
    expect(r.ok === false && r.error.code).toBe('not_found');
    expect(h.svc.log.map((e) => e.path)).toEqual([
      '/v1/scans/00000000-0000-4000-8000-000000000000',
      '/v1/scans/scn_00000000-0000-4000-8000-000000000000',
    ]);
  });

  it('a non-URL scan → invalid_request with the service message', async () => {
    const r = await h.client().submitScan('javascript:alert(1)');
    expect(r.ok === false && r.error).toMatchObject({
      code: 'invalid_request',
      status: 422,
      message: '"url" must be http or https.',
    });
  });
});
