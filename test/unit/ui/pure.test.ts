/** Example tables for the pages' pure decisions. */
import { describe, expect, it } from 'vitest';
import { siteOf } from '@/src/ui/site';
import { readParam, safeHttpUrl } from '@/src/ui/page-params';
import { headlineKey, unicodeBeside } from '@/src/ui/blocked/headline';
import { parseObject, scalarFields, valueAt, withValue } from '@/src/ui/options/account-fields';
import { filterByHost, mergeScans, newestFirst, toScanList } from '@/src/ui/scan-list';
import { toKeyRows } from '@/src/ui/options/key-list';
import { toLedger } from '@/src/ui/options/ledger-section';
import { addState, TERMINAL } from '@/src/ui/report/use-scan';
import { isLocked } from '@/src/ui/options/use-settings';
import type { ScanSummary } from '@/src/shared/messaging/protocol';

describe('siteOf', () => {
  const table: [string, string | null][] = [
    ['https://login.example.co.uk/a?b', 'example.co.uk'],
    ['www.example.com', 'example.com'],
    ['EXAMPLE.com', 'example.com'],
    ['http://127.0.0.1:8080/', '127.0.0.1'],
    ['http://[::1]/', '[::1]'],
    ['alice.github.io', 'alice.github.io'],
    ['*.example.com', 'example.com'],
    ['intranet', 'intranet'],
    ['xn--pypal-4ve.test', 'xn--pypal-4ve.test'],
    ['  ', null],
    ['not a site', null],
    ['https://', null],
  ];
  for (const [input, out] of table) it(`${JSON.stringify(input)} → ${out}`, () => expect(siteOf(input)).toBe(out));
});

