/**
 * "By site" for the allow/block lists (docs/decisions/017-surfaces.md): whatever is typed (URL, host, `*.host`)
 * becomes its registrable domain with the same shared rules the background applies
 * (src/shared/url/site.ts: private suffixes count, IPs and single labels stay as they are).
 *
 *   'https://login.example.co.uk/a?b'  → 'example.co.uk'
 *   'www.example.com'                  → 'example.com'
 *   'alice.github.io'                  → 'alice.github.io'
 *   'http://127.0.0.1:8080/'           → '127.0.0.1'
 *   'intranet'                         → 'intranet'
 *   '  ' / 'not a site' / 'https://'   → null
 */
import { normalizeHostEntry, registrableDomain } from '@/src/shared/url/site';
// The list registrableDomain needs, installed when this module loads (suffix-list.ts says why).
import './suffix-list';

export function siteOf(input: string): string | null {
  const raw = input.trim();
  if (!raw || /\s/.test(raw)) return null;
  const host = normalizeHostEntry(raw);
  return host ? registrableDomain(host) : null;
}
