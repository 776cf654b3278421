/**
 * GET /v1/scans/{id}/events (spec row 8, "Events": frame format not shown; ours, README "Events"):
 *
 *   event: state
 *   id: <timeline index>
 *   data: <the job as GET /v1/scans/{id} shows it in that state>
 *
 * One frame for the current state, one per later transition, then the response ends after the
 * terminal state. `: keep-alive` comments every keepAliveMs while waiting. Fault streamMode:
 * stall (first frame then silence, kept open), drop (first frame, half a frame, socket destroyed),
 * disabled (404).
 */
import { CORS_HEADERS, error, STREAMED, type Reply } from './http';
import { faultsApply } from './faults';
import { findJob } from './scan-handlers';
import { isTerminal, stateIndexAt, viewAt, type Job } from './scans';
import type { Ctx } from './state';

/** How long a 'drop' stream lives after its first frame before the socket is destroyed. */
export const DROP_AFTER_MS = 50;

export function frame(job: Job, index: number): string {
  return `event: state\nid: ${index}\ndata: ${JSON.stringify(viewAt(job, index))}\n\n`;
}

export function streamEvents(ctx: Ctx): Reply {
  const { state, res } = ctx;
  const mode = faultsApply(state.faults, ctx.url.pathname) ? state.faults.streamMode : 'normal';
  if (mode === 'disabled') return error(404, 'not_found', 'Event streams are disabled on this service.');
  const found = findJob(ctx);
  if (!('uuid' in found)) return found;
  const job = found;

  res.writeHead(200, {
    ...CORS_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    // A connection header is an error over HTTP/2 (RFC 9113 §8.2.2).
    ...((res.req?.httpVersionMajor ?? 1) < 2 ? { Connection: 'keep-alive' } : {}),
    // Ask proxies not to buffer (spec Events 1: "Clients open it without response buffering").
    'X-Accel-Buffering': 'no',
  });

  let sent = stateIndexAt(job, Date.now());
  res.write(frame(job, sent));
  const last = job.timeline.length - 1;
  if (sent === last) {
    res.end();
    return STREAMED;
  }

  const timers = new Set<NodeJS.Timeout>();
  const cleanup = (): void => {
    for (const t of timers) clearTimeout(t);
    timers.clear();
    state.streams.delete(close);
  };
  const close = (): void => {
    cleanup();
    if (!res.writableEnded) res.end();
  };
  state.streams.add(close);
  res.on('close', cleanup);

  if (mode === 'stall') return STREAMED; // silence, no keep-alives, until the client or stop() ends it
  if (mode === 'drop') {
    timers.add(
      setTimeout(() => {
        cleanup();
        // Let the half frame reach the client first, then break the connection.
        res.write(`event: state\ndata: {"id":"${viewAt(job, 0).id as string}","st`, () => {
          setTimeout(() => res.socket?.destroy(), 10);
        });
      }, DROP_AFTER_MS),
    );
    return STREAMED;
  }

  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), Math.max(10, state.keepAliveMs));
  timers.add(keepAlive);
  const waitForNext = (): void => {
    const next = job.timeline[sent + 1];
    if (!next) return;
    const t = setTimeout(
      () => {
        timers.delete(t);
        const now = stateIndexAt(job, Date.now());
        // Every transition gets its own frame, even when a slow timer overshot several.
        while (sent < now) res.write(frame(job, ++sent));
        if (isTerminal(job.timeline[sent]?.state ?? '') || sent === last) close();
        else waitForNext();
      },
      Math.max(0, next.at - Date.now()),
    );
    timers.add(t);
  };
  waitForNext();
  return STREAMED;
}
