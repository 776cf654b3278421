/**
 * The control API under /__control/ lets another process (a browser test, `npm start`) steer the
 * service without a key: it exists only on this local test server. Control requests are not in
 * the request log (tests assert on what the client sent, not on how they steered). README "Control".
 */
import { mergeFaults } from './faults';
import { error, isObject, json, type JsonReply } from './http';
import { freshFaults, resetState, setBalance, type ServiceState } from './state';
import type { Faults, IdMode } from './types';

const ID_MODES: readonly IdMode[] = ['bare', 'prefixed', 'both'];
const STREAM_MODES: readonly Faults['streamMode'][] = ['normal', 'stall', 'drop', 'disabled'];

/** Check a faults patch from JSON; null when acceptable, else the reason. */
export function faultsProblem(patch: Record<string, unknown>): string | null {
  const known = [
    'rate429',
    'retryAfterForm',
    'retryAfterSeconds',
    'rate500',
    'rate503',
    'rateMalformed',
    'rateTruncated',
    'slowMs',
    'streamMode',
    'failScans',
    'intermediateStates',
    'paths',
  ];
  const unknown = Object.keys(patch).find((k) => !known.includes(k));
  if (unknown) return `unknown fault ${JSON.stringify(unknown)}`;
  for (const k of ['rate429', 'retryAfterSeconds', 'rate500', 'rate503', 'rateMalformed', 'rateTruncated', 'slowMs']) {
    if (k in patch && (typeof patch[k] !== 'number' || !Number.isFinite(patch[k]))) return `${k} must be a number`;
  }
  if ('retryAfterForm' in patch && patch.retryAfterForm !== 'seconds' && patch.retryAfterForm !== 'http-date')
    return 'retryAfterForm must be seconds or http-date';
  if ('streamMode' in patch && !STREAM_MODES.includes(patch.streamMode as Faults['streamMode']))
    return `streamMode must be one of ${STREAM_MODES.join(', ')}`;
  if ('failScans' in patch && typeof patch.failScans !== 'boolean') return 'failScans must be a boolean';
  for (const k of ['intermediateStates', 'paths']) {
    const v = patch[k];
    if (
      k in patch &&
      v !== undefined &&
      !(k === 'paths' && v === null) &&
      !(Array.isArray(v) && v.every((s) => typeof s === 'string'))
    )
      return `${k} must be an array of strings`;
  }
  return null;
}

function overview(s: ServiceState): Record<string, unknown> {
  return {
    faults: s.faults,
    idMode: s.idMode,
    credits: s.credits.balance,
    processingDelayMs: s.processingDelayMs,
    maxBatch: s.maxBatch,
    keepAliveMs: s.keepAliveMs,
    scans: s.scans.summaries(Date.now()).length,
    openStreams: s.streams.size,
  };
}

const WRITE = new Set(['POST', 'PUT', 'PATCH']);

export function control(s: ServiceState, method: string, path: string, body: unknown): JsonReply {
  const what = path.replace(/^\/__control\/?/, '').replace(/\/$/, '');
  const obj = isObject(body) ? body : {};
  const bad = (m: string): JsonReply => error(400, 'invalid_request', m);

  if (what === '' && method === 'GET') return json(200, overview(s));
  if (what === 'reset' && method === 'POST') {
    resetState(s);
    return json(200, overview(s));
  }
  if (what === 'faults') {
    if (method === 'GET') return json(200, s.faults);
    if (method === 'DELETE') return json(200, (s.faults = freshFaults()));
    if (WRITE.has(method)) {
      const problem = isObject(body) ? faultsProblem(obj) : 'body must be an object of faults';
      if (problem) return bad(problem);
      return json(200, (s.faults = mergeFaults(s.faults, obj as Partial<Faults>)));
    }
  }
  if (what === 'credits') {
    if (method === 'GET') return json(200, { balance: s.credits.balance });
    if (WRITE.has(method)) {
      if (typeof obj.balance !== 'number' || !Number.isFinite(obj.balance) || obj.balance < 0)
        return bad('balance must be a number ≥ 0');
      setBalance(s, obj.balance);
      return json(200, { balance: s.credits.balance });
    }
  }
  if (what === 'id-mode' && WRITE.has(method)) {
    if (!ID_MODES.includes(obj.mode as IdMode)) return bad(`mode must be one of ${ID_MODES.join(', ')}`);
    s.idMode = obj.mode as IdMode;
    return json(200, { mode: s.idMode });
  }
  if (what === 'delay' && WRITE.has(method)) {
    if (typeof obj.ms !== 'number' || !Number.isFinite(obj.ms) || obj.ms < 0) return bad('ms must be a number ≥ 0');
    s.processingDelayMs = obj.ms;
    return json(200, { ms: s.processingDelayMs });
  }
  if (what === 'log') {
    if (method === 'GET') return json(200, { data: s.log });
    if (method === 'DELETE') {
      s.log.length = 0;
      return json(200, { data: [] });
    }
  }
  if (what === 'scans' && method === 'GET') return json(200, { data: s.scans.summaries(Date.now()) });
  return error(404, 'not_found', `No control endpoint ${method} /__control/${what}.`);
}
