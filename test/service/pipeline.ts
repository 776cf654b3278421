/**
 * One request, start to end. Order (README "Request pipeline"):
 *   OPTIONS preflight → /__control → log entry → slow → 429/503/500 fault → route (404/405)
 *   → auth (401) → scope (403) → body JSON (400) → Idempotency-Key replay → handler
 *   → malformed/truncated fault on 2xx → write.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forbidden } from './auth';
import { control } from './control';
import { faultsApply, postFault, preFault } from './faults';
import { CORS_HEADERS, error, readBody, sleep, STREAMED, writeJson, type JsonReply, type Reply } from './http';
import { match } from './router';
import type { Ctx, ServiceState } from './state';
import type { RequestLogEntry } from './types';

const FAULT_TEXT = {
  429: ['rate_limited', 'Too many requests (injected fault).'],
  503: ['service_unavailable', 'Service unavailable (injected fault).'],
  500: ['internal_error', 'Internal error (injected fault).'],
} as const;

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? null) : null;
}

export async function handleRequest(s: ServiceState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;

  if (method === 'OPTIONS') {
    res.writeHead(204, CORS_HEADERS);
    res.end();
    return;
  }
  if (path === '/__control' || path.startsWith('/__control/')) {
    const read = await readBody(req);
    const reply = read.ok ? control(s, method, path, read.value) : read.reply;
    writeJson(res, reply.status, JSON.stringify(reply.body), reply.headers);
    return;
  }

  const entry: RequestLogEntry = {
    at: Date.now(),
    method,
    path,
    query: Object.fromEntries(url.searchParams),
    status: 0,
    auth: null,
    idempotencyKey: header(req, 'idempotency-key'),
    body: null,
    contentType: header(req, 'content-type'),
  };
  s.log.push(entry);

  const read = await readBody(req);
  entry.body = read.ok ? (read.value ?? null) : read.raw || null;

  const faults = s.faults; // one snapshot for the whole request
  const faulty = faultsApply(faults, path);
  if (faulty && faults.slowMs > 0) await sleep(faults.slowMs);

  let reply: Reply;
  try {
    reply = dispatch(s, req, res, url, read, entry, faulty);
  } catch (e) {
    reply = error(500, 'internal_error', `Handler crashed: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (reply === STREAMED) {
    entry.status = res.statusCode;
    return;
  }
  entry.status = reply.status;
  const text = JSON.stringify(reply.body);
  const ok = reply.status >= 200 && reply.status < 300;
  writeJson(res, reply.status, ok && faulty ? postFault(faults, s.rng, text) : text, reply.headers);
}

function dispatch(
  s: ServiceState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  read: Awaited<ReturnType<typeof readBody>>,
  entry: RequestLogEntry,
  faulty: boolean,
): Reply {
  const pre = faulty ? preFault(s.faults, s.rng, Date.now()) : null;
  if (pre) {
    const [code, message] = FAULT_TEXT[pre.status];
    return error(pre.status, code, message, pre.headers);
  }
  const m = match(entry.method, url.pathname);
  if (m.kind === 'none') return error(404, 'not_found', `No endpoint ${entry.method} ${url.pathname}.`);
  if (m.kind === 'method')
    return error(405, 'method_not_allowed', `Use ${m.allow.join(', ')}.`, { Allow: m.allow.join(', ') });

  const auth = s.keys.authenticate(header(req, 'authorization') ?? undefined);
  if (!auth.ok) return auth.reply;
  entry.auth = auth.key.id;
  if (!auth.key.scopes.includes(m.route.scope)) return forbidden(m.route.scope);
  if (!read.ok) return read.reply;

  // Idempotency-Key on POST: a repeat with the same body replays the stored 2xx answer and does
  // nothing again (no second job, no second credit); a different body under the same key is refused.
  const idem = entry.method === 'POST' ? entry.idempotencyKey : null;
  const idemSlot = idem ? `${auth.key.id} ${m.route.path} ${idem}` : null;
  const bodyText = JSON.stringify(read.value ?? null);
  const stored = idemSlot ? s.idempotency.get(idemSlot) : undefined;
  if (stored) {
    if (stored.bodyText !== bodyText)
      return error(422, 'idempotency_mismatch', 'This Idempotency-Key was used with a different request body.');
    return { ...stored.reply, headers: { ...stored.reply.headers, 'Idempotent-Replayed': 'true' } };
  }

  const ctx: Ctx = { state: s, req, res, url, params: m.params, body: read.value, key: auth.key, now: Date.now() };
  const reply = m.route.handler(ctx);
  if (reply !== STREAMED && idemSlot && reply.status >= 200 && reply.status < 300) {
    s.idempotency.set(idemSlot, { bodyText, reply: structuredClone(reply) as JsonReply });
  }
  return reply;
}
