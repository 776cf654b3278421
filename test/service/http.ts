/**
 * HTTP plumbing shared by the handlers: JSON answers, the error body shape, body reading, CORS.
 * Error body (the spec shows none; we pick one common shape): {"error": {"code", "message"}}.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a JSON handler returns; server.ts writes it (after post-response faults). */
export interface JsonReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A handler that wrote its own answer (the event stream). */
export const STREAMED = Symbol('streamed');
export type Reply = JsonReply | typeof STREAMED;

export const CORS_HEADERS: Record<string, string> = {
  // Any origin: an extension page (chrome-extension://, moz-extension://) may call this test server.
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Last-Event-ID, Cache-Control',
  'Access-Control-Expose-Headers': 'Retry-After, Idempotent-Replayed',
  'Access-Control-Max-Age': '600',
};

export function json(status: number, body: unknown, headers?: Record<string, string>): JsonReply {
  return headers ? { status, body, headers } : { status, body };
}

export function error(status: number, code: string, message: string, headers?: Record<string, string>): JsonReply {
  return json(status, { error: { code, message } }, headers);
}

/** Write a JSON text (already serialized, maybe corrupted by a fault) with CORS headers. */
export function writeJson(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...CORS_HEADERS,
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export const MAX_BODY_BYTES = 1_000_000;

export type BodyRead = { ok: true; raw: string; value: unknown } | { ok: false; raw: string; reply: JsonReply };

/**
 * Read the whole body. Empty → value undefined. Not JSON → a 400 reply (with the raw text kept for
 * the request log). The Content-Type is not enforced: the log records it so tests can.
 */
export async function readBody(req: IncomingMessage): Promise<BodyRead> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Keep consuming past the cap (leaving a for-await early would destroy the socket and the 413).
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  if (size > MAX_BODY_BYTES) {
    return { ok: false, raw: '', reply: error(413, 'payload_too_large', `Body exceeds ${MAX_BODY_BYTES} bytes.`) };
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw.trim() === '') return { ok: true, raw, value: undefined };
  try {
    return { ok: true, raw, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false, raw, reply: error(400, 'invalid_json', 'The request body is not valid JSON.') };
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
