// A loopback HTTP server that records every request it receives, headers included, and answers
// like a scanning service would to a balance check. Stands for "another service" a settings
// change could point the extension at: the tests assert what it received (docs/decisions/008-key-binding.md).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingServer {
  /** http://127.0.0.1:<port> */
  url: string;
  received: RecordedRequest[];
  /** Requests whose headers carry `secret` anywhere (Authorization, or any other header). */
  carrying(secret: string): RecordedRequest[];
  stop(): Promise<void>;
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const received: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    // CORS-free: the extension fetches with host permissions; answer a plausible body.
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"balance": 1}');
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    carrying: (secret) => received.filter((r) => JSON.stringify(r.headers).includes(secret)),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
