/**
 * The account/domain settings record is "not shown" in the spec, so the form is built from what
 * the service returns: scalar fields at the top level and one level down get inputs; everything
 * else is left to the JSON editor.
 *
 *   scalarFields({a: 1, b: {c: true, d: [1]}, e: [2], f: null})
 *     → [{path:['a'], kind:'number'}, {path:['b','c'], kind:'boolean'}]
 *   withValue({b: {c: true}}, ['b','c'], false) → {b: {c: false}}   (a copy; input untouched)
 */
export type ScalarKind = 'string' | 'number' | 'boolean';
export interface ScalarField {
  path: [string] | [string, string];
  kind: ScalarKind;
}

export type JsonObject = Record<string, unknown>;

export const isObject = (x: unknown): x is JsonObject => !!x && typeof x === 'object' && !Array.isArray(x);

const kindOf = (v: unknown): ScalarKind | null =>
  typeof v === 'string'
    ? 'string'
    : typeof v === 'number' && Number.isFinite(v)
      ? 'number'
      : typeof v === 'boolean'
        ? 'boolean'
        : null;

export function scalarFields(record: JsonObject): ScalarField[] {
  const out: ScalarField[] = [];
  for (const [k, v] of Object.entries(record)) {
    const kind = kindOf(v);
    if (kind) out.push({ path: [k], kind });
    else if (isObject(v)) {
      for (const [k2, v2] of Object.entries(v)) {
        const kind2 = kindOf(v2);
        if (kind2) out.push({ path: [k, k2], kind: kind2 });
      }
    }
  }
  return out;
}

export function valueAt(record: JsonObject, path: ScalarField['path']): unknown {
  const first = record[path[0]];
  return path.length === 1 ? first : isObject(first) ? first[path[1]] : undefined;
}

export function withValue(record: JsonObject, path: ScalarField['path'], value: unknown): JsonObject {
  if (path.length === 1) return { ...record, [path[0]]: value };
  const inner = isObject(record[path[0]]) ? (record[path[0]] as JsonObject) : {};
  return { ...record, [path[0]]: { ...inner, [path[1]]: value } };
}

/** JSON editor text → an object, or the reason it is not one. */
export function parseObject(
  text: string,
): { ok: true; value: JsonObject } | { ok: false; reason: 'syntax' | 'not_object'; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: 'syntax', message: e instanceof Error ? e.message : String(e) };
  }
  return isObject(value) ? { ok: true, value } : { ok: false, reason: 'not_object', message: '' };
}
