/**
 * Typed access to extension storage. Every read is validated (style.md 5: storage is an edge);
 * a bad value is replaced by the fallback rather than crashing the worker.
 */
import { browser } from 'wxt/browser';
import type { z } from 'zod';

export type Area = 'local' | 'session';

function area(a: Area) {
  // storage.session exists in Chrome ≥ 102 and Firefox ≥ 115; fall back to local so nothing is lost.
  const s = browser.storage as unknown as Record<string, { get: (k: string | string[] | null) => Promise<Record<string, unknown>>; set: (v: Record<string, unknown>) => Promise<void>; remove: (k: string | string[]) => Promise<void> } | undefined>;
  return s[a] ?? s.local!;
}

export async function readKey<T>(a: Area, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  try {
    const got = await area(a).get(key);
    if (!(key in got)) return fallback;
    const parsed = schema.safeParse(got[key]);
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export async function writeKey(a: Area, key: string, value: unknown): Promise<void> {
  await area(a).set({ [key]: value });
}

export async function writeKeys(a: Area, values: Record<string, unknown>): Promise<void> {
  await area(a).set(values);
}

export async function removeKeys(a: Area, keys: string | string[]): Promise<void> {
  await area(a).remove(keys);
}

/** Everything in the area, or only `key` when given. Errors read as empty. */
export async function readAll(a: Area, key: string | null = null): Promise<Record<string, unknown>> {
  try {
    return await area(a).get(key);
  } catch {
    return {};
  }
}

/** Serializes async read-modify-write sections on one key so concurrent updates don't clobber. */
export function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<T>(fn: () => Promise<T>): Promise<T> {
    const next = tail.then(fn, fn);
    tail = next.catch(() => undefined);
    return next;
  };
}
