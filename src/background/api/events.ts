/**
 * GET /v1/scans/{id}/events (spec "Events": frame format and payload "not shown"). Parses
 * `text/event-stream` (sse.ts) and yields transitions; always finishes with exactly
 * one `end` event and never throws, so the caller knows when to fall back to polling
 * (docs/decisions/014-scan-engine.md: "The stream is an accelerator, polling is the guarantee").
 */
import { ignore } from '@/src/background/ignore';
import { createSseParser } from './sse';
import { failureReasonOf, isTerminal, readScanResult, type ScanJob } from './schemas';
import { obj, textOrNull, type Json } from './shape';

export type StreamEndReason = 'terminal' | 'closed' | 'dropped' | 'silent' | 'unsupported' | 'aborted' | 'error';

export type StreamEvent =
  { kind: 'transition'; job: Partial<ScanJob> & { state: string } } | { kind: 'end'; reason: StreamEndReason };

export const DEFAULT_SILENCE_MS = 25_000;

/**
 * A frame's data → a transition, or null. Accepted (assumption: the payload is the job, or holds it):
 *   {"state":"QUEUED"}                        → state QUEUED
 *   {"id":"scn_1","state":"COMPLETED","result":{…}} → with id and result (when the result validates)
 *   {"job":{"state":"PROCESSING"}} · {"scan":{…}} · {"data":{…}} → the nested object
 *   "ping", {"type":"heartbeat"}, [1], not JSON → null (ignored)
 * A COMPLETED transition without a valid result carries no `result`: the caller fetches the job.
 */
export function parseTransition(data: string): (Partial<ScanJob> & { state: string }) | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const o = obj(parsed);
  if (!o) return null;
  const withState = (x: Json | null) => (x && typeof x.state === 'string' && x.state.trim() !== '' ? x : null);
  const j = withState(o) ?? withState(obj(o.job)) ?? withState(obj(o.scan)) ?? withState(obj(o.data));
  if (!j) return null;
  const out: Partial<ScanJob> & { state: string } = { state: (j.state as string).trim().slice(0, 100) };
  const id = textOrNull(j.id, 500);
  if (id) out.id = id;
  if (typeof j.url === 'string') out.url = j.url;
  const createdAt = textOrNull(j.createdAt, 100);
  if (createdAt) out.createdAt = createdAt;
  const completedAt = textOrNull(j.completedAt, 100);
  if (completedAt) out.completedAt = completedAt;
  const result = j.result == null ? null : readScanResult(j.result);
  if (result) out.result = result;
  const reason = failureReasonOf(j);
  if (reason) out.failureReason = reason;
  return out;
}

/**
 * Reads an opened event-stream response. `abort` aborts the underlying fetch; `external` is the
 * caller's signal. Ends: terminal state seen → 'terminal'; body ends → 'closed'; no bytes at all
 * (keep-alive comments count as bytes) for `silenceMs` → 'silent'; read error → 'dropped';
 * caller aborted → 'aborted'. The silence clock does not run while the consumer holds an event.
 */
export async function* readEventStream(
  res: Response,
  opts: { silenceMs: number; abort: () => void; external?: AbortSignal },
): AsyncGenerator<StreamEvent> {
  const type = res.headers.get('content-type') ?? '';
  if (!/^\s*text\/event-stream/i.test(type) || !res.body) {
    void res.body?.cancel().catch(ignore);
    yield { kind: 'end', reason: 'unsupported' };
    return;
  }
  const reader = res.body.getReader();
  let ended: StreamEndReason | null = null;
  const stop = (reason: StreamEndReason) => {
    ended ??= reason;
    opts.abort();
    reader.cancel().catch(ignore);
  };
  const onExternal = () => stop('aborted');
  opts.external?.addEventListener('abort', onExternal);
  if (opts.external?.aborted) stop('aborted');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop('silent'), opts.silenceMs);
  };
  const queue: (Partial<ScanJob> & { state: string })[] = [];
  const parser = createSseParser((m) => {
    const t = parseTransition(m.data);
    if (t) queue.push(t);
  });
  const decoder = new TextDecoder();
  let reason: StreamEndReason = 'closed';
  try {
    reading: for (;;) {
      arm();
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        reason = ended ?? 'dropped';
        break;
      }
      clearTimeout(timer);
      if (ended) {
        reason = ended;
        break;
      }
      if (chunk.done) break;
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      while (queue.length > 0) {
        const job = queue.shift()!;
        yield { kind: 'transition', job };
        if (isTerminal(job.state)) {
          reason = 'terminal';
          break reading;
        }
        if (ended) {
          reason = ended;
          break reading;
        }
      }
    }
  } catch {
    reason = ended ?? 'error';
  } finally {
    clearTimeout(timer);
    opts.external?.removeEventListener('abort', onExternal);
    // Whatever ended the loop (or the consumer's early return), release the connection.
    stop(reason);
  }
  yield { kind: 'end', reason };
}
