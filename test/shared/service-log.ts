// Reads the local scanning service's request log (test/service): which URLs the extension sent.
import type { RequestLogEntry } from '../service/server';

/** Every URL submitted by POST /v1/scans/ or /v1/scans/batch, in arrival order (repeats kept). */
export function submittedUrls(log: readonly RequestLogEntry[]): string[] {
  const out: string[] = [];
  for (const e of log) {
    if (e.method !== 'POST' || !/^\/v1\/scans(\/|\/batch\/?)?$/.test(e.path)) continue;
    const body = e.body as { url?: unknown; urls?: unknown } | null;
    if (body && typeof body.url === 'string') out.push(body.url);
    if (body && Array.isArray(body.urls)) for (const u of body.urls) if (typeof u === 'string') out.push(u);
  }
  return out;
}

/** How many POSTs carried this exact URL. */
export function postsFor(log: readonly RequestLogEntry[], url: string): number {
  return submittedUrls(log).filter((u) => u === url).length;
}

/** Every POST whose body names `needle` anywhere (a host, part of a URL), in arrival order. */
export function postsWith(log: readonly RequestLogEntry[], needle: string): RequestLogEntry[] {
  return log.filter((e) => e.method === 'POST' && JSON.stringify(e.body ?? '').includes(needle));
}
