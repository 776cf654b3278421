// Reads one scan's traffic out of the local service's request log and scan list: its polls, its
// event streams, the Idempotency-Keys of the POSTs that carried its URL (service-log.ts reads
// the submitted URLs themselves).
import type { RequestLogEntry, ScanningService, ScanSummary } from '../../service/server';
import { waitFor } from './wait-for';

/** The uuid inside `scn_<uuid>` (the path may carry either form: README "Id modes"). */
const bareId = (id: string) => id.replace(/^scn_/, '');

function scanPath(path: string): { id: string; events: boolean } | null {
  const m = /^\/v1\/scans\/(?:scn_)?([0-9a-f-]{36})(\/events)?\/?$/i.exec(path);
  return m ? { id: m[1]!.toLowerCase(), events: m[2] !== undefined } : null;
}

/** GET /v1/scans/{id} requests (polls) of a scan, in arrival order. */
export function pollsOf(log: readonly RequestLogEntry[], scanId: string): RequestLogEntry[] {
  const id = bareId(scanId).toLowerCase();
  return log.filter((e) => e.method === 'GET' && scanPath(e.path)?.id === id && !scanPath(e.path)!.events);
}

/** GET /v1/scans/{id}/events requests (event streams opened) of a scan. */
export function streamsOf(log: readonly RequestLogEntry[], scanId: string): RequestLogEntry[] {
  const id = bareId(scanId).toLowerCase();
  return log.filter((e) => e.method === 'GET' && scanPath(e.path)?.id === id && scanPath(e.path)!.events);
}

/** The Idempotency-Key of every POST (single or batch) whose body carried `url`. */
export function postKeysFor(log: readonly RequestLogEntry[], url: string): (string | null)[] {
  return log
    .filter((e) => {
      if (e.method !== 'POST' || !/^\/v1\/scans(\/|\/batch\/?)?$/.test(e.path)) return false;
      const body = e.body as { url?: unknown; urls?: unknown } | null;
      return body?.url === url || (Array.isArray(body?.urls) && body.urls.includes(url));
    })
    .map((e) => e.idempotencyKey);
}

/** Waits for the service to hold a scan of `url` and returns it (the first one). */
export async function scanOf(svc: ScanningService, url: string, timeoutMs = 15_000): Promise<ScanSummary> {
  const found = await waitFor(
    `a scan of ${url}`,
    () => svc.scans().find((x) => x.url === url),
    (x) => x !== undefined,
    timeoutMs,
    20,
  );
  return found!;
}
