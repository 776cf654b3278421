/**
 * Typed access to the background's storage. Every read is validated (validate at every edge: storage is an
 * edge); a bad value is replaced by the fallback rather than crashing the worker.
 *
 * Two areas:
 * - 'db': the extension's private IndexedDB store (db-backend.ts). Everything that must last:
 *   settings, the policy cache, verdicts, jobs, the ledger, history. Out of content scripts'
 *   reach in both browsers (storage.local is not: Firefox content scripts can read it).
 * - 'session': storage.session, for what may be lost with the browser (blocked-page tokens,
 *   passes, exceptions, pause). Content scripts cannot read it (Chromium's default access level;
 *   Firefox does not expose it to them).
 * storage.local is not used, except once to move what older builds left there (legacy-local.ts).
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import { createMemoryBackend, openDefaultBackend, type DbBackend } from './db-backend';
import { migrateLegacyLocal, type LocalArea } from './legacy-local';

export type Area = 'db' | 'session';

interface StorageLike {
  get(k: string | string[] | null): Promise<Record<string, unknown>>;
  set(v: Record<string, unknown>): Promise<void>;
  remove(k: string | string[]): Promise<void>;
}

/** Where storage.session is missing (never in supported browsers), memory: never storage.local. */
let sessionFallback: DbBackend | null = null;
function sessionArea(): StorageLike {
  const s = (browser.storage as unknown as { session?: StorageLike }).session;
  if (s) return s;
  const m = (sessionFallback ??= createMemoryBackend(false));
  return {
    get: (k) => (k === null ? m.getAll() : m.get(typeof k === 'string' ? [k] : k)),
    set: (v) => m.set(v),
    remove: (k) => m.remove(typeof k === 'string' ? [k] : k),
  };
}

let backendSource: () => Promise<DbBackend> = openDefaultBackend;
let dbBackend: Promise<DbBackend> | null = null;

/** The private store, once what older builds left in storage.local has been moved into it. */
function db(): Promise<DbBackend> {
  dbBackend ??= backendSource().then(async (b) => {
    await migrateLegacyLocal(b, browser.storage.local as unknown as LocalArea).catch(ignore);
    return b;
  });
  return dbBackend;
}

/**
 * Replaces the private store (unit tests: a fresh in-memory one per test; Node has no
 * IndexedDB). The legacy move runs again, against it, on its first use.
 */
export function setDbBackend(b: DbBackend): void {
  backendSource = async () => b;
  dbBackend = null;
  generation++;
}

let generation = 0;
/**
 * Changes when the private store is replaced (setDbBackend: a unit test's fresh store, or a test's
 * "new worker life"). A memory mirror of a stored key (ledger.ts) is only good for the store it
 * was read from.
 */
export const dbGeneration = (): number => generation;

async function getKeys(a: Area, keys: string[] | null): Promise<Record<string, unknown>> {
  if (a === 'session') return sessionArea().get(keys);
  const b = await db();
  return keys === null ? b.getAll() : b.get(keys);
}

export async function readKey<S extends z.ZodMiniType>(
  a: Area,
  key: string,
  schema: S,
  fallback: z.output<S>,
): Promise<z.output<S>> {
  try {
    return await readKeyOrThrow(a, key, schema, fallback);
  } catch {
    return fallback;
  }
}

/**
 * Like readKey, but a storage that cannot be read is an error, not the fallback: for a memory
 * mirror that is then written back whole (ledger.ts), reading "empty" would erase what is stored.
 */
export async function readKeyOrThrow<S extends z.ZodMiniType>(
  a: Area,
  key: string,
  schema: S,
  fallback: z.output<S>,
): Promise<z.output<S>> {
  const got = await getKeys(a, [key]);
  if (!(key in got)) return fallback;
  const parsed = schema.safeParse(got[key]);
  return parsed.success ? parsed.data : fallback;
}

export async function writeKey(a: Area, key: string, value: unknown): Promise<void> {
  await writeKeys(a, { [key]: value });
}

export async function writeKeys(a: Area, values: Record<string, unknown>): Promise<void> {
  if (a === 'session') return sessionArea().set(values);
  await (await db()).set(values);
}

export async function removeKeys(a: Area, keys: string | string[]): Promise<void> {
  const list = typeof keys === 'string' ? [keys] : keys;
  if (a === 'session') return sessionArea().remove(list);
  await (await db()).remove(list);
}

/** Everything in the area, or only `key` when given. Errors read as empty. */
export async function readAll(a: Area, key: string | null = null): Promise<Record<string, unknown>> {
  try {
    return await getKeys(a, key === null ? null : [key]);
  } catch {
    return {};
  }
}

/** Whether what is written to 'db' outlives this worker (false: IndexedDB could not be opened). */
export async function dbIsPersistent(): Promise<boolean> {
  return (await db()).persistent;
}

/** Serializes async read-modify-write sections on one key so concurrent updates don't clobber. */
export function createMutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<T>(fn: () => Promise<T>): Promise<T> {
    const next = tail.then(fn, fn);
    tail = next.catch(ignore);
    return next;
  };
}
