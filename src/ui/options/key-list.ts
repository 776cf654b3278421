/**
 * `keys.list` may answer with an array or `{items|keys: [...]}`; anything else is an empty list.
 * Only the fields shown are kept (id, name, scopes, createdAt): never `raw`, which for some
 * services could echo a secret.
 */
import type { ApiKeyData } from '@/src/shared/messaging/protocol';

export type KeyRow = Pick<ApiKeyData, 'id' | 'name' | 'scopes' | 'createdAt'>;

export function toKeyRows(data: unknown): KeyRow[] {
  const obj = data as { items?: unknown; keys?: unknown } | null;
  const list = Array.isArray(data)
    ? data
    : Array.isArray(obj?.items)
      ? obj.items
      : Array.isArray(obj?.keys)
        ? obj.keys
        : [];
  return (list as unknown[])
    .filter((k): k is ApiKeyData => !!k && typeof k === 'object' && typeof (k as ApiKeyData).id === 'string')
    .map((k) => ({
      id: k.id,
      name: typeof k.name === 'string' ? k.name : null,
      scopes: Array.isArray(k.scopes) ? k.scopes.filter((s) => typeof s === 'string') : [],
      createdAt: typeof k.createdAt === 'string' ? k.createdAt : null,
    }));
}
