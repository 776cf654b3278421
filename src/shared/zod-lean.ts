/**
 * Four shapes zod has, written small (`dict`, `pair`, `int`, `fallback` for z.record, z.tuple,
 * z.int and z.catch). They were written to keep the worker's bundle small; that aim is withdrawn
 * (docs/decisions/009-bundle-weight.md) and zod's own spellings are allowed again, but the schemas
 * that use these stay as they are: each reads what zod's own reads (test/unit/shared/zod-lean.test.ts
 * runs both over the same rows), and `dict` keeps a key "__proto__" that z.record drops.
 *
 * `dict(value)`: an object used as a table (string keys, every value read by `value`), read
 * the way `z.record(z.string(), value)` reads one: the tables we keep (by host, by tab, by URL)
 * and the settings objects pages send.
 *
 * - The input must be what z.record accepts: a plain object (zod's own `isPlainObject`), so not
 *   null, an array, or an instance of a class of its own.
 * - Each value is parsed by `value` (unknown keys of object values dropped, as z.object does);
 *   an issue names its key first in its path, as z.record's would.
 * - The result is a new object. Its keys are defined, not assigned: a key "__proto__" (a host
 *   name can be one) stays a key and never becomes the object's prototype.
 */
import './zod-config';
import { z } from 'zod/mini';
import { util } from 'zod/v4/core';

export function dict<T extends z.ZodMiniType>(value: T) {
  return z.pipe(
    z.custom<Record<string, unknown>>((v) => util.isPlainObject(v)),
    z.transform((table, ctx) => {
      const out: Record<string, z.output<T>> = {};
      for (const key of Object.keys(table)) {
        const r = value.safeParse(table[key]);
        if (r.success)
          Object.defineProperty(out, key, { value: r.data, enumerable: true, writable: true, configurable: true });
        else for (const issue of r.error.issues) ctx.issues.push({ ...issue, path: [key, ...issue.path] } as never);
      }
      return out;
    }),
  );
}

/**
 * `pair(a, b)`: a two-item array, the first read by `a`, the second by `b`, as
 * `z.tuple([a, b])` reads one: an array of exactly two items, each issue naming its index.
 */
export function pair<A extends z.ZodMiniType, B extends z.ZodMiniType>(a: A, b: B) {
  return z.pipe(
    z.array(z.unknown()).check(z.minLength(2), z.maxLength(2)),
    z.transform((items, ctx) => {
      const out: [z.output<A>, z.output<B>] = [undefined as z.output<A>, undefined as z.output<B>];
      [a, b].forEach((schema, i) => {
        const r = schema.safeParse(items[i]);
        if (r.success) out[i] = r.data;
        else for (const issue of r.error.issues) ctx.issues.push({ ...issue, path: [i, ...issue.path] } as never);
      });
      return out;
    }),
  );
}

/**
 * `int()`: a whole number within the safe integer range, as `z.int()` reads one, with the same
 * issues (refusal.ts words them: "must be a whole number", "at most …"). zod's own brings its
 * table of number formats (int32, float64, …) for this one format.
 */
export function int() {
  const check = z.check<number>((p) => {
    const n = p.value;
    if (Number.isSafeInteger(n)) return;
    const base = { input: n, inst: check };
    if (!Number.isInteger(n)) {
      // Not a whole number: later checks (bounds) are not run, as with z.int().
      p.issues.push({ ...base, code: 'invalid_type', expected: 'int', format: 'safeint', continue: false } as never);
    } else if (n > 0) {
      p.issues.push({
        ...base,
        code: 'too_big',
        origin: 'int',
        maximum: Number.MAX_SAFE_INTEGER,
        inclusive: true,
        continue: true,
      } as never);
    } else {
      p.issues.push({
        ...base,
        code: 'too_small',
        origin: 'int',
        minimum: Number.MIN_SAFE_INTEGER,
        inclusive: true,
        continue: true,
      } as never);
    }
  });
  return z.number().check(check);
}

/**
 * `fallback(schema, value)`: what `schema` reads, or `value` when it reads nothing (missing,
 * wrong type, out of range), as `z.catch(schema, value)` reads it. For display-only fields of
 * service answers and for stored values where a damaged field must not lose its whole record.
 */
export function fallback<T extends z.ZodMiniType>(schema: T, value: z.output<T>) {
  return z.pipe(
    // Optional on the way in, as z.catch is: in an object a missing key is read, not refused.
    z.optional(z.unknown()),
    z.transform((v): z.output<T> => {
      const r = schema.safeParse(v);
      return r.success ? r.data : value;
    }),
  );
}

/**
 * `validItems(item)`: an array read item by item, the items `item` does not read left out, for
 * stored lists where one damaged entry must not lose the others. Anything but an array is refused.
 */
export function validItems<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((xs) =>
      xs.flatMap((x) => {
        const r = item.safeParse(x);
        return r.success ? [r.data as z.output<T>] : [];
      }),
    ),
  );
}

/*
 * Short names for the three shapes our schemas repeat most (about 90 times between them): the
 * worker's bundle spells each use out in full, so `z.string().check(z.maxLength(2000))`
 * costs 19 bytes of it where `str(2000)` costs 7 (docs/decisions/009-bundle-weight.md). They build exactly those schemas.
 */

/** A string of at most `max` characters. */
export const str = (max: number) => z.string().check(z.maxLength(max));

/** A string of 1 to `max` characters. */
export const nonEmpty = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

/** A whole number (`int()`) from `min` to `max`, both included. */
export const intIn = (min: number, max: number) => int().check(z.gte(min), z.lte(max));
