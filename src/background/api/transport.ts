/**
 * The one place that calls fetch (docs/architecture.md, "Import rules"). Adds the credential and headers, a timeout
 * per attempt, retries (retry-policy.ts), Idempotency-Key on POST, and the global pause after a 429.
 * Never throws: every outcome is an ApiResult.
 */
import {
  apiError,
  codeForStatus,
  fail,
  messageFromBody,
  ok,
  reasonPhrase,
  type ApiError,
  type ApiResult,
} from './errors';
import { backoffDelay, isRetryable, MAX_WAIT_MS, parseRetryAfter, type Outcome } from './retry-policy';
import { say } from '../i18n';
import { MAX_BODY_BYTES, readBodyLimited } from './body-limit';
import { readCredits } from './readers';

export interface TransportDeps {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxAttempts: number;
  fetch: typeof fetch;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  uuid: () => string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestSpec {
  method: Method;
  /** Path below the base address, starting with /v1. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** POST only: the key for this logical request (one is made when absent); reused on retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface RawAnswer {
  status: number;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
  /** The Retry-After header of a 2xx answer (a poll-timing hint, api/hints.ts), or null. */
  retryAfter?: string | null;
}

type Attempt = { ok: true; answer: RawAnswer } | { ok: false; outcome: Outcome | 'cancelled'; error: ApiError };

/** Pause after a 429 that names no Retry-After. */
const DEFAULT_PAUSE_MS = 1000;

export const cancelledError = () => apiError('network', say('bg_api_cancelled'));

export function createTransport(d: TransportDeps) {
  let pausedUntil = 0;

  /** Global pause after a 429: later requests (of any kind) wait instead of hammering the service. */
  const pause = (ms: number) => {
    pausedUntil = Math.max(pausedUntil, d.now() + ms);
  };

  /** Wait out a global pause (bounded), or answer rate_limited at once when it is too long. */
  async function waitForPause(signal?: AbortSignal): Promise<ApiError | null> {
    const wait = pausedUntil - d.now();
    if (wait <= 0) return null;
    if (wait > MAX_WAIT_MS) {
      return apiError('rate_limited', say('bg_api_slowDown'), null, wait);
    }
    await d.sleep(wait, signal);
    return signal?.aborted ? cancelledError() : null;
  }

  function urlOf(spec: { path: string; query?: Record<string, string | undefined> }): string {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) q.set(k, v);
    const qs = q.toString();
    return `${d.baseUrl}${spec.path}${qs ? `?${qs}` : ''}`;
  }

  function headersOf(spec: RequestSpec, idempotencyKey: string | undefined, accept: string): Record<string, string> {
    // Spec "Authentication" 1 and "Endpoints" rule 3.
    const h: Record<string, string> = { Authorization: `Bearer ${d.apiKey}`, Accept: accept };
    if (spec.body !== undefined) h['Content-Type'] = 'application/json';
    if (idempotencyKey) h['Idempotency-Key'] = idempotencyKey;
    return h;
  }

