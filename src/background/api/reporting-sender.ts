/**
 * Delivery of organization reports (docs/decisions/016-organizations.md) to the policy's reportingUrl. It lives in
 * src/background/api because this is the only folder that may call fetch (docs/architecture.md, "Import rules").
 *
 * - The URL is checked again here (https, or http to this machine: shared/reporting/endpoint.ts),
 *   whatever the settings said, and redirects are refused (`redirect: 'error'`): a redirect would
 *   carry the token and the events to an address the policy never named.
 * - The token goes in `Authorization: Bearer`, never in the URL or the body. No cookies.
 * - Never throws: every outcome is a SendResult for the queue (queue.ts decides about retries).
 */
import { ignore } from '@/src/background/ignore';
import { makeBatch, type ReportEvent } from '@/src/shared/reporting/events';
import { validateReportingUrl } from '@/src/shared/reporting/endpoint';
import { parseRetryAfter } from './retry-policy';

/** What one delivery came to, for the queue (reporting/queue.ts decides about retries). */
export type SendResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; retryAfterMs: number | null };

export interface ReportTarget {
  url: string;
  token: string;
}

const TIMEOUT_MS = 15_000;

export async function sendReports(
  target: ReportTarget,
  events: ReportEvent[],
  deps: { fetch?: typeof fetch; now?: () => number } = {},
): Promise<SendResult> {
  const now = deps.now ?? Date.now;
  const doFetch = deps.fetch ?? fetch;
  const checked = validateReportingUrl(target.url);
  if (!checked.ok) return { ok: false, status: null, error: checked.reason, retryAfterMs: null };
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (target.token) headers.Authorization = `Bearer ${target.token}`;
  let res: Response;
  try {
    res = await doFetch(checked.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(makeBatch(events, now())),
      redirect: 'error',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    return {
      ok: false,
      status: null,
      error: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
      retryAfterMs: null,
    };
  }
  // The body is not needed; release the connection without reading a possibly large answer.
  void res.body?.cancel().catch(ignore);
  if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
  return {
    ok: false,
    status: res.status,
    error: `http_${res.status}`,
    retryAfterMs: parseRetryAfter(res.headers.get('Retry-After'), now()),
  };
}
