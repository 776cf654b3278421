/**
 * The API client: all 13 endpoints of the spec ("Endpoints" table), typed, never throwing.
 * Requests and retries live in transport.ts, response shapes in schemas.ts/readers.ts, the event
 * stream in client-stream.ts, argument checks in client-args.ts.
 */
import { validateBaseUrl } from './base-url';
import { runBatch, type BatchState } from './batch';
import { apiError, fail, ok, type ApiError, type ApiResult } from './errors';
import type { StreamEvent } from './events';
import { ID_FALLBACK_STATUSES, idCandidates, type IdForm } from './job-id';
import { badId, defaultSleep, positive } from './client-args';
import { streamScanEvents, type StreamContext } from './client-stream';
import { readCreatedKey, readCredits, readKeyRecord, readPage, readRecord } from './readers';
import { readPollHints } from './hints';
import {
  isTerminal,
  readScanJob,
  unwrapJob,
  type ApiKeyRecord,
  type BatchOutcome,
  type CreatedApiKey,
  type Credits,
  type Page,
  type ScanJob,
} from './schemas';
import { createTransport, type RawAnswer, type RequestSpec } from './transport';
import { say } from '../i18n';
import { serviceWire } from './wire';
import { whileWorking } from '../idle';

export interface ApiConfig {
  baseUrl: string;
  apiKey: string;
  /** Per attempt. Default 10000. */
  timeoutMs?: number;
  /** Attempts per logical request (GET retries; POST only when safe). Default 4. */
  maxAttempts?: number;
  fetch?: typeof fetch;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /** The id form the service accepted before (persisted by the background), or null if unknown. */
  idForm?: IdForm | null;
  /** Called when the accepted id form is learned or changes, so the background can persist it. */
  onIdForm?: (f: IdForm) => void;
}

export interface ApiClient {
  createKey(input: { name: string; scopes: string[] }): Promise<ApiResult<CreatedApiKey>>;
  listKeys(): Promise<ApiResult<ApiKeyRecord[]>>;
  revokeKey(id: string): Promise<ApiResult<Record<string, unknown>>>;
  submitScan(url: string, opts?: { idempotencyKey?: string; signal?: AbortSignal }): Promise<ApiResult<ScanJob>>;
  /** Splits on 413/400/422, single POSTs on 404/405, remembers the working chunk size. Never rejects. */
  submitBatch(urls: string[], opts?: { idempotencyKey?: string }): Promise<BatchOutcome[]>;
  listScans(opts?: { cursor?: string; limit?: number }): Promise<ApiResult<Page<ScanJob>>>;
  getScan(id: string): Promise<ApiResult<ScanJob>>;
  /** Transitions, then exactly one `end` event. Never throws. */
  streamEvents(id: string, opts?: { signal?: AbortSignal; silenceMs?: number }): AsyncGenerator<StreamEvent>;
  getAnalytics(id: string): Promise<ApiResult<Record<string, unknown>>>;
  getCredits(): Promise<ApiResult<Credits>>;
  purchaseCredits(amount: number): Promise<ApiResult<Credits & { raw: Record<string, unknown> }>>;
  getSettings(): Promise<ApiResult<Record<string, unknown>>>;
  putSettings(body: Record<string, unknown>): Promise<ApiResult<Record<string, unknown>>>;
  /** ms epoch until which the client holds all requests after a 429 (global pause), or 0. */
  pausedUntil(): number;
  /**
   * Whether the key may submit scans, without spending a credit: POST /v1/scans/ with an empty
   * body. A key lacking SCAN_WRITE is refused (403) before the body is looked at; a key that has
   * it gets 400/422 for the missing url. Any other answer is 'unknown' (the spec does not say
   * which check comes first, so the options page only reports what it learned).
   */
  probeScanWrite(): Promise<'allowed' | 'forbidden' | 'unauthorized' | 'unknown'>;
}

/** A failure no answer explains (a reader or an injected dependency threw), told as a network error. */
const unexpected = (e: unknown) =>
  apiError('network', `Unexpected client error: ${e instanceof Error ? e.message : String(e)}`);

