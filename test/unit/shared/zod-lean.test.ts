/**
 * dict() and pair() (src/shared/zod-lean.ts) stand in for z.record(z.string(), value) and
 * z.tuple([a, b]) in every schema of ours: each must accept, refuse and produce what zod's own
 * does. Each row is read by both.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { dict, pair } from '@/src/shared/zod-lean';

class Thing {
  a = 1;
}
const withNullProto = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });

const NUM = z.number();
const OBJ = z.object({ committed: z.array(z.string()), pending: z.nullable(z.array(z.string())) });

const rows: [string, z.ZodMiniType, unknown][] = [
  ['empty object', NUM, {}],
  ['numbers', NUM, { 'a.example': 1, 'b.example': 2.5 }],
  ['a value of the wrong type', NUM, { a: 1, b: 'x' }],
  ['NaN', NUM, { a: Number.NaN }],
  ['null', NUM, null],
  ['an array', NUM, [1, 2]],
  ['a string', NUM, 'a'],
  ['a class instance', NUM, new Thing()],
  ['an object without prototype', NUM, withNullProto],
  ['objects, unknown keys dropped', OBJ, { '3': { committed: ['https://a.example/'], pending: null, extra: true } }],
  ['an object value missing a key', OBJ, { '3': { committed: [] } }],
  ['unknown values', z.unknown(), { a: { deep: [1] }, b: undefined }],
];

describe('dict(value) reads what z.record(z.string(), value) reads', () => {
  it.each(rows)('%s', (_name, value, input) => {
    const want = z.record(z.string(), value).safeParse(input);
    const got = dict(value).safeParse(input);
    expect(got.success).toBe(want.success);
    if (want.success && got.success) expect(got.data).toStrictEqual(want.data);
    if (!want.success && !got.success) {
      // Same places named: a bad value's key leads its path.
      expect(got.error.issues.map((i) => i.path)).toEqual(want.error.issues.map((i) => i.path));
    }
  });

  it('a key "__proto__" stays a key and is not the prototype', () => {
    const input = JSON.parse('{"__proto__": 5, "a": 1}') as unknown;
    const r = dict(z.number()).safeParse(input);
    expect(r.success).toBe(true);
    const out = r.success ? r.data : {};
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe(5);
  });

  it('the result is a new object', () => {
    const input = { a: 1 };
    const r = dict(z.number()).safeParse(input);
    expect(r.success && r.data).not.toBe(input);
  });
});

const pairRows: [string, unknown][] = [
  ['a pair', ['tok', 3]],
  ['the items swapped', [3, 'tok']],
  ['one item', ['tok']],
  ['three items', ['tok', 3, 4]],
  ['empty', []],
  // eslint-disable-next-line no-sparse-arrays -- a hole is what a damaged store could hold
  ['a hole', [, 3]],
  ['not an array', { 0: 'tok', 1: 3 }],
  ['null', null],
  ['NaN second', ['tok', Number.NaN]],
];

describe('pair(a, b) reads what z.tuple([a, b]) reads', () => {
  it.each(pairRows)('%s', (_name, input) => {
    const want = z.tuple([z.string(), z.number()]).safeParse(input);
    const got = pair(z.string(), z.number()).safeParse(input);
    expect(got.success).toBe(want.success);
    if (want.success && got.success) expect(got.data).toStrictEqual(want.data);
    if (!want.success && !got.success) expect(got.error.issues.map((i) => i.path)).toEqual(want.error.issues.map((i) => i.path));
  });

  it('in an array, as the stores use it', () => {
    const list = z.array(pair(z.number(), z.number()));
    expect(list.parse([[1, 2], [3, 4]])).toEqual([[1, 2], [3, 4]]);
    expect(list.safeParse([[1, 2], [3, 'x']]).success).toBe(false);
  });
});
