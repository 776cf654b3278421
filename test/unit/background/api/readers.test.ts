/** Example tables for the tolerant readers (docs/decisions/015-api-client.md). */
import { describe, expect, it } from 'vitest';
import { readScanJob, readScanResult } from '@/src/background/api/schemas';
import {
  readBatchItems,
  readCreatedKey,
  readCredits,
  readKeyRecord,
  readPage,
  readRecord,
} from '@/src/background/api/readers';
import { renderIndicator } from '@/src/background/api/shape';

const result = { riskScore: 35, confidence: 0.5, categories: ['suspicious'], reasoning: 'r', indicators: [] };

describe('readScanResult', () => {
  it.each([
    [{ ...result, riskScore: 0 }, 0],
    [{ ...result, riskScore: 100 }, 100],
    [{ ...result, categories: undefined, reasoning: undefined, indicators: undefined }, 35],
  ])('accepts %j (score %i)', (raw, score) => expect(readScanResult(raw)?.riskScore).toBe(score));

  it.each([
    ['missing riskScore', { ...result, riskScore: undefined }],
    ['riskScore -1', { ...result, riskScore: -1 }],
    ['riskScore 101', { ...result, riskScore: 101 }],
    ['riskScore 20.5', { ...result, riskScore: 20.5 }],
    ['riskScore "35"', { ...result, riskScore: '35' }],
    ['riskScore null', { ...result, riskScore: null }],
    ['missing confidence', { ...result, confidence: undefined }],
    ['confidence "high"', { ...result, confidence: 'high' }],
    ['an array', [result]],
    ['a string', 'safe'],
  ])('rejects %s', (_name, raw) => expect(readScanResult(raw)).toBeNull());

  it('keeps string categories (unknown ones too), drops others, keeps indicators as text (a record as its JSON)', () => {
    const r = readScanResult({
      ...result,
      categories: ['phishing', 'new_kind', 7, null],
      indicators: ['plain', { type: 'keyword', value: 'phish', severity: 'high' }, ['a', 1], null, '', 3],
    });
    expect(r?.categories).toEqual(['phishing', 'new_kind']);
    expect(r?.indicators).toEqual(['plain', '{"type":"keyword","value":"phish","severity":"high"}', 'a, 1', '3']);
  });

  it('caps indicators at 50 and each at 300 characters', () => {
    const r = readScanResult({ ...result, indicators: Array.from({ length: 80 }, () => 'x'.repeat(500)) });
    expect(r?.indicators).toHaveLength(50);
    expect(r?.indicators[0]).toHaveLength(300);
  });
});

