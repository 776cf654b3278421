/**
 * What a policy entry of `protectedSignInDomains` or `organizationDomains` must be: a host name
 * (login.example.com, example.okta.com, *.example.com), in ASCII or Unicode (bücher.example is
 * taken as xn--bcher-kva.example, as the browser spells it). Anything else cannot be used and is
 * reported as a policy problem (managed.ts drops it and names the key) instead of silently
 * never matching: a URL (https://login.example.com/), a host with a port or path, an address,
 * a single label. Syntax only: it runs while the policy is read, before the public suffix list
 * may be loaded.
 */

/** The entry as the host the rules compare (lowercase ASCII, `*.` dropped), or null if unusable. */
export function entryHost(entry: unknown): string | null {
  if (typeof entry !== 'string') return null;
  const raw = entry.trim().replace(/^\*\./, '').replace(/^\./, '').replace(/\.$/, '');
  if (!raw || raw.length > 253 || /[\s/\\:@?#*]/.test(raw)) return null;
  let host: string;
  try {
    host = new URL(`http://${raw}/`).hostname;
  } catch {
    return null;
  }
  if (!/^[a-z0-9.-]+$/.test(host) || !host.includes('.') || /^[\d.]+$/.test(host)) return null;
  if (host.split('.').some((l) => !l || l.length > 63 || l.startsWith('-') || l.endsWith('-'))) return null;
  return host;
}

export const isUsableHostEntry = (entry: string): boolean => entryHost(entry) !== null;

/** Why an entry is refused, for administrators (POLICY.md lists the same). */
export const HOST_ENTRY_RULE = 'a host name such as login.example.com or example.okta.com (no scheme, port or path)';
