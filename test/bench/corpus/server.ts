// Serves the corpus on loopback, under any `*.test` host (the bench maps them all here):
//   /corpus/<name>                 the page
//   /corpus/<name>/style-<i>.css   its linked style sheets
//   /corpus/<name>/frame-<i>       its frames' documents (cross-origin frames ask ads-N.test)
//   /corpus/<name>/lazy-<i>        its late sections (fetched by the page's script)
//   /corpus/img.svg                every image
// Pages are generated once per server (the port is part of cross-origin frame URLs).
import { createServer } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';
import { generatePage, type CorpusPage } from './generate';
import { specNamed } from './specs';

export interface CorpusServer {
  port: number;
  /** `http://<host>:<port>/corpus/<name>`; a fresh host per load gives a fresh renderer. */
  url(host: string, name: string): string;
  page(name: string): CorpusPage;
  stop(): Promise<void>;
}

const IMG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#ccd"/></svg>';

export async function startCorpusServer(): Promise<CorpusServer> {
  const pages = new Map<string, CorpusPage>();
  let port = 0;
  const page = (name: string): CorpusPage => {
    let p = pages.get(name);
    if (!p) {
      const spec = specNamed(name);
      if (!spec) throw new Error(`No corpus page named ${name}`);
      pages.set(name, (p = generatePage(spec, port)));
    }
    return p;
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://placeholder').pathname;
    const send = (type: string, body: string) => res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(body);
    if (path === '/corpus/img.svg') return send('image/svg+xml', IMG);
    const m = /^\/corpus\/([a-z0-9-]+)(?:\/(style|frame|lazy)-(\d+)(?:\.css)?)?$/.exec(path);
    const spec = m ? specNamed(m[1]!) : undefined;
    if (!m || !spec) return res.writeHead(path === '/favicon.ico' ? 204 : 404).end();
    const p = page(spec.name);
    const i = Number(m[3]);
    if (!m[2]) return send('text/html', p.html);
    const body = m[2] === 'style' ? p.css[i] : m[2] === 'frame' ? p.frames[i] : p.lazy[i];
    if (body === undefined) return res.writeHead(404).end();
    return send(m[2] === 'style' ? 'text/css' : 'text/html', body);
  });
  port = await listenOnLoopback(server);
  return {
    port,
    url: (host, name) => `http://${host}:${port}/corpus/${name}`,
    page,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
