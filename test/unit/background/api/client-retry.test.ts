/** Retries, Retry-After, Idempotency-Key and the global pause (docs/decisions/015-api-client.md). */
import { beforeEach, describe, expect, it } from 'vitest';
import { installI18n } from '../../ui/helpers';
import { completedJob, fakeClock, json, makeClient, queuedJob, text } from './fakes';

// The client's error messages come from _locales (background i18n.ts say()): the real English ones.
beforeEach(() => installI18n('en'));

const ok200 = () => json(200, { balance: 5 });

describe('GET retries', () => {
  it('retries 500, 502 and a network error, then succeeds', async () => {
    const { client, calls } = makeClient([json(500, {}), json(502, {}), 'reject', ok200()], { maxAttempts: 4 });
    const r = await client.getCredits();
    expect(r).toEqual({ ok: true, value: { balance: 5, raw: { balance: 5 } } });
    expect(calls).toHaveLength(4);
  });

  it('a truncated 2xx body is retried for a GET', async () => {
    const { client, calls } = makeClient([text(200, '{"balance": 1'), ok200()]);
    expect((await client.getCredits()).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('a timeout is retried for a GET', async () => {
    const { client, calls } = makeClient(['hang', ok200()], { timeoutMs: 5 });
    expect((await client.getCredits()).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('stops after maxAttempts and returns the last error', async () => {
    const { client, calls } = makeClient([json(503, { message: 'down' })], { maxAttempts: 3 });
    const r = await client.getCredits();
    expect(r.ok === false && r.error).toMatchObject({ code: 'server', status: 503 });
    expect(calls).toHaveLength(3);
  });

  it('does not retry 4xx answers', async () => {
    const { client, calls } = makeClient([json(401, {})]);
    await client.getCredits();
    expect(calls).toHaveLength(1);
  });

  it('waits full-jitter backoff between attempts: random · min(cap, 500·2^n)', async () => {
    const { client, clock } = makeClient([json(500, {})], { maxAttempts: 4, random: () => 0.5 });
    await client.getCredits();
    expect(clock.sleeps).toEqual([250, 500, 1000]);
  });

  it.each([
    ['seconds', (_now: number) => '2', 2000],
    ['http-date', (now: number) => new Date(now + 3000).toUTCString(), 3000],
  ])('503 honours Retry-After in the %s form', async (_form, header, ms) => {
    const clock = fakeClock();
    const { client } = makeClient([json(503, {}, { 'retry-after': header(clock.now()) }), ok200()], clock);
    expect((await client.getCredits()).ok).toBe(true);
    expect(clock.sleeps).toEqual([ms]);
  });

  it('a Retry-After longer than 20 s is not waited out: rate_limited is returned with retryAfterMs', async () => {
    const { client, calls } = makeClient([json(429, {}, { 'retry-after': '60' }), ok200()]);
    const r = await client.getCredits();
    expect(r.ok === false && r.error).toMatchObject({ code: 'rate_limited', retryAfterMs: 60_000 });
    expect(calls).toHaveLength(1);
  });
});

describe('global pause after 429', () => {
  it('sets pausedUntil from Retry-After (HTTP-date form) and other requests wait it out', async () => {
    const { client, clock, calls } = makeClient(
      (call) => {
        if (call.path === '/v1/credits/' && calls.length === 1) {
          return json(429, {}, { 'retry-after': new Date(clock.now() + 5000).toUTCString() });
        }
        return call.path === '/v1/credits/' ? ok200() : json(200, { theme: 'x' });
      },
      { maxAttempts: 1 },
    );
    const first = await client.getCredits();
    expect(first.ok).toBe(false);
    expect(client.pausedUntil()).toBe(clock.now() + 5000);
    const second = await client.getSettings();
    expect(second.ok).toBe(true);
    expect(clock.sleeps).toEqual([5000]);
    expect(client.pausedUntil()).toBeLessThanOrEqual(clock.now());
  });

  it('a 429 without Retry-After still pauses (at least 1 s)', async () => {
    const { client, clock } = makeClient([json(429, {})], { maxAttempts: 1 });
    await client.getCredits();
    expect(client.pausedUntil()).toBe(clock.now() + 1000);
  });

  it('while a long pause runs, requests fail fast with rate_limited and send nothing', async () => {
    const { client, calls } = makeClient([json(429, {}, { 'retry-after': '300' })]);
    await client.getCredits();
    const r = await client.submitScan('https://a.example/');
    expect(r.ok === false && r.error).toMatchObject({ code: 'rate_limited', status: null, retryAfterMs: 300_000 });
    expect(calls).toHaveLength(1);
  });
});

describe('POST safety and Idempotency-Key', () => {
  const keyOf = (c: { headers: Record<string, string> }) => c.headers['idempotency-key'];

  it('every POST carries a UUID Idempotency-Key; retries of one request reuse it', async () => {
    const { client, calls } = makeClient([
      json(429, {}, { 'retry-after': '1' }),
      json(503, {}),
      'reject',
      json(201, queuedJob()),
    ]);
    const r = await client.submitScan('https://a.example/');
    expect(r.ok).toBe(true);
    expect(calls).toHaveLength(4);
    expect(keyOf(calls[0]!)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
  });

  it('two logical requests get different keys; a caller-given key is used as is', async () => {
    const { client, calls } = makeClient([json(201, queuedJob())]);
    await client.submitScan('https://a.example/');
    await client.submitScan('https://a.example/');
    await client.submitScan('https://a.example/', { idempotencyKey: 'mine-1' });
    expect(keyOf(calls[0]!)).not.toBe(keyOf(calls[1]!));
    expect(keyOf(calls[2]!)).toBe('mine-1');
  });

  // Decision (retry-policy.ts): the spec does not promise the service honours Idempotency-Key,
  // so a 500 after the request arrived may have created the job and spent a credit.
  it.each([
    ['500', json(500, {})],
    ['502', json(502, {})],
    ['a timeout', 'hang' as const],
    ['a malformed 2xx body (the job was created)', text(201, '{bad json')],
  ])('is NOT retried after %s', async (_name, answer) => {
    const { client, calls } = makeClient([answer, json(201, queuedJob())], { timeoutMs: 5 });
    const r = await client.submitScan('https://a.example/');
    expect(r.ok).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('PUT and DELETE carry no Idempotency-Key and are retried only on 429/503/network', async () => {
    const { client, calls } = makeClient([json(500, {}), json(200, {})]);
    const r = await client.putSettings({ a: 1 });
    expect(r.ok).toBe(false);
    expect(calls).toHaveLength(1);
    expect(keyOf(calls[0]!)).toBeUndefined();
  });

  it('a caller abort ends the request without retrying', async () => {
    const ctl = new AbortController();
    const { client, calls } = makeClient(() => {
      ctl.abort();
      return 'hang';
    });
    const r = await client.submitScan('https://a.example/', { signal: ctl.signal });
    expect(r.ok === false && r.error).toMatchObject({ code: 'network', message: 'The request was cancelled.' });
    expect(calls).toHaveLength(1);
  });

  it('a COMPLETED answer to submit is read strictly', async () => {
    const { client } = makeClient([json(200, completedJob())]);
    const r = await client.submitScan('https://phish.example/');
    expect(r.ok && r.value.result?.riskScore).toBe(88);
  });
});
