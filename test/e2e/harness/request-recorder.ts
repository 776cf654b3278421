// A server that only records what reaches it: stands in for an attacker's server that a forged
// setting or cached policy tries to make the extension talk to (and send the API key to).
// Answers every request with 404 and records method, path and the Authorization header.
import { createServer } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
}

export interface RequestRecorder {
  /** http://127.0.0.1:PORT (loopback: http is accepted there, as for the local service). */
  baseUrl: string;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

export async function startRequestRecorder(): Promise<RequestRecorder> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8').slice(0, 10_000)));
    req.on('end', () => {
      requests.push({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: req.headers.authorization ?? null,
        body,
      });
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"nothing here"}');
    });
  });
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
