/**
 * Typed errors of the API client. No method of the client throws: every failure is one of these
 * values (docs/decisions/015-api-client.md). The spec says nothing about error bodies ("Errors: not shown"), so the
 * human message is taken from the common shapes (docs/decisions/015-api-client.md).
 */
import { say } from '../i18n';

/** Every code; each has its default message, bg_api_<code> (test/unit/ui/locales.test.ts checks). */
export const API_ERROR_CODES = [
  'network',
  'timeout',
  'unauthorized',
  'forbidden',
  'insufficient_credits',
  'not_found',
  'rate_limited',
  'invalid_request',
  'server',
  'bad_response',
  'config',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiError {
  code: ApiErrorCode;
  /** HTTP status of the answer that caused the error, or null when there was none. */
  status: number | null;
  /** Plain text for people (never HTML), at most MAX_MESSAGE characters. */
  message: string;
  /** How long the service asked us to wait (429/503 Retry-After), in ms, or null. */
  retryAfterMs: number | null;
  /** The credit balance the answer stated (a 402 body may say how many credits are left); absent when it said none. */
  balance?: number;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const MAX_MESSAGE = 300;

export const ok = <T>(value: T): ApiResult<T> => ({ ok: true, value });

export function apiError(
  code: ApiErrorCode,
  message: string,
  status: number | null = null,
  retryAfterMs: number | null = null,
): ApiError {
  return { code, status, message: plainText(message, MAX_MESSAGE) || defaultMessage(code), retryAfterMs };
}

export const fail = <T = never>(error: ApiError): ApiResult<T> => ({ ok: false, error });

/**
 * Status → code. Examples:
 *   401 unauthorized · 403 forbidden · 402 insufficient_credits · 404 not_found · 429 rate_limited
 *   400, 409, 413, 422 invalid_request · 500..599 server · 405, 418 … invalid_request (the request
 *   was not acceptable; a retry would not change that).
 */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 402:
      return 'insufficient_credits';
    case 403:
      return 'forbidden';
    case 404:
    case 410:
      return 'not_found';
    case 408:
      return 'timeout';
    case 429:
      return 'rate_limited';
  }
  if (status >= 500) return 'server';
  if (status >= 200 && status < 300) return 'bad_response';
  return 'invalid_request';
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** HTTP reason phrase (statusText is often empty over HTTP/2, so a table backs it up). */
export function reasonPhrase(status: number, statusText = ''): string {
  const text = plainText(statusText, MAX_MESSAGE);
  return text || REASONS[status] || `HTTP ${status}`;
}

/**
 * Human message from an error body, in this order: `message`, `error` (string), `error.message`,
 * `detail` (string, or FastAPI-style list of `{msg}`), `title`; else null (caller uses the reason).
 */
export function messageFromBody(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const err = b.error;
  const candidates: unknown[] = [
    b.message,
    typeof err === 'string' ? err : undefined,
    typeof err === 'object' && err !== null ? (err as Record<string, unknown>).message : undefined,
    detailText(b.detail),
    b.title,
  ];
  for (const c of candidates) {
    if (typeof c === 'string') {
      const text = plainText(c, MAX_MESSAGE);
      if (text) return text;
    }
  }
  return null;
}

function detailText(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (!Array.isArray(detail)) return undefined;
  const parts = detail
    .map((d) =>
      typeof d === 'string' ? d : typeof d === 'object' && d !== null ? (d as { msg?: unknown }).msg : undefined,
    )
    .filter((m): m is string => typeof m === 'string');
  return parts.length ? parts.join('; ') : undefined;
}

/**
 * Service text as plain text: control characters become spaces, runs of whitespace collapse,
 * and it is cut to `max` characters with an ellipsis. It is still rendered with textContent.
 */
export function plainText(s: string, max: number): string {
  const flat = s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1))}…` : flat;
}

function defaultMessage(code: ApiErrorCode): string {
  // In the UI language (the pages show it after their own summary). One key per code, named
  // after it (API_ERROR_CODES): a table of eleven lookups cost the worker's bundle 0.4 kB.
  return say(`bg_api_${code}`);
}
