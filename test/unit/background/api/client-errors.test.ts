/** Every failure of the client is a typed value with a stable code (docs/decisions/015-api-client.md). */
import { beforeEach, describe, expect, it } from 'vitest';
import { installI18n } from '../../ui/helpers';
import { createApiClient } from '@/src/background/api';
import { BASE, KEY, completedJob, json, makeClient, text } from './fakes';

// The client's error messages come from _locales (background i18n.ts say()): the real English ones.
beforeEach(() => installI18n('en'));

describe('status → error code through the client', () => {
  it.each([
    [401, 'unauthorized'],
    [402, 'insufficient_credits'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [400, 'invalid_request'],
    [409, 'invalid_request'],
    [413, 'invalid_request'],
    [422, 'invalid_request'],
    [500, 'server'],
    [503, 'server'],
  ] as const)('POST /v1/scans/ answered %i → %s, with the status and a message', async (status, code) => {
    const { client } = makeClient([json(status, { message: `m${status}` })]);
    const r = await client.submitScan('https://a.example/');
    expect(r).toEqual({ ok: false, error: { code, status, message: `m${status}`, retryAfterMs: null } });
  });

  it.each([
    ['a balance beside the error', { error: { code: 'insufficient_credits', message: 'Not enough' }, balance: 3 }, 3],
    ['a balance under data', { message: 'Not enough', data: { credits: 0 } }, 0],
    ['no balance stated', { error: { code: 'insufficient_credits', message: 'Your credit balance is 0' } }, undefined],
  ] as const)('402 with %s: the error carries the balance the answer stated', async (_name, body, balance) => {
    const { client } = makeClient([json(402, body)]);
    const r = await client.submitScan('https://a.example/');
    expect(r.ok === false && r.error.code).toBe('insufficient_credits');
    expect(r.ok === false && r.error.balance).toBe(balance);
    expect(r.ok === false && 'balance' in r.error).toBe(balance !== undefined);
  });

  it('a balance in an answer other than 402 is not taken for the account balance', async () => {
    const { client } = makeClient([json(400, { message: 'bad', balance: 7 })]);
    const r = await client.submitScan('https://a.example/');
    expect(r.ok === false && 'balance' in r.error).toBe(false);
  });

  it('429 → rate_limited with retryAfterMs from the header', async () => {
    const { client } = makeClient([json(429, { error: 'slow down' }, { 'retry-after': '120' })]);
    const r = await client.submitScan('https://a.example/');
    expect(r.ok === false && r.error).toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 120_000,
      message: 'slow down',
    });
  });

  it('a non-JSON error body gives the HTTP reason, never the body (it may be HTML)', async () => {
    const { client } = makeClient([text(502, '<html><b>Bad gateway</b></html>', { 'content-type': 'text/html' })]);
    const r = await client.getCredits();
    expect(r.ok === false && r.error).toMatchObject({ code: 'server', status: 502, message: 'Bad Gateway' });
  });

  it('a rejected fetch → network', async () => {
    const { client } = makeClient(['reject'], { maxAttempts: 1 });
    const r = await client.getSettings();
    expect(r.ok === false && r.error).toMatchObject({ code: 'network', status: null });
  });

  it('no answer before timeoutMs → timeout (the request is aborted)', async () => {
    const { client, calls } = makeClient(['hang'], { maxAttempts: 1, timeoutMs: 5 });
    const r = await client.getSettings();
    expect(r.ok === false && r.error.code).toBe('timeout');
    expect(calls[0]!.signal!.aborted).toBe(true);
  });

  it.each([
    ['malformed JSON', text(200, '{bad json')],
    ['truncated JSON', text(200, '{"id":"scn_1","sta')],
    ['empty body', text(200, '')],
    ['valid JSON, not a job', json(200, { hello: 'world' })],
    ['COMPLETED without a result', json(200, { ...completedJob(), result: undefined })],
    ['COMPLETED with riskScore 101', json(200, completedJob({ result: { ...completedJob().result, riskScore: 101 } }))],
    [
      'COMPLETED with riskScore 88.5',
      json(200, completedJob({ result: { ...completedJob().result, riskScore: 88.5 } })),
    ],
    [
      'COMPLETED with riskScore "88"',
      json(200, completedJob({ result: { ...completedJob().result, riskScore: '88' } })),
    ],
  ])('a 2xx with %s → bad_response, never a verdict', async (_name, res) => {
    const { client } = makeClient([res], { maxAttempts: 1 });
    const r = await client.getScan('scn_0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(r.ok === false && r.error).toMatchObject({ code: 'bad_response', status: 200 });
  });

  it.each([
    [{ baseUrl: 'http://scan.example.com', apiKey: KEY }, 'must use https'],
    [{ baseUrl: 'not a url', apiKey: KEY }, 'not a valid'],
    [{ baseUrl: BASE, apiKey: '' }, 'API key'],
    [{ baseUrl: BASE, apiKey: 'key with spaces' }, 'API key'],
    [{ baseUrl: BASE, apiKey: 'clé' }, 'API key'],
  ])('a bad configuration %j → config error and no request', async (cfg, msg) => {
    let fetched = 0;
    const client = createApiClient({
      ...cfg,
      fetch: (async () => {
        fetched++;
        return json(200, {});
      }) as typeof fetch,
    });
    const r = await client.getCredits();
    expect(r.ok === false && r.error.code).toBe('config');
    expect(r.ok === false && r.error.message).toContain(msg);
    const batch = await client.submitBatch(['https://a.example/']);
    expect(batch[0]).toMatchObject({ ok: false, error: { code: 'config' } });
    const events = [];
    for await (const e of client.streamEvents('scn_1')) events.push(e);
    expect(events).toEqual([{ kind: 'end', reason: 'error' }]);
    expect(fetched).toBe(0);
  });

  it('an injected dependency that throws still gives a typed error', async () => {
    const client = createApiClient({
      baseUrl: BASE,
      apiKey: KEY,
      now: () => {
        throw new Error('clock broke');
      },
    });
    const r = await client.getCredits();
    expect(r.ok === false && r.error.code).toBe('network');
  });

  it('an empty id is refused locally', async () => {
    const { client, calls } = makeClient([json(200, {})]);
    expect((await client.getScan('  ')).ok).toBe(false);
    expect(calls).toHaveLength(0);
  });
});
