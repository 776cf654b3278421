/**
 * POST /v1/scans/batch (spec #5: request and response "not shown"; batch size under "Limits: not
 * shown"). We send `{"urls": [...]}` and cope (docs/decisions/015-api-client.md):
 * - 413 → split the chunk in halves and remember the size that worked;
 * - 400/422 → split too (one bad URL should not sink the rest; the local service answers 422 for
 *   an invalid URL in a batch), but do not shrink the remembered size. A one-URL batch refused with
 *   400 is tried once as a single scan, and if that works the batch endpoint is taken to want
 *   another shape: later batches go out as single scans;
 * - 404/405 → the endpoint is missing: single scans from now on;
 * - any other error → every URL of that chunk gets it (no single-scan retry: the batch may have
 *   been processed and credits spent).
 */
import { apiError, codeForStatus, messageFromBody, type ApiError, type ApiResult } from './errors';
import { readBatchItems } from './readers';
import { readScanJob, type BatchOutcome, type ScanJob } from './schemas';
import { obj } from './shape';
import type { RawAnswer } from './transport';
import { say } from '../i18n';

export const MAX_CHUNK = 100;

export interface BatchState {
  /** Largest chunk the service accepted after a 413, or null while unknown. */
  chunkSize: number | null;
  mode: 'batch' | 'single';
}

export interface BatchDeps {
  post(urls: string[], idempotencyKey: string | undefined): Promise<ApiResult<RawAnswer>>;
  submitOne(url: string): Promise<ApiResult<ScanJob>>;
  state: BatchState;
}

export async function runBatch(urls: string[], deps: BatchDeps, idempotencyKey?: string): Promise<BatchOutcome[]> {
  const out: BatchOutcome[] = new Array<BatchOutcome>(urls.length);
  const one = async (i: number) => {
    const url = urls[i]!;
    const r = await deps.submitOne(url);
    out[i] = r.ok ? { url, ok: true, job: r.value } : { url, ok: false, error: r.error };
  };
  const size = Math.max(1, Math.min(deps.state.chunkSize ?? MAX_CHUNK, MAX_CHUNK));
  let pending = chunked(range(0, urls.length), size);
  // The caller's key names the whole logical request; it is used only while one POST carries it all.
  let key = pending.length === 1 ? idempotencyKey : undefined;

  while (pending.length > 0) {
    const chunk = pending.shift()!;
    if (deps.state.mode === 'single') {
      for (const i of chunk) await one(i);
      continue;
    }
    const r = await deps.post(
      chunk.map((i) => urls[i]!),
      key,
    );
    key = undefined;
    if (r.ok) {
      matchItems(chunk, urls, r.value, out);
      continue;
    }
    const status = r.error.status;
    if (status === 413 && chunk.length > 1) {
      // Too large: every chunk still to send is cut to the new size, not just this one.
      const half = Math.ceil(chunk.length / 2);
      deps.state.chunkSize = Math.min(deps.state.chunkSize ?? half, half);
      pending = chunked([...chunk, ...pending.flat()], deps.state.chunkSize);
    } else if ((status === 400 || status === 422) && chunk.length > 1) {
      const half = Math.ceil(chunk.length / 2);
      pending.unshift(chunk.slice(0, half), chunk.slice(half));
    } else if (status === 400 && chunk.length === 1) {
      await one(chunk[0]!);
      if (out[chunk[0]!]!.ok) deps.state.mode = 'single';
    } else if (status === 404 || status === 405) {
      deps.state.mode = 'single';
      for (const i of chunk) await one(i);
    } else {
      for (const i of chunk) out[i] = { url: urls[i]!, ok: false, error: r.error };
    }
  }
  return out;
}

/**
 * Pairs answer items with the URLs sent: by the item's own `url` first (an answer in another
 * order must never give one URL another's job, and so its verdict), else by position when the
 * counts match and that item names none of the URLs sent (the service may write a URL its own
 * way). Each item is a job (possibly under `job`/`scan`), or an error entry (`error`, `status` ≥ 400).
 */
function matchItems(chunk: number[], urls: string[], answer: RawAnswer, out: BatchOutcome[]): void {
  const items = readBatchItems(answer.body);
  const unreadable = apiError('bad_response', say('bg_api_batchUnreadable'), answer.status);
  if (items === null) {
    for (const i of chunk) out[i] = { url: urls[i]!, ok: false, error: unreadable };
    return;
  }
  const used = new Set<number>();
  const sent = chunk.map((i) => urls[i]!);
  const names = (item: unknown, url: string) => sameUrl(itemUrl(item), url);
  chunk.forEach((i, pos) => {
    const url = urls[i]!;
    let k = items.findIndex((it, n) => !used.has(n) && names(it, url));
    if (k < 0 && items.length === chunk.length && !used.has(pos) && !sent.some((u) => names(items[pos], u))) k = pos;
    used.add(k);
    if (k < 0) {
      out[i] = { url, ok: false, error: apiError('bad_response', say('bg_api_batchNoJob'), answer.status) };
      return;
    }
    const item = items[k];
    const job = readScanJob(item, { fallbackUrl: url, requireResult: true });
    if (job) out[i] = { url, ok: true, job };
    else out[i] = { url, ok: false, error: itemError(item) ?? unreadable };
  });
}

/** The same URL once parsed (host case, default port, an empty path): the service may write it so. */
function sameUrl(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

function itemUrl(item: unknown): string | undefined {
  const o = obj(item);
  if (!o) return undefined;
  for (const x of [o, obj(o.job), obj(o.scan)]) if (x && typeof x.url === 'string') return x.url;
  return undefined;
}

function itemError(item: unknown): ApiError | null {
  const o = obj(item);
  if (!o) return null;
  const status = typeof o.status === 'number' && o.status >= 400 && o.status < 600 ? o.status : null;
  if (status === null && o.error === undefined && o.ok !== false) return null;
  const message = messageFromBody(o) ?? say('bg_api_urlRefused');
  return apiError(status === null ? 'invalid_request' : codeForStatus(status), message, status);
}

function chunked(indices: number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < indices.length; i += size) out.push(indices.slice(i, i + size));
  return out;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, n) => from + n);
}
