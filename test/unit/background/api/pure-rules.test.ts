/** Example tables for the pure rules of the API module. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codeForStatus, messageFromBody, plainText, reasonPhrase } from '@/src/background/api/errors';
import {
  backoffDelay,
  isRetryable,
  parseRetryAfter,
  BACKOFF_CAP_MS,
  MAX_RETRY_AFTER_MS,
} from '@/src/background/api/retry-policy';
import { validateBaseUrl } from '@/src/background/api/base-url';
import { bareId, idCandidates } from '@/src/background/api/job-id';

describe('codeForStatus', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [402, 'insufficient_credits'],
    [404, 'not_found'],
    [429, 'rate_limited'],
    [400, 'invalid_request'],
    [409, 'invalid_request'],
    [413, 'invalid_request'],
    [422, 'invalid_request'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [599, 'server'],
  ] as const)('%i → %s', (status, code) => expect(codeForStatus(status)).toBe(code));
});

describe('messageFromBody', () => {
  it.each([
    [{ message: 'Key revoked' }, 'Key revoked'],
    [{ error: 'quota exceeded' }, 'quota exceeded'],
    [{ error: { message: 'bad url', code: 'E1' } }, 'bad url'],
    [{ detail: 'Not enough credits' }, 'Not enough credits'],
    [{ detail: [{ msg: 'url required' }, { msg: 'too long' }] }, 'url required; too long'],
    [{ title: 'Forbidden scope' }, 'Forbidden scope'],
    [{ message: '', title: 'fallback' }, 'fallback'],
  ])('%j → %s', (body, msg) => expect(messageFromBody(body)).toBe(msg));

  it.each([[null], ['text'], [[1, 2]], [{ code: 7 }], [{ message: 42 }]])('%j → null', (body) =>
    expect(messageFromBody(body)).toBeNull(),
  );

  it('keeps markup as inert text and trims to 300 characters', () => {
    const msg = messageFromBody({ message: `<img src=x onerror=alert(1)>${'a'.repeat(400)}` })!;
    expect(msg.startsWith('<img src=x')).toBe(true);
    expect(msg.length).toBe(300);
    expect(msg.endsWith('…')).toBe(true);
  });

  it('plainText flattens control characters and whitespace', () =>
    expect(plainText(' a\n\tb\u0000c  ', 100)).toBe('a b c'));

  it('reasonPhrase falls back to a table when statusText is empty', () => {
    expect(reasonPhrase(429, '')).toBe('Too Many Requests');
    expect(reasonPhrase(599, '')).toBe('HTTP 599');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  it.each([
    ['3', 3000],
    ['0', 0],
    ['1.5', 1500],
    [' 10 ', 10_000],
    [new Date(now + 7000).toUTCString(), 7000],
    [new Date(now - 5000).toUTCString(), 0],
    // At most an hour: a year, a date next year, or digits that read as Infinity would stop every check.
    ['31536000', MAX_RETRY_AFTER_MS],
    [new Date(now + 400 * 86_400_000).toUTCString(), MAX_RETRY_AFTER_MS],
    ['9'.repeat(400), MAX_RETRY_AFTER_MS],
  ])('%s → %i ms', (v, ms) => expect(parseRetryAfter(v, now)).toBe(ms));

  it.each([[null], [undefined], [''], ['soon'], ['-5'], ['12abc']])('%s → null', (v) =>
    expect(parseRetryAfter(v, now)).toBeNull(),
  );
});

describe('backoffDelay (full jitter)', () => {
  it.each([
    [0, 0.999, 499],
    [1, 0.999, 999],
    [3, 0.5, 2000],
    [10, 0.999, 19_980],
    [0, 0, 0],
  ])('retry %i, random %f → %i', (retry, r, ms) => expect(backoffDelay(retry, () => r)).toBe(ms));

  it('always lies in [0, min(cap, base·2^retry))', () =>
    fc.assert(
      fc.property(fc.nat(100), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (retry, r) => {
        const d = backoffDelay(retry, () => r);
        return d >= 0 && d < Math.min(BACKOFF_CAP_MS, 500 * 2 ** retry) + 1 && d <= BACKOFF_CAP_MS;
      }),
    ));

  it('a broken random source still gives a bounded delay', () => expect(backoffDelay(2, () => Number.NaN)).toBe(1000));
});

describe('isRetryable', () => {
  it.each([
    ['idempotent', { kind: 'network' }, true],
    ['idempotent', { kind: 'timeout' }, true],
    ['idempotent', { kind: 'unreadable' }, true],
    ['idempotent', { kind: 'status', status: 500 }, true],
    ['idempotent', { kind: 'status', status: 503 }, true],
    ['idempotent', { kind: 'status', status: 429 }, true],
    ['idempotent', { kind: 'status', status: 404 }, false],
    ['idempotent', { kind: 'status', status: 501 }, false],
    ['unsafe', { kind: 'network' }, true],
    ['unsafe', { kind: 'status', status: 429 }, true],
    ['unsafe', { kind: 'status', status: 503 }, true],
    ['unsafe', { kind: 'status', status: 500 }, false],
    ['unsafe', { kind: 'status', status: 502 }, false],
    ['unsafe', { kind: 'timeout' }, false],
    ['unsafe', { kind: 'unreadable' }, false],
  ] as const)('%s %j → %s', (cls, outcome, expected) => expect(isRetryable(cls, outcome)).toBe(expected));
});

describe('validateBaseUrl', () => {
  it.each([
    ['https://scan.example.com/', 'https://scan.example.com'],
    [' https://scan.example.com/api/ ', 'https://scan.example.com/api'],
    ['https://scan.example.com/v1/', 'https://scan.example.com'],
    ['HTTPS://Scan.Example.com:443', 'https://scan.example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://127.8.9.10', 'http://127.8.9.10'],
    ['http://[::1]:3000/', 'http://[::1]:3000'],
    ['http://localhost:3000', 'http://localhost:3000'],
  ])('%s → ok %s', (raw, url) => expect(validateBaseUrl(raw)).toEqual({ ok: true, url }));

  it.each([
    ['http://scan.example.com', 'not_https'],
    ['http://10.0.0.5', 'not_https'],
    ['http://128.0.0.1', 'not_https'],
    ['http://localhost.evil.com', 'not_https'],
    ['ftp://scan.example.com', 'invalid_url'],
    ['scan.example.com', 'invalid_url'],
    ['', 'invalid_url'],
    ['https://user:pw@scan.example.com', 'invalid_url'],
    ['https://scan.example.com/?a=1', 'invalid_url'],
  ])('%s → %s', (raw, reason) => expect(validateBaseUrl(raw)).toEqual({ ok: false, reason }));
});

describe('job ids', () => {
  const uuid = '0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
  it.each([
    [`scn_${uuid}`, uuid],
    [`scn-${uuid}`, uuid],
    [uuid, uuid],
    [uuid.toUpperCase(), uuid.toUpperCase()],
    ['job42', 'job42'],
  ])('bareId(%s) → %s', (id, bare) => expect(bareId(id)).toBe(bare));

  it('tries bare first when nothing is remembered, the remembered form first otherwise', () => {
    expect(idCandidates(`scn_${uuid}`, null).map((c) => c.form)).toEqual(['bare', 'asReturned']);
    expect(idCandidates(`scn_${uuid}`, 'bare').map((c) => c.segment)).toEqual([uuid, `scn_${uuid}`]);
    expect(idCandidates(`scn_${uuid}`, 'asReturned').map((c) => c.segment)).toEqual([`scn_${uuid}`, uuid]);
    expect(idCandidates(uuid, null)).toHaveLength(1);
  });

  it('escapes path characters', () => expect(idCandidates('a/../b', null)[0]!.segment).toBe('a%2F..%2Fb'));
});