describe('renderIndicator', () => {
  it.each([
    ['text', 'text'],
    [{ a: { b: 1 } }, '{"a":{"b":1}}'],
    [{ a: null }, '{"a":null}'],
    [{ type: 'keyword', value: 'v'.repeat(700) }, `type: keyword, value: ${'v'.repeat(277)}…`],
    [false, 'false'],
    [{}, null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (x, s) => expect(renderIndicator(x)).toBe(s));
});

describe('readScanJob', () => {
  const job = { id: 'scn_1', url: 'https://a/', state: 'QUEUED', createdAt: 't' };
  it('reads the spec fields and keeps the rest in extra', () =>
    expect(readScanJob({ ...job, priority: 1 }, { requireResult: true })).toEqual({
      id: 'scn_1',
      url: 'https://a/',
      state: 'QUEUED',
      createdAt: 't',
      completedAt: null,
      result: null,
      failureReason: null,
      extra: { priority: 1 },
    }));

  it.each([
    [{ job }, 'scn_1'],
    [{ scan: job }, 'scn_1'],
    [{ data: job }, 'scn_1'],
    [{ ...job, id: 42 }, '42'],
  ])('unwraps / coerces %j', (raw, id) => expect(readScanJob(raw, { requireResult: true })?.id).toBe(id));

  it.each([
    ['no id', { ...job, id: undefined }],
    ['empty id', { ...job, id: ' ' }],
    ['no state', { ...job, state: undefined }],
    ['state 3', { ...job, state: 3 }],
    ['null', null],
    ['an array', [job]],
  ])('rejects %s', (_n, raw) => expect(readScanJob(raw, { requireResult: true })).toBeNull());

  it('COMPLETED needs a valid result when required, not in lists', () => {
    const done = { ...job, state: 'COMPLETED', result: { riskScore: 'high' } };
    expect(readScanJob(done, { requireResult: true })).toBeNull();
    expect(readScanJob(done, { requireResult: false })?.result).toBeNull();
  });

  it('uses the submitted URL when the answer lacks one', () =>
    expect(readScanJob({ id: 'x', state: 'QUEUED' }, { requireResult: true, fallbackUrl: 'https://b/' })?.url).toBe(
      'https://b/',
    ));

  it.each([
    [{ failureReason: 'timeout' }, 'timeout'],
    [{ error: 'dns' }, 'dns'],
    [{ error: { reason: 'no fetch' } }, 'no fetch'],
    [{ error: { message: 'boom' } }, 'boom'],
    [{ reason: 'r' }, 'r'],
    [{ message: 'Your scan could not run' }, 'Your scan could not run'],
    [{ error: { code: 'x' }, reason: 'Timed out' }, 'Timed out'],
    [{ failureReason: '', error: { detail: 'refused' } }, 'refused'],
    [{ error: '<b>Blocked</b>' }, '<b>Blocked</b>'],
    [{ error: 42 }, null],
    [{}, null],
  ])('FAILED reason from %j', (extra, reason) =>
    expect(readScanJob({ ...job, state: 'FAILED', ...extra }, { requireResult: true })?.failureReason).toBe(reason),
  );

  it('a __proto__ key stays an own field of extra', () => {
    const parsed = JSON.parse('{"id":"x","state":"QUEUED","__proto__":{"polluted":true}}') as unknown;
    const j = readScanJob(parsed, { requireResult: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(j!.extra)).toBe(Object.prototype);
  });
});

describe('readPage', () => {
  const id = (x: unknown) => (typeof x === 'number' ? x : null);
  it.each([
    [[1, 2], [1, 2], null],
    [{ data: [1], next: 'a' }, [1], 'a'],
    [{ items: [1], nextCursor: 'b' }, [1], 'b'],
    [{ scans: [1], cursor: 'c' }, [1], 'c'],
    [{ keys: [1], next_cursor: 9 }, [1], '9'],
    [{ results: [1, 'x', 2] }, [1, 2], null],
    [{ data: [], pagination: { next_cursor: 'p' } }, [], 'p'],
    [{ data: [], next: 'https://x/v1/scans/?cursor=c3&limit=5' }, [], 'c3'],
    [{ data: [], next: '/v1/scans/?page=2' }, [], null],
    [{ data: [], next: '' }, [], null],
    [{ data: [], next: null }, [], null],
  ])('%j → items %j, next %j', (body, items, next) => expect(readPage(body, id)).toEqual({ items, next }));

  it.each([[{ foo: 1 }], ['x'], [null], [undefined], [{ data: 'x' }]])('%j is not a list', (body) =>
    expect(readPage(body, id)).toBeNull(),
  );
});

describe('key records', () => {
  it.each([
    [{ id: 'k', scopes: ['A', 'B'] }, ['A', 'B']],
    [{ id: 'k', scope: 'SCAN_WRITE' }, ['SCAN_WRITE']],
    [{ id: 'k', scope: 'A B,C' }, ['A', 'B', 'C']],
    [{ id: 'k', permissions: ['P', 3] }, ['P']],
    [{ id: 'k' }, []],
  ])('%j → scopes %j', (raw, scopes) => expect(readKeyRecord(raw)?.scopes).toEqual(scopes));

  it('needs an id', () => expect(readKeyRecord({ name: 'n' })).toBeNull());
  it('unwraps {key: {...}} and never keeps secret fields in raw', () => {
    const k = readKeyRecord({ key: { id: 'k1', name: 'n', token: 't', secret: 's' } });
    expect(k).toEqual({ id: 'k1', name: 'n', scopes: [], createdAt: null, raw: { id: 'k1', name: 'n' } });
  });

  it.each([
    [{ id: 'k', key: 'sk_1' }, 'k', 'sk_1'],
    [{ id: 'k', secret: 'sk_2' }, 'k', 'sk_2'],
    [{ apiKey: { id: 'k', name: 'x' }, secret: 'sk_3' }, 'k', 'sk_3'],
    [{ token: 'sk_4' }, '', 'sk_4'],
    [{ id: 'k' }, 'k', null],
  ])('created %j → id %j, secret %j', (raw, id, secret) => {
    const k = readCreatedKey(raw);
    expect([k?.id, k?.secret]).toEqual([id, secret]);
  });

  it('a created-key answer with neither id nor secret is rejected', () =>
    expect(readCreatedKey({ name: 'x' })).toBeNull());
});

describe('readCredits', () => {
  it.each([
    [{ balance: 120 }, 120],
    [{ credits: '40' }, 40],
    [{ remaining: 0 }, 0],
    [{ data: { balance: 3 } }, 3],
    [{ credits: { remaining: 9 } }, 9],
    [17, 17],
    [{ purchased: 100, amount: 100 }, null],
    [{ balance: 'lots' }, null],
  ])('%j → balance %j', (body, balance) => expect(readCredits(body)?.balance).toBe(balance));

  it.each([['x'], [[1]], [null], [undefined]])('%j is not a credits record', (body) =>
    expect(readCredits(body)).toBeNull(),
  );
});

describe('readRecord and readBatchItems', () => {
  it('records are plain objects only', () => {
    expect(readRecord({ a: 1 })).toEqual({ a: 1 });
    expect(readRecord([1])).toBeNull();
    expect(readRecord('x')).toBeNull();
  });

  it.each([
    [[1], [1]],
    [{ scans: [1] }, [1]],
    [{ data: [2], meta: {} }, [2]],
    [{ accepted: [3], count: 1 }, [3]],
    [{ a: [1], b: [2] }, null],
    [{ a: 1 }, null],
    ['x', null],
  ])('%j → %j', (body, items) => expect(readBatchItems(body)).toEqual(items));
});
