/**
 * Reads one of the organization's remote files (policy configUrl, blockFeedUrl). It lives in
 * src/background/api because this is the only folder that may call fetch (docs/architecture.md,
 * "Import rules"). What to do with the answer is remote-copy.ts's rule; this only says what came.
 *
 * - The address is checked again here (remote-url.ts: https, plain http only to this machine, no
 *   credentials), and so is the address a redirect ended at: a redirect to plain http elsewhere
 *   is refused, its body unread.
 * - If-None-Match with the last copy's ETag: a server that supports it answers 304 and sends
 *   nothing, which matters when every device of a fleet asks on the same schedule.
 * - No cookies, no cache of the browser's own (the copy is kept by the caller), a time limit,
 *   and the body is read up to `limit` bytes only (body-limit.ts).
 * - Never throws.
 */
import { ignore } from '@/src/background/ignore';
import type { FetchOutcome } from '@/src/shared/policy/remote-copy';
import { remoteFileUrl } from '@/src/shared/policy/remote-url';
import { readBodyLimited } from './body-limit';

const TIMEOUT_MS = 20_000;

export async function fetchRemoteFile(
  url: string,
  opts: { etag: string | null; limit: number; fetch?: typeof fetch },
): Promise<FetchOutcome> {
  const target = remoteFileUrl(url);
  if (target === null) return { kind: 'redirect-refused' };
  const headers: Record<string, string> = { Accept: 'application/json, text/plain;q=0.9, */*;q=0.1' };
  if (opts.etag) headers['If-None-Match'] = opts.etag;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(target, {
      method: 'GET',
      headers,
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'follow',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  if (res.redirected && remoteFileUrl(res.url) === null) {
    void res.body?.cancel().catch(ignore);
    return { kind: 'redirect-refused' };
  }
  if (res.status === 304) return { kind: 'not-modified' };
  if (res.status < 200 || res.status >= 300) {
    void res.body?.cancel().catch(ignore);
    return { kind: 'http', status: res.status };
  }
  const body = await readBodyLimited(res, opts.limit);
  if (!body.ok) return body.reason === 'too_large' ? { kind: 'too-large' } : { kind: 'unreachable' };
  return { kind: 'ok', text: body.text, etag: res.headers.get('ETag') };
}
