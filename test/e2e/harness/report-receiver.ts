// A test receiving server for organization reports (docs/decisions/016-organizations.md): a real HTTP server on
// loopback that records every POST, answers 204 or, while `failing`, 503 with a Retry-After, and
// deduplicates events by id the way docs/admin/reporting.md asks receivers to.
import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';

export interface ReceivedEvent {
  id: string;
  type: string;
  time: string;
  extensionVersion: string;
  deviceTag: string | null;
  userTag: string | null;
  payload: Record<string, unknown>;
}

export interface ReceivedRequest {
  at: number;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
  status: number;
  events: ReceivedEvent[];
}

export interface ReportReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Events of answered-2xx requests, in arrival order, duplicates included. */
  accepted(): ReceivedEvent[];
  /** While set, every request gets 503 with this Retry-After (seconds). */
  failWith: number | null;
  stop(): Promise<void>;
}

export async function startReportReceiver(): Promise<ReportReceiver> {
  const r = { failWith: null as number | null, requests: [] as ReceivedRequest[] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let events: ReceivedEvent[] = [];
      try {
        events = (JSON.parse(raw) as { events?: ReceivedEvent[] }).events ?? [];
      } catch {
        events = [];
      }
      const status = req.method !== 'POST' ? 405 : r.failWith !== null ? 503 : 204;
      r.requests.push({
        at: Date.now(),
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        status,
        events,
      });
      if (status === 503) res.writeHead(503, { 'Retry-After': String(r.failWith) }).end();
      else res.writeHead(status).end();
    });
  });
  const port = await listenOnLoopback(server);
  return Object.assign(r, {
    url: `http://127.0.0.1:${port}/linklens/events`,
    accepted: () => r.requests.filter((q) => q.status === 204).flatMap((q) => q.events),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as unknown as ReportReceiver;
}
