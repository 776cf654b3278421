/**
 * Readers for the answers the spec does not show (lists, key records, credits, settings,
 * analytics, batch). Tolerant: each accepts the plausible shapes listed beside it and keeps what it
 * does not understand in `raw`. Each returns null when the answer cannot be used (→ bad_response).
 */
import { z } from 'zod/mini';
import type { ApiKeyRecord, CreatedApiKey, Credits, Page } from './schemas';
import { numberOrNull, obj, pick, textOrNull, type Json } from './shape';

const LIST_KEYS = ['data', 'items', 'scans', 'keys', 'results', 'apiKeys', 'api_keys'] as const;
const CURSOR_KEYS = ['next', 'nextCursor', 'cursor', 'next_cursor'] as const;

/** A list answer: a bare array, or an object with the array under one of LIST_KEYS. */
const ListEnvelope = z.union([z.array(z.unknown()), z.looseObject({})]);

/**
 * Lists (scans, keys). Items that do not read are dropped: a list is an index, the verdict of a
 * job always comes from the job itself.
 *   [a, b]                                   → items [a, b], next null
 *   { data: [a], next: "c2" }                → items [a], next "c2"
 *   { scans: [a], pagination: { next_cursor: 7 } } → next "7"
 *   { next: "https://x/v1/scans/?cursor=c3" } → next "c3" (a link: its cursor parameter)
 *   { foo: 1 }, "x", null                    → null (not a list)
 */
export function readPage<T>(body: unknown, readItem: (x: unknown) => T | null): Page<T> | null {
  const env = ListEnvelope.safeParse(body);
  if (!env.success) return null;
  const o = obj(env.data);
  const arr = o ? pick(o, LIST_KEYS) : env.data;
  if (!Array.isArray(arr)) return null;
  const items = arr.map(readItem).filter((x): x is T => x !== null);
  let next: string | null = null;
  if (o) {
    next = cursorOf(o);
    for (const k of ['pagination', 'meta', 'page']) {
      const inner = obj(o[k]);
      if (next === null && inner) next = cursorOf(inner);
    }
  }
  return { items, next };
}

function cursorOf(o: Json): string | null {
  const v = pick(o, CURSOR_KEYS);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string' || v.trim() === '') return null;
  const s = v.trim().slice(0, 2000);
  if (/^(https?:)?\//i.test(s)) {
    try {
      return new URL(s, 'https://base.invalid').searchParams.get('cursor');
    } catch {
      return null;
    }
  }
  return s;
}

/** Fields that may hold a secret; never kept in `raw` (the key must not reach a log or a page). */
const SECRET_KEYS = ['secret', 'key', 'apiKey', 'api_key', 'token', 'value', 'plaintext', 'fullKey', 'full_key'];

/**
 * A key record. Needs an id (string or number). Scopes from `scopes` (array) or `scope` (string or
 * array). Wrapped forms `{key|apiKey|data: {...}}` are unwrapped.
 */
export function readKeyRecord(raw: unknown): ApiKeyRecord | null {
  const o = unwrapRecord(raw);
  if (!o) return null;
  const id = idOf(o);
  if (id === null) return null;
  return recordOf(o, id);
}

/**
 * The answer to creating a key. The secret is shown once (spec "Authentication" 4), so an answer
 * with a secret but no id is still accepted (id '' — it can be found again in the list); one with
 * neither is rejected.
 */
export function readCreatedKey(raw: unknown): CreatedApiKey | null {
  const outer = obj(raw);
  const o = unwrapRecord(raw);
  if (!o || !outer) return null;
  const secretOf = (x: Json) => {
    const v = pick(x, SECRET_KEYS);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  };
  const secret = secretOf(o) ?? secretOf(outer);
  const id = idOf(o);
  if (id === null && secret === null) return null;
  return { ...recordOf(o, id ?? ''), secret };
}

function recordOf(o: Json, id: string): ApiKeyRecord {
  const scopesRaw = pick(o, ['scopes', 'scope', 'permissions']);
  const list = Array.isArray(scopesRaw) ? scopesRaw : typeof scopesRaw === 'string' ? scopesRaw.split(/[\s,]+/) : [];
  return {
    id,
    name: textOrNull(pick(o, ['name', 'label', 'description']), 200),
    scopes: list
      .map((s) => textOrNull(s, 100))
      .filter((s): s is string => s !== null)
      .slice(0, 50),
    createdAt: textOrNull(pick(o, ['createdAt', 'created_at']), 100),
    raw: Object.fromEntries(Object.entries(o).filter(([k]) => !SECRET_KEYS.includes(k))),
  };
}

function idOf(o: Json): string | null {
  const v = pick(o, ['id', 'keyId', 'key_id', 'uuid']);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return textOrNull(v, 500);
}

function unwrapRecord(raw: unknown): Json | null {
  const o = obj(raw);
  if (!o) return null;
  if ('id' in o) return o;
  for (const k of ['key', 'apiKey', 'api_key', 'data', 'record']) {
    const inner = obj(o[k]);
    if (inner) return inner;
  }
  return o;
}

const BALANCE_KEYS = ['balance', 'credits', 'remaining', 'available', 'creditBalance', 'credit_balance'];

/**
 * Credits (GET /v1/credits/, POST /v1/credits/purchase).
 *   { balance: 120 }            → 120       · { credits: "40" } → 40
 *   { data: { balance: 3 } }    → 3         · { credits: { remaining: 9 } } → 9
 *   17                          → 17        · { purchased: 100 } → null (shown as unknown)
 *   "x", [], null               → not a credits record
 * `amount` is deliberately not a balance: in a purchase answer it is the amount bought.
 */
export function readCredits(body: unknown): Credits | null {
  if (typeof body === 'number') return Number.isFinite(body) ? { balance: body, raw: { balance: body } } : null;
  const o = obj(body);
  if (!o) return null;
  return { balance: balanceIn(o, 2), raw: o };
}

function balanceIn(o: Json, depth: number): number | null {
  for (const k of BALANCE_KEYS) {
    const n = numberOrNull(o[k]);
    if (n !== null) return n;
  }
  if (depth <= 0) return null;
  for (const k of [...BALANCE_KEYS, 'data', 'account']) {
    const inner = obj(o[k]);
    const n = inner ? balanceIn(inner, depth - 1) : null;
    if (n !== null) return n;
  }
  return null;
}

/** Settings and analytics: any JSON object, kept whole for a key/value view. */
export function readRecord(body: unknown): Record<string, unknown> | null {
  return obj(body);
}

/**
 * Batch answer: an array of jobs, or an object holding one array (under a known key first, else
 * the only array-valued property).  [j] · {scans: [j]} · {accepted: [j]} → [j];  {a: [], b: []} → null
 */
export function readBatchItems(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body;
  const o = obj(body);
  if (!o) return null;
  const known = pick(o, ['scans', 'jobs', 'results', 'items', 'data', 'batch']);
  if (Array.isArray(known)) return known;
  const arrays = Object.values(o).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as unknown[]) : null;
}
