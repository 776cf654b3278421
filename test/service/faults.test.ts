// Fault injection over real HTTP: 429 (both Retry-After forms), 503, 500, malformed and truncated
// JSON, slow answers, path filters, failed scans, intermediate states, seeded rates.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FAULTS, MALFORMED_BODY, startService, type ScanningService } from './server';
import { bare, call, waitTerminal } from './test-helpers';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 10 });
});
afterAll(() => svc.stop());
beforeEach(async () => {
  await fetch(`${svc.baseUrl}/__control/reset`, { method: 'POST' });
});

const scan = (url = 'https://example.com/', headers: Record<string, string> = {}) =>
  call(svc, 'POST', '/v1/scans/', { body: { url }, headers });

describe('answers replaced before the handler runs', () => {
  it('429 with Retry-After in seconds; nothing is created or spent', async () => {
    svc.setFaults({ rate429: 1, retryAfterSeconds: 3 });
    const r = await scan();
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('3');
    expect(r.json.error.code).toBe('rate_limited');
    expect(svc.scans()).toHaveLength(0);
    expect(svc.getCredits()).toBe(1000);
  });

  it('429 with Retry-After as an HTTP-date about retryAfterSeconds ahead', async () => {
    svc.setFaults({ rate429: 1, retryAfterForm: 'http-date', retryAfterSeconds: 30 });
    const r = await call(svc, 'GET', '/v1/credits/');
    expect(r.status).toBe(429);
    const header = r.headers.get('retry-after') ?? '';
    expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const ahead = Date.parse(header) - Date.now();
    expect(ahead).toBeGreaterThan(20_000);
    expect(ahead).toBeLessThanOrEqual(30_000);
  });

  it('503 carries Retry-After; 500 does not', async () => {
    svc.setFaults({ rate503: 1 });
    const unavailable = await call(svc, 'GET', '/v1/scans/');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('1');
    svc.setFaults({ rate503: 0, rate500: 1 });
    const broken = await call(svc, 'GET', '/v1/scans/');
    expect(broken.status).toBe(500);
    expect(broken.headers.get('retry-after')).toBeNull();
    expect(broken.json.error.code).toBe('internal_error');
  });

  it('faults hit only the given path prefixes, and never the control API', async () => {
    svc.setFaults({ rate500: 1, paths: ['/v1/credits'] });
    expect((await call(svc, 'GET', '/v1/credits/')).status).toBe(500);
    expect((await call(svc, 'GET', '/v1/scans/')).status).toBe(200);
    expect((await fetch(`${svc.baseUrl}/__control/`)).status).toBe(200);
    svc.setFaults({ paths: undefined }); // an explicit undefined removes the filter
    expect((await call(svc, 'GET', '/v1/scans/')).status).toBe(500);
  });

  it('a fractional rate mixes faults and answers, repeatably for a seed', async () => {
    const statuses = async (): Promise<number[]> => {
      const s = await startService({ seed: 42 });
      s.setFaults({ rate429: 0.5 });
      const out: number[] = [];
      for (let i = 0; i < 30; i++) out.push((await call(s, 'GET', '/v1/credits/', { key: s.demoKey })).status);
      await s.stop();
      return out;
    };
    const first = await statuses();
    expect(first).toContain(429);
    expect(first).toContain(200);
    expect(await statuses()).toEqual(first);
  });

  it('resetFaults restores the defaults', async () => {
    svc.setFaults({ rate500: 1, streamMode: 'drop', intermediateStates: ['X'] });
    svc.resetFaults();
    expect((await call(svc, 'GET', '/v1/scans/')).status).toBe(200);
    expect(await (await fetch(`${svc.baseUrl}/__control/faults`)).json()).toEqual(DEFAULT_FAULTS);
  });
});

describe('answers broken after the handler ran', () => {
  it('malformed JSON: 2xx, application/json, "{bad json"; the scan was created', async () => {
    svc.setFaults({ rateMalformed: 1 });
    const r = await scan();
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.text).toBe(MALFORMED_BODY);
    expect(r.json).toBeUndefined();
    expect(svc.scans()).toHaveLength(1);
  });

  it('truncated JSON: a strict prefix of the real answer with a matching Content-Length', async () => {
    svc.setFaults({ rateTruncated: 1 });
    const r = await call(svc, 'GET', '/v1/settings/');
    expect(r.status).toBe(200);
    expect(r.json).toBeUndefined();
    expect(r.headers.get('content-length')).toBe(String(Buffer.byteLength(r.text)));
    svc.resetFaults();
    const full = await call(svc, 'GET', '/v1/settings/');
    expect(full.text.startsWith(r.text)).toBe(true);
    expect(r.text.length).toBeLessThan(full.text.length);
  });

  it('a retry with the same Idempotency-Key after a truncated answer gets the same job, one credit spent', async () => {
    svc.setFaults({ rateTruncated: 1 });
    const lost = await scan('https://example.com/retry', { 'Idempotency-Key': 'retry-1' });
    expect(lost.json).toBeUndefined();
    svc.resetFaults();
    const again = await scan('https://example.com/retry', { 'Idempotency-Key': 'retry-1' });
    expect(again.status).toBe(201);
    expect(svc.scans().map((s) => s.id)).toEqual([again.json.id]);
    expect(svc.getCredits()).toBe(999);
  });

  it('error answers are never corrupted (only 2xx are)', async () => {
    svc.setFaults({ rateMalformed: 1 });
    const r = await call(svc, 'GET', '/v1/scans/', { key: null });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe('unauthorized');
  });
});

describe('slow answers', () => {
  it('delays every answer by at least slowMs', async () => {
    svc.setFaults({ slowMs: 150 });
    const t0 = performance.now();
    const r = await call(svc, 'GET', '/v1/credits/');
    // A lower bound only (sleep never returns early); no upper bound, the machine may be busy.
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    expect(r.status).toBe(200);
  });
});

describe('scan outcome faults', () => {
  it('failScans: a safe URL ends FAILED with a reason', async () => {
    svc.setFaults({ failScans: true });
    const { json } = await scan('https://example.com/fine');
    const done = await waitTerminal(svc, json.id);
    expect(done.state).toBe('FAILED');
    expect(done.error.reason).toMatch(/failScans/);
    expect(done.result).toBeUndefined();
  });

  it('intermediate states appear in GET between QUEUED and the terminal state', async () => {
    svc.setProcessingDelay(3000); // QUEUED 0-1.5 s, PROCESSING 1.5-3 s: wide enough to observe by polling
    svc.setFaults({ intermediateStates: ['PROCESSING'] });
    const { json } = await scan('https://example.com/steps');
    const seen: string[] = [];
    for (;;) {
      const r = await call(svc, 'GET', `/v1/scans/${bare(json.id)}`);
      if (seen[seen.length - 1] !== r.json.state) seen.push(r.json.state);
      if (r.json.state === 'COMPLETED' || r.json.state === 'FAILED') break;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(seen).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
    const analytics = await call(svc, 'GET', `/v1/scans/${json.id}/analytics`);
    expect(analytics.json.checks.states).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
  });
});
