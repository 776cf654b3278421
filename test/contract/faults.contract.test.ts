/**
 * Contract: every fault mode of the local service (test/service/faults.ts) against the client.
 * Each answer must be ok or a typed error; retries follow retry-policy.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResult } from '@/src/background/api';
import { useService, waitTerminal } from './setup';

const h = useService();

const requests = () => h.svc.log.filter((e) => e.path.startsWith('/v1/'));

describe('429 with Retry-After', () => {
  it('seconds form: a GET waits the announced time between attempts, then gives rate_limited', async () => {
    h.svc.setFaults({ rate429: 1, retryAfterForm: 'seconds', retryAfterSeconds: 1 });
    const client = h.client();
    const r = await client.getCredits();
    expect(r.ok === false && r.error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 1000 });
    expect(requests()).toHaveLength(4);
    expect(h.sleeps[0]).toBe(1000);
    expect(client.pausedUntil()).toBeGreaterThan(Date.now());
  });

  it('HTTP-date form is honoured too', async () => {
    h.svc.setFaults({ rate429: 1, retryAfterForm: 'http-date', retryAfterSeconds: 3 });
    const r = await h.client({ maxAttempts: 2 }).getCredits();
    expect(r.ok === false && r.error.code).toBe('rate_limited');
    // The date has whole seconds, so the wait is a little under 3 s.
    expect(h.sleeps[0]).toBeGreaterThan(1000);
    expect(h.sleeps[0]).toBeLessThanOrEqual(3000);
  });

  it('a POST is retried (nothing happened) with the same Idempotency-Key', async () => {
    h.svc.setFaults({ rate429: 1 });
    const before = h.svc.scans().length;
    const r = await h.client().submitScan('https://example.com/');
    expect(r.ok === false && r.error.code).toBe('rate_limited');
    const keys = requests().map((e) => e.idempotencyKey);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect(h.svc.scans()).toHaveLength(before);
  });

  it('intermittent 429s are retried through: every answer ok or rate_limited, no duplicate scans', async () => {
    h.svc.setFaults({ rate429: 0.5, retryAfterSeconds: 0 });
    const before = h.svc.scans().length;
    const client = h.client();
    const results: ApiResult<unknown>[] = [];
    for (let i = 0; i < 6; i++) results.push(await client.submitScan(`https://r${i}.example/`));
    expect(results.every((r) => r.ok || r.error.code === 'rate_limited')).toBe(true);
    expect(requests().length).toBeGreaterThan(6);
    expect(h.svc.scans()).toHaveLength(before + results.filter((r) => r.ok).length);
  });

  it('a long Retry-After pauses the whole client: later requests fail fast and send nothing', async () => {
    h.svc.setFaults({ rate429: 1, retryAfterSeconds: 60 });
    const client = h.client();
    const first = await client.getCredits();
    expect(first.ok === false && first.error).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
    expect(requests()).toHaveLength(1);
    h.svc.resetFaults();
    const second = await client.getSettings();
    expect(second.ok === false && second.error).toMatchObject({ code: 'rate_limited', status: null });
    expect(requests()).toHaveLength(1);
    expect(client.pausedUntil()).toBeGreaterThan(Date.now() + 50_000);
  });
});

describe('500 and 503', () => {
  it('500: a GET is retried up to maxAttempts; a POST is not (it may have been processed)', async () => {
    h.svc.setFaults({ rate500: 1 });
    const client = h.client();
    const get = await client.getSettings();
    expect(get.ok === false && get.error).toMatchObject({
      code: 'server',
      status: 500,
      message: 'Internal error (injected fault).',
    });
    expect(requests()).toHaveLength(4);
    h.svc.clearLog();
    const post = await client.submitScan('https://example.com/');
    expect(post.ok === false && post.error.code).toBe('server');
    expect(requests()).toHaveLength(1);
  });

  it('503: GET and POST are retried after Retry-After, the POST with one key', async () => {
    h.svc.setFaults({ rate503: 1, retryAfterSeconds: 1 });
    const client = h.client({ maxAttempts: 3 });
    const post = await client.submitScan('https://example.com/');
    expect(post.ok === false && post.error).toMatchObject({ code: 'server', status: 503, retryAfterMs: 1000 });
    expect(new Set(requests().map((e) => e.idempotencyKey)).size).toBe(1);
    expect(requests()).toHaveLength(3);
    expect(h.sleeps).toEqual([1000, 1000]);
  });

  it('faults limited to some paths leave the others alone', async () => {
    h.svc.setFaults({ rate500: 1, paths: ['/v1/credits/'] });
    const client = h.client();
    expect((await client.getSettings()).ok).toBe(true);
    expect((await client.getCredits()).ok).toBe(false);
  });
});

describe('malformed and truncated JSON', () => {
  const every: [string, (c: ApiClient, scanId: string) => Promise<ApiResult<unknown>>][] = [
    ['createKey', (c) => c.createKey({ name: 'k', scopes: ['SCAN_READ'] })],
    ['listKeys', (c) => c.listKeys()],
    ['submitScan', (c) => c.submitScan('https://example.com/')],
    ['listScans', (c) => c.listScans()],
    ['getScan', (c, id) => c.getScan(id)],
    ['getAnalytics', (c, id) => c.getAnalytics(id)],
    ['getCredits', (c) => c.getCredits()],
    ['purchaseCredits', (c) => c.purchaseCredits(1)],
    ['getSettings', (c) => c.getSettings()],
    ['putSettings', (c) => c.putSettings({ a: 1 })],
  ];

  it.each(['rateMalformed', 'rateTruncated'] as const)('%s: every endpoint answers bad_response', async (fault) => {
    const client = h.client({ maxAttempts: 2 });
    const sub = await client.submitScan('https://example.com/');
    if (!sub.ok) throw new Error(sub.error.message);
    h.svc.setFaults({ [fault]: 1 });
    for (const [name, run] of every) {
      const r = await run(client, sub.value.id);
      expect(r.ok === false && r.error.code, name).toBe('bad_response');
    }
    const batch = await client.submitBatch(['https://a.example/']);
    expect(batch[0]).toMatchObject({ ok: false, error: { code: 'bad_response' } });
  });

  it('revoking a key under malformed JSON is still a typed error', async () => {
    const client = h.client({ maxAttempts: 1 });
    const created = await client.createKey({ name: 'gone', scopes: ['SCAN_READ'] });
    if (!created.ok) throw new Error(created.error.message);
    h.svc.setFaults({ rateMalformed: 1 });
    const r = await client.revokeKey(created.value.id);
    expect(r.ok === false && r.error.code).toBe('bad_response');
  });

  it('a GET is retried past a broken body and then succeeds', async () => {
    h.svc.setFaults({ rateMalformed: 0.5 });
    const client = h.client();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await client.getSettings());
    expect(results.every((r) => r.ok || r.error.code === 'bad_response')).toBe(true);
    expect(results.some((r) => r.ok)).toBe(true);
    expect(requests().length).toBeGreaterThan(5);
  });

  it('a POST with a broken answer is not resubmitted; the same Idempotency-Key recovers the job', async () => {
    h.svc.setFaults({ rateMalformed: 1 });
    const before = h.svc.scans().length;
    const client = h.client();
    const r = await client.submitScan('https://phish.example/');
    expect(r.ok === false && r.error).toMatchObject({ code: 'bad_response', status: 201 });
    expect(requests()).toHaveLength(1);
    expect(h.svc.scans()).toHaveLength(before + 1); // the work was done
    h.svc.resetFaults();
    const key = requests()[0]!.idempotencyKey!;
    const again = await client.submitScan('https://phish.example/', { idempotencyKey: key });
    expect(again.ok && again.value.id).toBe(h.svc.scans().at(-1)!.id);
    expect(h.svc.scans()).toHaveLength(before + 1);
  });
});

describe('slow answers', () => {
  it('slower than timeoutMs: a GET times out on every attempt → timeout', async () => {
    h.svc.setFaults({ slowMs: 400 });
    const r = await h.client({ timeoutMs: 100, maxAttempts: 2 }).getCredits();
    expect(r.ok === false && r.error).toMatchObject({ code: 'timeout', status: null });
    expect(requests()).toHaveLength(2);
  });

  it('a POST that times out is not retried', async () => {
    h.svc.setFaults({ slowMs: 400 });
    const r = await h.client({ timeoutMs: 100 }).submitScan('https://example.com/');
    expect(r.ok === false && r.error.code).toBe('timeout');
    expect(requests()).toHaveLength(1);
  });

  it('slow but within the timeout: ok', async () => {
    h.svc.setFaults({ slowMs: 100 });
    expect((await h.client().getCredits()).ok).toBe(true);
  });
});

describe('scan outcomes', () => {
  it('failScans: the job ends FAILED with the reason, never a verdict', async () => {
    h.svc.setFaults({ failScans: true });
    const client = h.client();
    const sub = await client.submitScan('https://example.com/');
    if (!sub.ok) throw new Error(sub.error.message);
    const job = await waitTerminal(client, sub.value.id);
    expect(job).toMatchObject({ state: 'FAILED', result: null, failureReason: 'Injected failure (failScans).' });
  });

  it('unknown intermediate states are reported raw and are not terminal', async () => {
    h.svc.setFaults({ intermediateStates: ['PROCESSING', 'VERIFYING'] });
    h.svc.setProcessingDelay(900);
    const client = h.client();
    const sub = await client.submitScan('https://malware.example/');
    if (!sub.ok) throw new Error(sub.error.message);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const r = await client.getScan(sub.value.id);
      if (!r.ok) throw new Error(r.error.message);
      seen.add(r.value.state);
      if (r.value.state === 'COMPLETED') {
        expect(r.value.result?.riskScore).toBe(95);
        break;
      }
      await new Promise((res) => setTimeout(res, 25));
    }
    expect(seen.has('PROCESSING') || seen.has('VERIFYING')).toBe(true);
    expect(seen.has('COMPLETED')).toBe(true);
  });
});
