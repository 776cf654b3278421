// A loopback page server for link-heavy pages of any size (the e2e harness caps /links at 20,000).
// Same markup as the harness's linksPage: `<li><a href=…>Link i</a></li>` over 50 hosts.
import { createServer } from 'node:http';
import { listenOnLoopback } from '../shared/listen';

export interface LinksServer {
  port: number;
  /** `http://<host>:<port>/links?n=<n>`; use a fresh host per measurement (a fresh renderer). */
  url(host: string, n: number): string;
  /** `http://<host>:<port>/flagged?n=<n>` (BENCHMARKS.md "first verdict after the worker stopped"). */
  flaggedPage(host: string, n: number): string;
  stop(): Promise<void>;
}

export function linksHtml(n: number, port: number): string {
  const items: string[] = [];
  for (let i = 0; i < n; i++)
    items.push(`<li><a href="http://site-${i % 50}.test:${port}/page/${i}">Link ${i}</a></li>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${n} links</title></head><body><h1>${n} links</h1><ul id="links">${items.join('')}</ul></body></html>`;
}

/** The hover page of BENCHMARKS.md "first verdict after the worker stopped": `n` links to scam-looking hosts (a "warn" verdict), all on screen. */
export function flaggedUrl(port: number, i: number): string {
  return `http://scam-offer-${i}.test:${port}/deal`;
}

export function flaggedHtml(n: number, port: number): string {
  const items: string[] = [];
  for (let i = 0; i < n; i++)
    items.push(
      `<a id="l${i}" href="${flaggedUrl(port, i)}" style="display:inline-block;padding:6px 10px;margin:4px">Offer ${i}</a>`,
    );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Offers</title></head><body style="margin:0"><h1 id="blank" style="height:120px;margin:0">Offers</h1><div style="display:flex;flex-wrap:wrap;width:900px">${items.join('')}</div></body></html>`;
}

export async function startLinksServer(): Promise<LinksServer> {
  const cache = new Map<number, string>();
  let port = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    if (url.pathname === '/flagged') {
      const n = Math.max(0, Math.min(500, Number.parseInt(url.searchParams.get('n') ?? '40', 10) || 0));
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(flaggedHtml(n, port));
      return;
    }
    if (url.pathname !== '/links') {
      res
        .writeHead(url.pathname === '/favicon.ico' ? 204 : 200, { 'content-type': 'text/html; charset=utf-8' })
        .end(url.pathname === '/favicon.ico' ? undefined : '<!doctype html><title>page</title><p>page</p>');
      return;
    }
    const n = Math.max(0, Math.min(200_000, Number.parseInt(url.searchParams.get('n') ?? '100', 10) || 0));
    let html = cache.get(n);
    if (!html) cache.set(n, (html = linksHtml(n, port)));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  });
  port = await listenOnLoopback(server);
  return {
    port,
    url: (host, n) => `http://${host}:${port}/links?n=${n}`,
    flaggedPage: (host, n) => `http://${host}:${port}/flagged?n=${n}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