  async function attemptOnce(spec: RequestSpec, idempotencyKey: string | undefined): Promise<Attempt> {
    const ctl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctl.abort();
    }, d.timeoutMs);
    const onAbort = () => ctl.abort();
    spec.signal?.addEventListener('abort', onAbort);
    const why = (): Attempt | null =>
      spec.signal?.aborted
        ? { ok: false, outcome: 'cancelled', error: cancelledError() }
        : timedOut
          ? {
              ok: false,
              outcome: { kind: 'timeout' },
              error: apiError('timeout', `No answer within ${d.timeoutMs} ms.`),
            }
          : null;
    try {
      let res: Response;
      try {
        res = await d.fetch(urlOf(spec), {
          method: spec.method,
          headers: headersOf(spec, idempotencyKey, 'application/json'),
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          signal: ctl.signal,
          credentials: 'omit',
          cache: 'no-store',
          // The spec has no redirects, and a followed redirect would carry the API key to
          // wherever it points (docs/decisions/008-key-binding.md): a 3xx answer fails like a network error.
          redirect: 'error',
        });
      } catch (e) {
        return why() ?? { ok: false, outcome: { kind: 'network' }, error: apiError('network', networkMessage(e)) };
      }
      const status = res.status;
      // Read while counting: a body past the limit is cut off there, never read whole (body-limit.ts).
      const read = await readBodyLimited(res);
      if (!read.ok && read.reason === 'failed') {
        const w = why();
        if (w) return w;
      }
      if (!read.ok && read.reason === 'too_large' && status >= 200 && status < 300) {
        return {
          ok: false,
          outcome: { kind: 'unreadable' },
          error: apiError(
            'bad_response',
            say('bg_api_tooLarge', [String(Math.round(MAX_BODY_BYTES / 1_000_000))]),
            status,
          ),
        };
      }
      const text = read.ok ? read.text : null;
      if (status < 200 || status >= 300)
        return { ok: false, outcome: { kind: 'status', status }, error: statusError(res, text) };
      const body = text === null ? UNREADABLE : parseJson(text);
      if (body === UNREADABLE) {
        return {
          ok: false,
          outcome: { kind: 'unreadable' },
          error: apiError('bad_response', say('bg_api_brokenJson'), status),
        };
      }
      return { ok: true, answer: { status, body, retryAfter: res.headers.get('retry-after') } };
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }

  function statusError(res: Response, text: string | null): ApiError {
    const status = res.status;
    const body = text === null ? undefined : parseJson(text);
    const retryAfterMs =
      status === 429 || status === 503 ? parseRetryAfter(res.headers.get('retry-after'), d.now()) : null;
    const message = messageFromBody(body) ?? reasonPhrase(status, res.statusText);
    const error = apiError(codeForStatus(status), message, status, retryAfterMs);
    // Out of credits: the balance the answer states, if any, is what the popup's header shows.
    const balance = status === 402 ? readCredits(body)?.balance : null;
    return typeof balance === 'number' ? { ...error, balance } : error;
  }

  /** One logical request: attempts with retries as retry-policy.ts decides. */
  async function request(spec: RequestSpec): Promise<ApiResult<RawAnswer>> {
    const cls = spec.method === 'GET' ? 'idempotent' : 'unsafe';
    // Same key on every retry of this logical request (docs/decisions/015-api-client.md), so a service that dedupes can.
    const key = spec.method === 'POST' ? (spec.idempotencyKey ?? d.uuid()) : undefined;
    for (let attempt = 0; ; attempt++) {
      const paused = await waitForPause(spec.signal);
      if (paused) return fail(paused);
      const a = await attemptOnce(spec, key);
      if (a.ok) return ok(a.answer);
      if (a.outcome === 'cancelled') return fail(a.error);
      let delay = a.error.retryAfterMs ?? backoffDelay(attempt, d.random);
      if (a.outcome.kind === 'status' && a.outcome.status === 429) {
        delay = a.error.retryAfterMs ?? Math.max(DEFAULT_PAUSE_MS, delay);
        pause(delay);
      }
      if (attempt + 1 >= d.maxAttempts || !isRetryable(cls, a.outcome) || delay > MAX_WAIT_MS) return fail(a.error);
      await d.sleep(delay, spec.signal);
      if (spec.signal?.aborted) return fail(cancelledError());
    }
  }

  /**
   * Opens a streaming GET (events). No retries: the stream is an accelerator, polling is the
   * guarantee. `signal` stays in charge of the body after the answer; the timeout covers only
   * the wait for the status line and headers.
   */
  async function openStream(
    path: string,
    signal: AbortSignal,
  ): Promise<{ ok: true; res: Response } | { ok: false; error: ApiError }> {
    const paused = await waitForPause(signal);
    if (paused) return { ok: false, error: paused };
    let timedOut = false;
    const ctl = new AbortController();
    const timer = setTimeout(() => {
      timedOut = true;
      ctl.abort();
    }, d.timeoutMs);
    const onAbort = () => ctl.abort();
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) ctl.abort();
    try {
      const res = await d.fetch(urlOf({ path }), {
        method: 'GET',
        headers: { ...headersOf({ method: 'GET', path }, undefined, 'text/event-stream'), 'Cache-Control': 'no-cache' },
        signal: ctl.signal,
        credentials: 'omit',
        cache: 'no-store',
        redirect: 'error',
      });
      clearTimeout(timer);
      if (res.status === 429) pause(parseRetryAfter(res.headers.get('retry-after'), d.now()) ?? DEFAULT_PAUSE_MS);
      return { ok: true, res };
    } catch (e) {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) return { ok: false, error: cancelledError() };
      return {
        ok: false,
        error: timedOut ? apiError('timeout', say('bg_api_streamTimeout')) : apiError('network', networkMessage(e)),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  return { request, openStream, pausedUntil: () => pausedUntil };
}

export type Transport = ReturnType<typeof createTransport>;

const UNREADABLE = Symbol('unreadable');

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

function networkMessage(e: unknown): string {
  // The browser's own reason (its words, not ours) follows our sentence.
  const detail = e instanceof Error && e.message ? ` (${e.message})` : '';
  return say('bg_api_unreachable', [detail]);
}
