/**
 * GET /v1/scans/{id}/events for the API client (client.ts): the job's transitions, then exactly
 * one `end` event, never a throw. Kept apart from the request/response endpoints because a
 * stream has its own life: it tries the id's path forms (job-id.ts) like the others, but then
 * stays open until the job ends, the service goes silent, or the caller aborts.
 */
import { ignore } from '@/src/background/ignore';
import type { ApiError } from './errors';
import { DEFAULT_SILENCE_MS, readEventStream, type StreamEvent } from './events';
import { ID_FALLBACK_STATUSES, idCandidates, type IdForm } from './job-id';
import type { Transport } from './transport';
import { badId, positive } from './client-args';

/** What the stream needs of the client it belongs to. */
export interface StreamContext {
  transport: Transport;
  /** The client's configuration problem, if any: nothing is requested then. */
  configError: ApiError | null;
  /** The scan id form the service accepted before, or null when unknown. */
  scanIdForm(): IdForm | null;
  /** Told when a fallback form worked (the client remembers and persists it). */
  learn(f: IdForm): void;
}

export async function* streamScanEvents(
  ctx: StreamContext,
  id: string,
  opts: { signal?: AbortSignal; silenceMs?: number } = {},
): AsyncGenerator<StreamEvent> {
  const end = (reason: Extract<StreamEvent, { kind: 'end' }>['reason']): StreamEvent => ({ kind: 'end', reason });
  if (ctx.configError || badId(id)) {
    yield end('error');
    return;
  }
  const ctl = new AbortController();
  const onExternal = () => ctl.abort();
  opts.signal?.addEventListener('abort', onExternal);
  try {
    if (opts.signal?.aborted) {
      yield end('aborted');
      return;
    }
    const candidates = idCandidates(id.trim(), ctx.scanIdForm());
    let res: Response | null = null;
    let reason: Extract<StreamEvent, { kind: 'end' }>['reason'] = 'error';
    for (const [n, c] of candidates.entries()) {
      const o = await ctx.transport.openStream(`/v1/scans/${c.segment}/events`, ctl.signal);
      if (!o.ok) {
        reason = opts.signal?.aborted ? 'aborted' : 'error';
        break;
      }
      if (o.res.ok) {
        if (candidates.length > 1) ctx.learn(c.form);
        res = o.res;
        break;
      }
      void o.res.body?.cancel().catch(ignore);
      const status = o.res.status;
      if (ID_FALLBACK_STATUSES.includes(status) && n + 1 < candidates.length) continue;
      // No such endpoint (or not for GET): the stream is unsupported, poll instead.
      reason = [404, 405, 501].includes(status) ? 'unsupported' : 'error';
      break;
    }
    if (!res) {
      yield end(reason);
      return;
    }
    const silenceMs = positive(opts.silenceMs, DEFAULT_SILENCE_MS, 600_000);
    yield* readEventStream(res, { silenceMs, abort: () => ctl.abort(), external: opts.signal });
  } catch {
    yield end('error');
  } finally {
    opts.signal?.removeEventListener('abort', onExternal);
    ctl.abort();
  }
}
