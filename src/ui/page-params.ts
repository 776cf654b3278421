/**
 * Query strings of our own pages are an edge (validate at every edge): anyone can open
 * report.html?id=<anything>. Accept only the shapes we create, else null → a safe generic page.
 *
 *   readParam('?id=scn_0f8c…', 'id')        → 'scn_0f8c…'
 *   readParam('?id=<script>', 'id')         → null
 *   readParam('?id=a&id=b', 'id')           → null   (ambiguous)
 *   readParam('', 'id')                     → null
 */
const SAFE_ID = /^[A-Za-z0-9_.:-]{1,200}$/;

export function readParam(search: string, name: string): string | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return null;
  }
  const all = params.getAll(name);
  if (all.length !== 1) return null;
  const value = all[0] ?? '';
  return SAFE_ID.test(value) ? value : null;
}

/** Only http(s) URLs may be followed from a service- or policy-provided string. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
