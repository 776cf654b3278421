/**
 * dict(), pair(), int() and fallback() (src/shared/zod-lean.ts) stand in for
 * z.record(z.string(), value), z.tuple([a, b]), z.int() and z.catch(schema, value) in every
 * schema of ours: each must accept, refuse and produce what zod's own does. Each row is read by
 * both.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { dict, fallback, int, pair } from '@/src/shared/zod-lean';

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
    if (!want.success && !got.success)
      expect(got.error.issues.map((i) => i.path)).toEqual(want.error.issues.map((i) => i.path));
  });

  it('in an array, as the stores use it', () => {
    const list = z.array(pair(z.number(), z.number()));
    expect(
      list.parse([
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(
      list.safeParse([
        [1, 2],
        [3, 'x'],
      ]).success,
    ).toBe(false);
  });
});

/** What refusal.ts and the stores read of an issue. */
const issuesOf = (issues: readonly z.core.$ZodIssue[]) =>
  issues.map((i) => {
    const x = i as {
      code: string;
      path: PropertyKey[];
      expected?: string;
      origin?: string;
      minimum?: unknown;
      maximum?: unknown;
    };
    return [x.code, x.path, x.expected, x.origin, x.minimum, x.maximum];
  });

const intRows: [string, unknown][] = [
  ['zero', 0],
  ['negative zero', -0],
  ['a whole number', 42],
  ['a negative one', -7],
  ['the largest safe integer', Number.MAX_SAFE_INTEGER],
  ['the smallest safe integer', Number.MIN_SAFE_INTEGER],
  ['one past the safe range', Number.MAX_SAFE_INTEGER + 1],
  ['one below it', Number.MIN_SAFE_INTEGER - 1],
  ['1e300', 1e300],
  ['a fraction', 1.5],
  ['a tiny fraction', 5e-324],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
  ['a numeric string', '3'],
  ['a bigint', 3n],
  ['a boolean', true],
  ['null', null],
  ['undefined', undefined],
  ['a Number object', Object(3)],
];

describe('int() reads what z.int() reads', () => {
  it.each(intRows)('%s', (_name, input) => {
    const want = z.int().safeParse(input);
    const got = int().safeParse(input);
    expect(got.success).toBe(want.success);
    if (want.success && got.success) expect(Object.is(got.data, want.data)).toBe(true);
    if (!want.success && !got.success) expect(issuesOf(got.error.issues)).toEqual(issuesOf(want.error.issues));
  });

  it.each([[-1], [0], [100], [101], [50.5], [2 ** 60], [-(2 ** 60)], ['7']])(
    'with bounds, as the settings use it: %s',
    (input) => {
      const want = z.int().check(z.gte(0), z.lte(100)).safeParse(input);
      const got = int().check(z.gte(0), z.lte(100)).safeParse(input);
      expect(got.success).toBe(want.success);
      if (!want.success && !got.success) expect(issuesOf(got.error.issues)).toEqual(issuesOf(want.error.issues));
    },
  );

  it('in an object, a missing key is refused, as by z.int()', () => {
    const want = z.object({ n: z.int() }).safeParse({});
    const got = z.object({ n: int() }).safeParse({});
    expect([got.success, want.success]).toEqual([false, false]);
    expect(!got.success && got.error.issues.map((i) => i.path)).toEqual(
      !want.success && want.error.issues.map((i) => i.path),
    );
  });
});

const fallbackRows: [string, unknown][] = [
  ['a list', { categories: ['phishing', 2], reasoning: 'why' }],
  ['missing keys', {}],
  ['wrong types', { categories: 'phishing', reasoning: 7 }],
  ['null values', { categories: null, reasoning: null }],
  ['undefined values', { categories: undefined, reasoning: undefined }],
  ['an extra key', { categories: [], reasoning: '', extra: true }],
];

describe('fallback(schema, value) reads what z.catch(schema, value) reads', () => {
  const ours = z.object({ categories: fallback(z.array(z.unknown()), []), reasoning: fallback(z.string(), '') });
  const zods = z.object({ categories: z.catch(z.array(z.unknown()), []), reasoning: z.catch(z.string(), '') });

  it.each(fallbackRows)('in an object: %s', (_name, input) => {
    const want = zods.safeParse(input);
    const got = ours.safeParse(input);
    expect(got.success).toBe(want.success);
    if (want.success && got.success) expect(got.data).toStrictEqual(want.data);
  });

  it.each([[[1, 2]], ['x'], [undefined], [null]])('alone: %s', (input) => {
    const want = z.catch(z.array(z.number()), []).safeParse(input);
    const got = fallback(z.array(z.number()), []).safeParse(input);
    expect(got.success).toBe(want.success);
    if (want.success && got.success) expect(got.data).toStrictEqual(want.data);
  });

  it('a stored job with a damaged lastError keeps the job (jobs-store.ts)', () => {
    const s = z.object({ url: z.string(), lastError: fallback(z.nullable(z.string().check(z.maxLength(100))), null) });
    expect(s.parse({ url: 'https://a.example/', lastError: 'x'.repeat(101) })).toEqual({
      url: 'https://a.example/',
      lastError: null,
    });
    expect(s.parse({ url: 'https://a.example/' })).toEqual({ url: 'https://a.example/', lastError: null });
    expect(s.parse({ url: 'https://a.example/', lastError: 'network' })).toEqual({
      url: 'https://a.example/',
      lastError: 'network',
    });
  });
});

describe('z.literal([...]) reads what z.enum([...]) reads (the spelling src/ uses)', () => {
  const values = ['navigation', 'hover', 'page-links'] as const;
  it.each([['hover'], ['page-links'], ['Hover'], [''], [undefined], [null], [1], [['hover']], [{}]])('%s', (input) => {
    const want = z.enum(values).safeParse(input);
    const got = z.literal(values).safeParse(input);
    expect(got.success).toBe(want.success);
    if (want.success && got.success) expect(got.data).toBe(want.data);
  });

  it('in an object, a missing key is refused, as by z.enum', () => {
    expect(z.object({ k: z.literal(values) }).safeParse({}).success).toBe(false);
    expect(z.object({ k: z.enum(values) }).safeParse({}).success).toBe(false);
  });
});
