// A loopback web server for the security suite: answers EVERY Host (so `http://127.1:PORT/`,
// `http://2130706433:PORT/`, `http://localhost.:PORT/` … land on it as well as `*.test` names)
// and records each request with its headers, so a test can prove no secret reached a page's
// server. `/hostile` is the hostile page, `/links?u=…` a page of the given links, anything else
// a simple page.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';
import { hostilePageHtml, linksPageHtml, type HostilePageOptions } from './hostile-page';

export interface HostileRequest {
  host: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface HostileSite {
  port: number;
  url(host: string, path?: string): string;
  requests: HostileRequest[];
  stop(): Promise<void>;
}

export async function startHostileSite(
  page: Omit<HostilePageOptions, 'links' | 'phishUrl'> & {
    links(port: number): string[];
    phishUrl(port: number): string;
  },
): Promise<HostileSite> {
  const requests: HostileRequest[] = [];
  let port = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const url = new URL(req.url ?? '/', 'http://placeholder');
    requests.push({ host, path: url.pathname + url.search, headers: req.headers });
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    let body: string;
    if (url.pathname === '/hostile')
      body = hostilePageHtml({ extensionId: page.extensionId, links: page.links(port), phishUrl: page.phishUrl(port) });
    else if (url.pathname === '/links') body = linksPageHtml(host, url.searchParams.getAll('u'));
    else body = linksPageHtml(host, []);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  };
  const server = createServer(handle);
  port = await listenOnLoopback(server);
  return {
    port,
    url: (host, path = '/') => `http://${host}:${port}${path.startsWith('/') ? path : `/${path}`}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
