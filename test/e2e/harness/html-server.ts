// A loopback server for test pages whose HTML a test writes itself (page-server.ts only serves
// its fixed routes). Like page-server.ts it answers for every `*.test` host (the browser maps
// them to 127.0.0.1), so `http://malware-drop.test:PORT/` is a real page the extension treats as
// the open web. Paths without HTML of their own get a small page naming the host, so a link that
// is finally opened lands somewhere a test can recognise (`<h1>` = host).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';

export interface HtmlServer {
  port: number;
  /** `http://<host>:<port><path>`. */
  url(host: string, path?: string): string;
  /** Serves `html` at `path` (any host) from now on; replaces what was there. */
  set(path: string, html: string): void;
  /** Every request served, in order: `<host><path>`. */
  requests: string[];
  stop(): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A complete document around `body` (a trusted fragment the test wrote). */
export function htmlPage(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${head}</head><body>${body}</body></html>`;
}

export async function startHtmlServer(): Promise<HtmlServer> {
  const pages = new Map<string, string>();
  const requests: string[] = [];
  let port = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    requests.push(`${host}${path}`);
    if (!host.endsWith('.test') && host !== '127.0.0.1') {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('misdirected request');
      return;
    }
    if (path === '/favicon.ico') {
      res.writeHead(204).end(); // a 404 would be a console error in every test
      return;
    }
    const body = pages.get(path) ?? htmlPage(host, `<h1>${escapeHtml(host)}</h1><p id="path">${escapeHtml(path)}</p>`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);
  };

  const server = createServer(handle);
  port = await listenOnLoopback(server);

  return {
    port,
    url: (host, path = '/') => `http://${host}:${port}${path.startsWith('/') ? path : `/${path}`}`,
    set: (path, html) => void pages.set(path.startsWith('/') ? path : `/${path}`, html),
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
