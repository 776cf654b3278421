/**
 * The one request Linklens makes to a site other than the scanning service (docs/decisions/003-every-hop.md,
 * opt-in `resolveShorteners`): a HEAD to an opaque shortener, so it says where a short link
 * leads. No cookies, no referrer, no cache, and the redirect is NOT followed: the destination
 * must not be contacted before it is judged. The caller (checks/short-links.ts) reads Location.
 */
export function headWithoutCookies(url: string, signal: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: 'HEAD',
    credentials: 'omit',
    redirect: 'manual',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
    signal,
  });
}
