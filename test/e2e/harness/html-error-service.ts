// A stand-in scanning service whose every answer is an error with HTML/script in its message.
// The local service (test/service) writes only fixed error texts, so this is how the security
// suite puts markup into `error.message` (docs/decisions/018-tests.md: "service text with HTML/script in … error
// messages renders as text on every page").
import { createServer } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';

export interface HtmlErrorService {
  baseUrl: string;
  /** Paths asked for, in order. */
  paths: string[];
  stop(): Promise<void>;
}

/** Answers every request with `status` and `{"error": {"code", "message"}}` (CORS open, as the real one). */
export async function startHtmlErrorService(
  message: string,
  status = 401,
  code = 'unauthorized',
): Promise<HtmlErrorService> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(`${req.method} ${req.url}`);
    if (req.method === 'OPTIONS')
      return void res
        .writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
          'Access-Control-Allow-Methods': '*',
        })
        .end();
    req.resume();
    res
      .writeHead(status, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': '*',
        ...(status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}),
      })
      .end(JSON.stringify({ error: { code, message } }));
  });
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    paths,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
