/**
 * Which API key goes with which service (docs/decisions/008-key-binding.md): a key is sent only to the origin it
 * was entered for, or, for a key set by policy, to the policy's service URL. Changing the service
 * URL (typed, saved, imported, or tried with "Test connection") never carries the stored key to
 * the new origin; the person enters the key again or confirms, naming both origins, that the
 * stored key may be used there (`rebindKey`). Pure. Examples: key-binding.examples.ts.
 */

/** The person's key as the secret store holds it. `origin` null: not bound (an older build's key). */
export interface StoredKey {
  key: string;
  origin: string | null;
}

export type KeyDecision =
  | { apiKey: string; source: 'policy' | 'person' }
  | {
      apiKey: '';
      source: 'none';
      why: 'no-service-url' | 'no-key' | 'other-origin' | 'policy-key-without-url';
      keyOrigin?: string;
    };

/**
 * `scheme://host[:port]` of a service URL (lower case, default port dropped), or null when it is
 * not an http(s) URL. The same origin means the same server, whatever the path.
 */
export function serviceOrigin(url: string): string | null {
  let u: URL;
  try {
    u = new URL(String(url).trim());
  } catch {
    return null;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname) return null;
  return `${u.protocol}//${u.host}`;
}

/**
 * The key to use with `serviceUrl`.
 * - A policy key goes only with the policy's own service URL (the person cannot point it
 *   elsewhere); a policy key without a policy service URL is used nowhere.
 * - The person's key goes only to the origin it was entered for.
 */
export function keyForService(input: {
  serviceUrl: string;
  policy: { serviceUrl?: string; apiKey?: string };
  stored: StoredKey;
}): KeyDecision {
  const origin = serviceOrigin(input.serviceUrl);
  const { policy, stored } = input;
  if (!origin) return { apiKey: '', source: 'none', why: 'no-service-url' };
  if (policy.apiKey) {
    const policyOrigin = policy.serviceUrl ? serviceOrigin(policy.serviceUrl) : null;
    if (policyOrigin && policyOrigin === origin) return { apiKey: policy.apiKey, source: 'policy' };
    if (!policyOrigin) return { apiKey: '', source: 'none', why: 'policy-key-without-url' };
  }
  if (!stored.key) return { apiKey: '', source: 'none', why: 'no-key' };
  if (stored.origin === origin) return { apiKey: stored.key, source: 'person' };
  return { apiKey: '', source: 'none', why: 'other-origin', ...(stored.origin ? { keyOrigin: stored.origin } : {}) };
}

/**
 * Whether "use the stored key with the new service" may rebind it: only when the confirmation
 * names exactly the origin the key is bound to and the origin it is moving to.
 */
export function mayRebind(stored: StoredKey, confirm: { from: string; to: string }, newServiceUrl: string): boolean {
  const to = serviceOrigin(newServiceUrl);
  return (
    stored.key !== '' && stored.origin !== null && confirm.from === stored.origin && to !== null && confirm.to === to
  );
}
