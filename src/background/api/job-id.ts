/**
 * Job ids come back prefixed (`scn_<uuid>`) while the path parameter is declared `format: uuid`
 * (spec "Scan job", "Endpoints"). The client puts the bare UUID in the path and falls back to the
 * id exactly as returned; it remembers which form worked (docs/decisions/015-api-client.md).
 */

export type IdForm = 'bare' | 'asReturned';

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The UUID inside an id, or the id itself when it holds none.
 *   "scn_0f8e…-…"  → "0f8e…-…" · "scn-0f8e…" → "0f8e…" · "0f8e…" → "0f8e…" · "job42" → "job42"
 */
export function bareId(id: string): string {
  const m = UUID_AT_END.exec(id);
  return m?.[1] ?? id;
}

/** Statuses that mean "this path form may be the wrong one" (docs/decisions/015-api-client.md: 400/404/422). */
export const ID_FALLBACK_STATUSES: readonly number[] = [400, 404, 422];

/**
 * The path segments to try, in order: the remembered form first, else bare first. One entry when
 * both forms are the same string.
 */
export function idCandidates(id: string, remembered: IdForm | null): { form: IdForm; segment: string }[] {
  const bare = { form: 'bare' as const, segment: encodeURIComponent(bareId(id)) };
  const asReturned = { form: 'asReturned' as const, segment: encodeURIComponent(id) };
  if (bare.segment === asReturned.segment) return [remembered === 'asReturned' ? asReturned : bare];
  return remembered === 'asReturned' ? [asReturned, bare] : [bare, asReturned];
}
