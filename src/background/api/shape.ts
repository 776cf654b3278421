/**
 * Small helpers for reading JSON of unknown shape. Pure; never throw.
 */
import { plainText } from './errors';

export type Json = Record<string, unknown>;

/** A plain object (not an array, not null), else null. */
export function obj(v: unknown): Json | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
}

/** The first present (not undefined/null) value under one of `keys`. */
export function pick(o: Json, keys: readonly string[]): unknown {
  for (const k of keys) {
    if (Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined && o[k] !== null) return o[k];
  }
  return undefined;
}

/** A string value as trimmed plain text, or null. */
export function textOrNull(v: unknown, max: number): string | null {
  if (typeof v !== 'string') return null;
  const t = plainText(v, max);
  return t === '' ? null : t;
}

/** A finite number, or a string holding exactly one; else null.  3 → 3 · "12.5" → 12.5 · "x" → null */
export function numberOrNull(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

const MAX_INDICATOR = 300;
const MAX_RECORD = 600;

/**
 * Spec: "Shape of an element of indicators: not shown". Kept as one line of text; a record (an
 * object) as its JSON text, so the pages can put its type in words and still show the record
 * itself under "Technical details" (src/shared/indicators.ts):
 *   "Login form on new domain"            → same
 *   { type: "age", value: 3 }             → '{"type":"age","value":3}'
 *   a record longer than 600 characters   → "type: age, value: 3, …" (cut; shown as text)
 *   ["a", 1]                              → "a, 1"
 *   42 / true                             → "42" / "true"
 *   null, "", {}                          → dropped (null)
 */
export function renderIndicator(x: unknown): string | null {
  let s: string;
  if (typeof x === 'string') s = x;
  else if (typeof x === 'number' || typeof x === 'boolean') s = String(x);
  else if (Array.isArray(x)) s = x.map(renderValue).join(', ');
  else if (obj(x)) {
    if (Object.keys(x as Json).length === 0) return null;
    const record = renderValue(x);
    // JSON escapes C0 controls itself; C1 ones (and any left) make it a line of plain text instead.
    // eslint-disable-next-line no-control-regex
    if (record.length > 2 && record.length <= MAX_RECORD && !/[\u0000-\u001f\u007f-\u009f]/.test(record)) return record;
    s = Object.entries(x as Json)
      .map(([k, v]) => `${k}: ${renderValue(v)}`)
      .join(', ');
  } else return null;
  const t = plainText(s, MAX_INDICATOR);
  return t === '' ? null : t;
}

function renderValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  try {
    return (JSON.stringify(v) ?? '').slice(0, MAX_RECORD + 1);
  } catch {
    return '';
  }
}