export function createApiClient(config: ApiConfig): ApiClient {
  const base = validateBaseUrl(config.baseUrl);
  const key = typeof config.apiKey === 'string' ? config.apiKey.trim() : '';
  // A header value must be visible ASCII; anything else would make fetch throw.
  const configError: ApiError | null = !base.ok
    ? apiError('config', base.reason === 'not_https' ? say('bg_urlNotHttps') : say('bg_urlInvalid'))
    : !/^[\x21-\x7e]+$/.test(key)
      ? apiError('config', say('bg_api_noKey'))
      : null;

  const rawFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  // A request in flight is work in flight (idle.ts): "nothing was sent" is read once it is back.
  const fetchFn: typeof fetch = (input, init) => whileWorking(rawFetch(input, init));
  const t = createTransport({
    baseUrl: base.ok ? base.url : '',
    apiKey: key,
    timeoutMs: positive(config.timeoutMs, 10_000, 600_000),
    maxAttempts: Math.floor(positive(config.maxAttempts, 4, 10)),
    fetch: fetchFn,
    random: config.random ?? Math.random,
    sleep: config.sleep ?? defaultSleep,
    now: config.now ?? Date.now,
    uuid: () => crypto.randomUUID(),
  });

  // Streams follow the protocol the service answers over (wire.ts, engine/stream-slots.ts).
  if (base.ok) serviceWire.watch(new URL(base.url).origin);

  let scanIdForm: IdForm | null = config.idForm ?? null;
  let keyIdForm: IdForm | null = null; // key ids: same fallback, remembered for this client only
  const batchState: BatchState = { chunkSize: null, mode: 'batch' };

  const learn = (which: 'scan' | 'key', f: IdForm) => {
    if (which === 'key') keyIdForm = f;
    else if (scanIdForm !== f) {
      scanIdForm = f;
      try {
        config.onIdForm?.(f);
      } catch {
        /* the caller's persistence failing must not fail the request */
      }
    }
  };

  /**
   * One request, one reader (given the body, and the answer for its headers). Never throws,
   * whatever the reader or an injected dependency does.
   */
  async function call<T>(
    spec: RequestSpec,
    read: (body: unknown, answer: RawAnswer) => T | null,
    what: string,
  ): Promise<ApiResult<T>> {
    if (configError) return fail(configError);
    try {
      const r = await t.request(spec);
      if (!r.ok) return r;
      const v = read(r.value.body, r.value);
      return v === null
        ? fail(apiError('bad_response', `The answer to ${what} could not be read.`, r.value.status))
        : ok(v);
    } catch (e) {
      return fail(unexpected(e));
    }
  }

  /** Runs `run` with the id's path forms in order; falls back on 400/404/422 (job-id.ts). */
  async function withId<T>(
    id: string,
    which: 'scan' | 'key',
    run: (segment: string) => Promise<ApiResult<T>>,
  ): Promise<ApiResult<T>> {
    if (badId(id)) return fail(apiError('invalid_request', 'Missing or invalid id.'));
    const candidates = idCandidates(id.trim(), which === 'scan' ? scanIdForm : keyIdForm);
    let last: ApiResult<T> = fail(apiError('invalid_request', 'Missing or invalid id.'));
    for (const c of candidates) {
      last = await run(c.segment);
      if (last.ok) {
        if (candidates.length > 1) learn(which, c.form);
        return last;
      }
      if (last.error.status === null || !ID_FALLBACK_STATUSES.includes(last.error.status)) return last;
    }
    return last;
  }

  /** GET one job, with what the answer says about when it will be done (api/hints.ts). */
  const readScanWithHints = (seg: string) =>
    call(
      { method: 'GET', path: `/v1/scans/${seg}` },
      (body, answer) => {
        const v = readScanJob(body, { requireResult: true });
        // A finished job's timings are history, not a forecast: only a waiting job gets hints.
        if (v && !isTerminal(v.state))
          v.hints = readPollHints(unwrapJob(body), answer.retryAfter, config.now?.() ?? Date.now());
        return v;
      },
      'reading a scan',
    );

  const streamCtx: StreamContext = {
    transport: t,
    configError,
    scanIdForm: () => scanIdForm,
    learn: (f) => learn('scan', f),
  };

  const job = (fallbackUrl?: string) => (b: unknown) => readScanJob(b, { fallbackUrl, requireResult: true });

  return {
    createKey: (input) =>
      call(
        { method: 'POST', path: '/v1/api-keys/', body: { name: input.name, scopes: input.scopes } },
        readCreatedKey,
        'creating a key',
      ),
    listKeys: () =>
      call({ method: 'GET', path: '/v1/api-keys/' }, (b) => readPage(b, readKeyRecord)?.items ?? null, 'listing keys'),
    revokeKey: (id) =>
      withId(id, 'key', (seg) =>
        // Spec #3: the answer is "JSON, not shown". Any JSON (or none) means done.
        call(
          { method: 'DELETE', path: `/v1/api-keys/${seg}` },
          (b) => readRecord(b) ?? (b === undefined ? {} : { result: b }),
          'revoking a key',
        ),
      ),
    submitScan: (url, opts = {}) =>
      call(
        { method: 'POST', path: '/v1/scans/', body: { url }, idempotencyKey: opts.idempotencyKey, signal: opts.signal },
        job(url),
        'submitting a scan',
      ),
    submitBatch: async (urls, opts = {}) => {
      const list = Array.isArray(urls) ? urls : [];
      if (configError) return list.map((url) => ({ url, ok: false as const, error: configError }));
      try {
        return await runBatch(
          list,
          {
            post: (chunk, idempotencyKey) =>
              t.request({ method: 'POST', path: '/v1/scans/batch', body: { urls: chunk }, idempotencyKey }),
            submitOne: (url) =>
              call({ method: 'POST', path: '/v1/scans/', body: { url } }, job(url), 'submitting a scan'),
            state: batchState,
          },
          opts.idempotencyKey,
        );
      } catch (e) {
        const error = unexpected(e);
        return list.map((url) => ({ url, ok: false as const, error }));
      }
    },
    listScans: (opts = {}) =>
      call(
        {
          method: 'GET',
          path: '/v1/scans/',
          // Spec #6: query parameters "not shown"; limit/cursor are the plainest guess.
          query: {
            limit: opts.limit === undefined ? undefined : String(Math.floor(positive(opts.limit, 20, 1000))),
            cursor: opts.cursor || undefined,
          },
        },
        (b) => readPage(b, (x) => readScanJob(x, { requireResult: false })),
        'listing scans',
      ),
    getScan: (id) => withId(id, 'scan', (seg) => readScanWithHints(seg)),
    streamEvents: (id, opts) => streamScanEvents(streamCtx, id, opts),
    getAnalytics: (id) =>
      withId(id, 'scan', (seg) =>
        call({ method: 'GET', path: `/v1/scans/${seg}/analytics` }, readRecord, 'reading analytics'),
      ),
    getCredits: () => call({ method: 'GET', path: '/v1/credits/' }, readCredits, 'reading credits'),
    purchaseCredits: (amount) => {
      if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) {
        return Promise.resolve(fail(apiError('invalid_request', say('bg_api_badAmount'))));
      }
      // Spec #11: body "declared without a type"; {amount} is the plainest guess.
      return call({ method: 'POST', path: '/v1/credits/purchase', body: { amount } }, readCredits, 'buying credits');
    },
    getSettings: () => call({ method: 'GET', path: '/v1/settings/' }, readRecord, 'reading settings'),
    putSettings: (body) => call({ method: 'PUT', path: '/v1/settings/', body }, readRecord, 'saving settings'),
    pausedUntil: () => t.pausedUntil(),
    probeScanWrite: async () => {
      if (configError) return 'unknown';
      try {
        const r = await t.request({ method: 'POST', path: '/v1/scans/', body: {} });
        if (r.ok) return 'unknown';
        if (r.error.code === 'forbidden') return 'forbidden';
        if (r.error.code === 'unauthorized') return 'unauthorized';
        return r.error.code === 'invalid_request' ? 'allowed' : 'unknown';
      } catch {
        return 'unknown';
      }
    },
  };
}
