// A loopback web server for test pages. The browser maps every `*.test` host to 127.0.0.1
// (Chromium --host-resolver-rules, Firefox network.dns.forceResolve), so one server answers for
// http://safe-shop.test:PORT/, http://phish-bank.test:PORT/login, … and tells them apart by Host.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';
import {
  demoPage,
  framePage,
  hostilePage,
  linksPage,
  metaRefreshPage,
  redirectTarget,
  simplePage,
  type PageContext,
} from './test-pages';

export interface PageRequest {
  host: string;
  path: string;
  method: string;
  /** When the server received it (ms epoch, this machine's clock). */
  at: number;
  /** The Authorization header, if a request carried one (no page request should). */
  authorization?: string;
}

export interface PageServer {
  port: number;
  /** `http://<host>:<port><path>`, e.g. url('phish-bank.test', '/login'). */
  url(host: string, path?: string): string;
  /** Every request served, in order (to assert what the browser fetched). */
  requests: PageRequest[];
  /** The requests one host's server received (Host header without the port, lower case). */
  requestsTo(host: string): PageRequest[];
  stop(): Promise<void>;
}

const ROUTES: Record<string, (ctx: PageContext) => string> = {
  '/': simplePage,
  '/links': linksPage,
  '/demo': demoPage,
  '/hostile': hostilePage,
  '/meta-refresh': metaRefreshPage,
  '/frame': framePage,
};

/** Host names this server answers for: `*.test` (mapped by the browser) and loopback itself. */
function acceptedHost(host: string): boolean {
  return host.endsWith('.test') || host === '127.0.0.1' || host === 'localhost';
}

function hostOf(req: IncomingMessage): string {
  const raw = (req.headers.host ?? '').toLowerCase();
  return raw.replace(/:\d+$/, '');
}

export async function startPageServer(): Promise<PageServer> {
  const requests: PageRequest[] = [];
  let port = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const host = hostOf(req);
    const url = new URL(req.url ?? '/', 'http://placeholder');
    requests.push({
      host,
      path: url.pathname + url.search,
      method: req.method ?? 'GET',
      at: Date.now(),
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    });
    if (!acceptedHost(host)) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('misdirected request');
      return;
    }
    // Browsers ask for a favicon; a 404 would show up as a console error in every test.
    // /no-content/…: 204, so a navigation there leaves the page as it is (a page looping
    // navigations without ever leaving, docs/decisions/010-budgets.md).
    if (url.pathname === '/favicon.ico' || url.pathname.startsWith('/no-content/')) {
      res.writeHead(204).end();
      return;
    }
    // `/redirect?to=URL`: a server redirect (302) to a URL on this server (redirectTarget checks it).
    if (url.pathname === '/redirect') {
      const to = redirectTarget(url.searchParams, port);
      if (to) res.writeHead(302, { location: to, 'cache-control': 'no-store' }).end();
      else res.writeHead(400, { 'content-type': 'text/plain' }).end('bad redirect target');
      return;
    }
    // Unknown paths get the simple page (200), so navigations to any link on any host land.
    const render = ROUTES[url.pathname] ?? simplePage;
    const body = render({ host, port, path: url.pathname, query: url.searchParams });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  };

  const server = createServer(handle);
  port = await listenOnLoopback(server);

  return {
    port,
    url: (host, path = '/') => `http://${host}:${port}${path.startsWith('/') ? path : `/${path}`}`,
    requests,
    requestsTo: (host) => requests.filter((r) => r.host === host.toLowerCase()),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
