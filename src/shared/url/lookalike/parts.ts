/**
 * A host reduced to what the look-alike rules compare: its site (the registrable domain, or the
 * tenant's host on a shared sign-in platform), its name (the site's first label, or the
 * tenant's name), and its labels.
 */
import { publicSuffixOf } from '../public-suffix';
import { unicodeOf } from '../punycode';
import { tenantOf, type TenantPlace } from './platforms';

export interface Parts {
  host: string;
  /** The registrable domain, or the tenant host on a shared platform. */
  site: string;
  /** The site's first label (the tenant's name on a platform), ASCII as in the URL. */
  name: string;
  /** The public suffix (the platform's tenant suffix on a platform). */
  suffix: string;
  /** The suffix is one of the list's ICANN section (com, co.uk), not a private one (github.io). */
  icann: boolean;
  /** Labels left of the site (Unicode). */
  sub: string[];
  /** Every label but the public suffix's, in Unicode. */
  labels: string[];
  tenant: TenantPlace | null;
}

export function parts(host: string): Parts | null {
  const h = host.trim().toLowerCase().replace(/\.+$/, '');
  if (!h || !/^[a-z0-9.-]+$/.test(h) || /^[\d.]+$/.test(h) || !h.includes('.')) return null;
  const tenant = tenantOf(h);
  const match = tenant ? null : publicSuffixOf(h, { privateRules: true });
  const site = tenant?.site ?? match?.domain ?? h;
  const suffix = tenant?.suffix ?? match?.suffix ?? '';
  const name = tenant?.tenant ?? site.split('.')[0] ?? '';
  const own = h
    .slice(0, Math.max(0, h.length - suffix.length - 1))
    .split('.')
    .filter(Boolean);
  const labels = own.map((l) => unicodeOf(l));
  const sub =
    h === site
      ? []
      : h
          .slice(0, -site.length - 1)
          .split('.')
          .map((l) => unicodeOf(l));
  return { host: h, site, name, suffix, icann: match?.icann ?? false, sub, labels, tenant };
}