describe('readParam / safeHttpUrl', () => {
  const table: [string, string | null][] = [
    ['?id=scn_0f8c2a8e-6c1d', 'scn_0f8c2a8e-6c1d'],
    ['?t=abc.DEF:1', 'abc.DEF:1'],
    ['?id=<script>', null],
    ['?id=a&id=b', null],
    ['?id=', null],
    ['', null],
    [`?id=${'a'.repeat(201)}`, null],
  ];
  for (const [search, out] of table)
    it(`${search.slice(0, 30)} → ${out}`, () =>
      expect(readParam(search, search.startsWith('?t') ? 't' : 'id')).toBe(out));

  it('only http(s) URLs are followed', () => {
    expect(safeHttpUrl('https://a.test/x')).toBe('https://a.test/x');
    expect(safeHttpUrl('http://a.test')).toBe('http://a.test/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
    expect(safeHttpUrl('nonsense')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});

describe('blocked headline', () => {
  const table: [{ categories: string[]; reason?: string }, string][] = [
    [{ categories: ['scam', 'phishing'] }, 'headline_phishing'],
    [{ categories: ['malware'] }, 'headline_malware'],
    [{ categories: ['scam'] }, 'headline_scam'],
    [{ categories: ['adult_content'] }, 'headline_adult'],
    [{ categories: ['suspicious'] }, 'headline_suspicious'],
    [{ categories: [], reason: 'blocklist' }, 'headline_blocklist'],
    [{ categories: [], reason: 'strict:timeout' }, 'headline_strict'],
    [{ categories: [], reason: 'strict:pending' }, 'headline_checking'],
    [{ categories: [], reason: 'strict:released' }, 'headline_released'],
    [{ categories: ['weird'], reason: 'band:high' }, 'headline_dangerous'],
  ];
  for (const [input, key] of table) it(`${JSON.stringify(input)} → ${key}`, () => expect(headlineKey(input)).toBe(key));

  it('unicode host shown only when it differs', () => {
    expect(unicodeBeside('https://xn--pypal-4ve.test/', 'pаypal.test')).toBe('pаypal.test');
    expect(unicodeBeside('https://evil.test/', 'evil.test')).toBeNull();
    expect(unicodeBeside('https://evil.test/', null)).toBeNull();
  });
});

describe('account fields', () => {
  it('scalars at the top level and one level down', () => {
    expect(scalarFields({ a: 1, b: { c: true, d: [1], e: { f: 1 } }, g: [2], h: null, i: 's', j: Number.NaN })).toEqual(
      [
        { path: ['a'], kind: 'number' },
        { path: ['b', 'c'], kind: 'boolean' },
        { path: ['i'], kind: 'string' },
      ],
    );
  });
  it('withValue copies, valueAt reads', () => {
    const rec = { b: { c: true, x: 1 } };
    const next = withValue(rec, ['b', 'c'], false);
    expect(next).toEqual({ b: { c: false, x: 1 } });
    expect(rec.b.c).toBe(true);
    expect(valueAt(next, ['b', 'c'])).toBe(false);
    expect(withValue({}, ['a'], 2)).toEqual({ a: 2 });
  });
  it('parseObject', () => {
    expect(parseObject('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseObject('[1]')).toMatchObject({ ok: false, reason: 'not_object' });
    expect(parseObject('null')).toMatchObject({ ok: false, reason: 'not_object' });
    expect(parseObject('{')).toMatchObject({ ok: false, reason: 'syntax' });
  });
});

describe('lists from the background', () => {
  const s = (id: string, source: ScanSummary['source'], state = 'COMPLETED'): ScanSummary => ({
    id,
    url: `https://${id}.test/`,
    state,
    createdAt: null,
    riskScore: null,
    band: null,
    source,
  });
  it('toScanList accepts arrays and {items,next}, drops junk', () => {
    expect(toScanList([s('a', 'local'), { nope: 1 }])).toEqual({ items: [s('a', 'local')], next: null });
    expect(toScanList({ items: [s('a', 'service')], next: 'c2' })).toEqual({ items: [s('a', 'service')], next: 'c2' });
    expect(toScanList('nonsense')).toEqual({ items: [], next: null });
  });
  it('mergeScans: the service entry replaces the local one in place', () => {
    const merged = mergeScans([s('a', 'local', 'QUEUED'), s('b', 'local')], [s('a', 'service'), s('c', 'service')]);
    expect(merged.map((x) => `${x.id}:${x.source}`)).toEqual(['a:service', 'b:local', 'c:service']);
    expect(mergeScans([s('a', 'service')], [s('a', 'local')])[0]!.source).toBe('service');
  });
  it.each([
    ['', ['a', 'shop', 'news', 'bad']],
    ['SHOP', ['shop']],
    ['  .test ', ['a', 'shop', 'news']],
    ['example', []],
    ['not a url', []],
  ])('filterByHost(%j) searches the host only, case-insensitively', (q, ids) => {
    const items = [
      s('a', 'local'),
      s('shop', 'service'),
      s('news', 'local'),
      { ...s('bad', 'local'), url: 'not a url' },
    ];
    expect(filterByHost(items, q).map((x) => x.id)).toEqual(ids);
  });
  it('newestFirst: by creation time, undated last in their order', () => {
    const at = (id: string, createdAt: string | null) => ({ ...s(id, 'local'), createdAt });
    expect(
      newestFirst([
        at('a', '2024-01-01T00:00:00Z'),
        at('x', null),
        at('b', '2025-01-01T00:00:00Z'),
        at('y', 'garbage'),
      ]).map((x) => x.id),
    ).toEqual(['b', 'a', 'x', 'y']);
  });
  it('toKeyRows keeps only the shown fields (never raw, which might echo a secret)', () => {
    const rows = toKeyRows({
      items: [
        { id: 'k1', name: 'n', scopes: ['SCAN_WRITE', 3], createdAt: null, raw: { key: 'secret' } },
        { name: 'no id' },
      ],
    });
    expect(rows).toEqual([{ id: 'k1', name: 'n', scopes: ['SCAN_WRITE'], createdAt: null }]);
    expect(toKeyRows(null)).toEqual([]);
  });
  it('toLedger accepts an array or {entries}', () => {
    const e = { url: 'https://a.test/', at: 1, reason: 'hover' };
    expect(toLedger([e, 5])).toEqual([e]);
    expect(toLedger({ entries: [e] })).toEqual([e]);
    expect(toLedger(undefined)).toEqual([]);
  });
});

describe('report timeline and locks', () => {
  it('addState skips repeats; only COMPLETED and FAILED are terminal', () => {
    expect(addState(addState(addState([], 'QUEUED'), 'QUEUED'), 'RUNNING')).toEqual(['QUEUED', 'RUNNING']);
    expect([...TERMINAL].sort()).toEqual(['COMPLETED', 'FAILED']);
  });
  it('isLocked: what the background says is locked, nothing else', () => {
    expect(isLocked({ locked: ['apiKey'] }, 'apiKey')).toBe(true);
    expect(isLocked({ locked: ['apiKey'] }, 'serviceUrl')).toBe(false);
    expect(isLocked({}, 'auditOnly')).toBe(false);
  });
});
