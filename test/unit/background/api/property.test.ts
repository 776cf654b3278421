/**
 * Property tests (docs/decisions/015-api-client.md): arbitrary JSON from the service, in every reader and
 * through every endpoint, never throws past the client: each answer is ok or a typed error, and a
 * COMPLETED job is only ever ok with a valid integer riskScore 0..100.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseTransition } from '@/src/background/api/events';
import {
  readBatchItems,
  readCreatedKey,
  readCredits,
  readKeyRecord,
  readPage,
  readRecord,
} from '@/src/background/api/readers';
import { readScanJob, readScanResult } from '@/src/background/api/schemas';
import type { ApiResult } from '@/src/background/api';
import { SCAN_ID, collect, json, makeClient, sseResponse, text } from './fakes';

const CODES = [
  'network',
  'timeout',
  'unauthorized',
  'forbidden',
  'insufficient_credits',
  'not_found',
  'rate_limited',
  'invalid_request',
  'server',
  'bad_response',
  'config',
];

/** JSON biased toward the shapes the readers look at, so the interesting branches are hit. */
const keyName = fc.constantFrom(
  'id',
  'state',
  'url',
  'result',
  'riskScore',
  'confidence',
  'categories',
  'indicators',
  'reasoning',
  'data',
  'items',
  'scans',
  'keys',
  'results',
  'next',
  'nextCursor',
  'cursor',
  'job',
  'scan',
  'balance',
  'credits',
  'key',
  'secret',
  'scopes',
  'scope',
  'error',
  'message',
  'detail',
  'title',
  '__proto__',
  'constructor',
  'x',
);
const leaf = fc.oneof(
  fc.constantFrom('COMPLETED', 'FAILED', 'QUEUED', 'PROCESSING', 'scn_1', '', 'https://a/'),
  fc.integer({ min: -5, max: 120 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string(),
);
const { json: arbJson } = fc.letrec((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('arr'), tie('obj')),
  arr: fc.array(tie('json'), { maxLength: 4 }),
  obj: fc.dictionary(keyName, tie('json'), { maxKeys: 6 }),
}));
const anyJson = fc.oneof(arbJson, fc.jsonValue());

const isTyped = (r: ApiResult<unknown>) =>
  r.ok || (CODES.includes(r.error.code) && typeof r.error.message === 'string');

function validVerdicts(v: unknown): boolean {
  const jobs = Array.isArray(v) ? v : [v];
  return jobs.every((j) => {
    if (!j || typeof j !== 'object' || (j as { state?: unknown }).state !== 'COMPLETED') return true;
    const r = (j as { result: { riskScore: number } | null }).result;
    return r === null || (Number.isInteger(r.riskScore) && r.riskScore >= 0 && r.riskScore <= 100);
  });
}

describe('readers never throw', () => {
  it('on arbitrary JSON', () =>
    fc.assert(
      fc.property(anyJson, (x) => {
        readScanResult(x);
        readScanJob(x, { requireResult: true });
        readScanJob(x, { requireResult: false, fallbackUrl: 'u' });
        readPage(x, (i) => readScanJob(i, { requireResult: false }));
        readPage(x, readKeyRecord);
        readKeyRecord(x);
        readCreatedKey(x);
        readCredits(x);
        readRecord(x);
        readBatchItems(x);
        parseTransition(JSON.stringify(x) ?? '');
      }),
      { numRuns: 500 },
    ));
});

describe('every endpoint turns arbitrary answers into ok or a typed error', () => {
  const calls: [string, (c: ReturnType<typeof makeClient>['client']) => Promise<ApiResult<unknown>>][] = [
    ['createKey', (c) => c.createKey({ name: 'n', scopes: ['SCAN_WRITE'] })],
    ['listKeys', (c) => c.listKeys()],
    ['revokeKey', (c) => c.revokeKey('k')],
    ['submitScan', (c) => c.submitScan('https://a/')],
    ['listScans', (c) => c.listScans()],
    ['getScan', (c) => c.getScan(SCAN_ID)],
    ['getAnalytics', (c) => c.getAnalytics(SCAN_ID)],
    ['getCredits', (c) => c.getCredits()],
    ['purchaseCredits', (c) => c.purchaseCredits(5)],
    ['getSettings', (c) => c.getSettings()],
    ['putSettings', (c) => c.putSettings({})],
  ];
  const status = fc.constantFrom(200, 201, 204, 400, 401, 402, 403, 404, 409, 413, 422, 429, 500, 503);

  it.each(calls)('%s', async (_name, run) => {
    await fc.assert(
      fc.asyncProperty(anyJson, status, fc.boolean(), async (body, st, raw) => {
        const answer =
          st === 204 ? text(204, null) : raw ? text(st, (JSON.stringify(body) ?? '').slice(0, 7)) : json(st, body);
        const { client } = makeClient([answer], { maxAttempts: 2 });
        const r = await run(client);
        expect(isTyped(r)).toBe(true);
        if (r.ok) {
          const items = (r.value as { items?: unknown }).items;
          expect(validVerdicts(Array.isArray(items) ? items : r.value)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('submitBatch', async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, status, async (body, st) => {
        const { client } = makeClient(st === 204 ? [text(204, null)] : [json(st, body)], { maxAttempts: 1 });
        const out = await client.submitBatch(['https://a/', 'https://b/']);
        expect(out.map((o) => o.url)).toEqual(['https://a/', 'https://b/']);
        for (const o of out) expect(o.ok ? validVerdicts(o.job) : CODES.includes(o.error.code)).toBe(true);
      }),
      { numRuns: 80 },
    );
  });

  it('streamEvents', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyJson, { maxLength: 5 }), fc.boolean(), async (frames, drop) => {
        const chunks = frames.map((f) => `data: ${JSON.stringify(f) ?? ''}\n\n`);
        const { client } = makeClient([sseResponse(chunks, drop ? 'error' : 'close')]);
        const events = await collect(client.streamEvents(SCAN_ID));
        expect(events.at(-1)?.kind).toBe('end');
        expect(events.filter((e) => e.kind === 'end')).toHaveLength(1);
      }),
      { numRuns: 80 },
    );
  });
});
