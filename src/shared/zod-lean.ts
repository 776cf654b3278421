/**
 * Two shapes zod has, written small: the worker's bundle pays for each kind of zod schema it
 * uses, and z.record and z.tuple cost 2.5 and 1.9 kB of it for a few uses (issue 14 §2). Each
 * reads what zod's own reads: test/unit/shared/zod-lean.test.ts runs both over the same rows.
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
        if (r.success) Object.defineProperty(out, key, { value: r.data, enumerable: true, writable: true, configurable: true });
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
