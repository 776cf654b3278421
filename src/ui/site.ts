/**
 * "By site" for the allow/block lists (docs/decisions/017-surfaces.md): whatever is typed (URL, host, `*.host`)
 * becomes its registrable domain with the same shared rules the background applies
 * (src/shared/url/site.ts: parsePersonEntry, then registrableDomain; private suffixes count, IPs
 * and single labels stay as they are). What is refused says why.
 *
 *   'https://login.example.co.uk/a?b'  → 'example.co.uk'
 *   'www.example.com'                  → 'example.com'
 *   'alice.github.io'                  → 'alice.github.io'
 *   'http://127.0.0.1:8080/'           → '127.0.0.1'
 *   'intranet'                         → 'intranet'
 *   'login.mybank.com@com'             → refused: userinfo (it would be all of .com)
 *   'com' / 'github.io'                → refused: public-suffix
 *   'example.com:8080'                 → refused: port (paste the whole address instead)
 *   'shop.example.com/login/*'         → 'shop.example.com/login/*' (a path entry stays as typed)
 *   '  ' / 'not a site' / 'https://'   → refused
 */
import { registrableDomain, type HostEntryProblem } from '@/src/shared/url/site';
import { parsePersonListEntry } from '@/src/shared/url/list-entry';
// The list registrableDomain needs, installed when this module loads (suffix-list.ts says why).
import './suffix-list';

export function typedSite(input: string): { site: string } | { error: HostEntryProblem } {
  const r = parsePersonListEntry(input);
  if ('error' in r) return r;
  return { site: r.path ? r.text : registrableDomain(r.host) };
}

export function siteOf(input: string): string | null {
  const r = typedSite(input);
  return 'site' in r ? r.site : null;
}
