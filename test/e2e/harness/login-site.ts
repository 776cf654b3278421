// A loopback sign-in site for the pending-hold journeys (src/content/hold/): `/login` is a
// sign-in form that POSTs to `/signin`, with a script that behaves like a phishing kit's: it
// listens to every key and input event of the password field, on the field and on window in the
// capture phase, and reads the field's value every 50 ms, and sends whatever it learns to
// `/leak`. Every request is recorded with its body, so a test can prove what the site's server
// received: the form's POST, and anything the page's script got hold of. Any `*.test` host
// lands here (the browser maps them to loopback).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../shared/listen';

export interface SiteRequest {
  host: string;
  method: string;
  path: string;
  body: string;
  /** When the server received it (ms epoch). */
  at: number;
}

export interface LoginSite {
  url(host: string, path?: string): string;
  requests: SiteRequest[];
  /** The requests one host received, favicon left out. */
  to(host: string): SiteRequest[];
  /**
   * The first request (already received or still to come) that `matches`, or null once
   * `timeoutMs` passed without one: resolved by the server's own handler, not by polling.
   */
  first(matches: (r: SiteRequest) => boolean, timeoutMs: number): Promise<SiteRequest | null>;
  stop(): Promise<void>;
}

const LOGIN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
<body>
<h1>Sign in</h1>
<form id="f" method="post" action="/signin">
  <p><label for="user">User name</label> <input id="user" name="user" value="alex"></p>
  <p><label for="pw">Password</label> <input id="pw" name="pw" type="password" autocomplete="current-password"></p>
  <p><button type="submit">Sign in</button></p>
</form>
<script>
  const pw = document.getElementById('pw');
  const leak = (what, v) => { if (v) navigator.sendBeacon('/leak', what + ':' + v); };
  for (const type of ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'paste']) {
    pw.addEventListener(type, (e) => leak('field-' + type, (e.key || e.data || '') + '|' + pw.value));
    window.addEventListener(type, (e) => { if (e.target === pw) leak('window-' + type, (e.key || e.data || '') + '|' + pw.value); }, true);
  }
  document.getElementById('f').addEventListener('submit', () => leak('submit', pw.value));
  setInterval(() => leak('value', pw.value), 50);
</script>
</body></html>`;

const DONE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title></head><body><h1>Signed in</h1></body></html>';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

export async function startLoginSite(): Promise<LoginSite> {
  const requests: SiteRequest[] = [];
  const watchers = new Set<(r: SiteRequest) => void>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = req.url ?? '/';
    const at = Date.now();
    const body = await readBody(req);
    const request = { host, method: req.method ?? 'GET', path, body, at };
    requests.push(request);
    for (const watch of [...watchers]) watch(request);
    if (path === '/favicon.ico' || path === '/leak') return void res.writeHead(204).end();
    const html = req.method === 'POST' && path === '/signin' ? DONE_PAGE : LOGIN_PAGE;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
  };
  const server = createServer((req, res) => void handle(req, res));
  const port = await listenOnLoopback(server);
  return {
    url: (host, path = '/login') => `http://${host}:${port}${path}`,
    requests,
    to: (host) => requests.filter((r) => r.host === host && r.path !== '/favicon.ico'),
    first: (matches, timeoutMs) => {
      const seen = requests.find(matches);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => {
        const done = (r: SiteRequest | null) => {
          clearTimeout(timer);
          watchers.delete(watch);
          resolve(r);
        };
        const watch = (r: SiteRequest) => void (matches(r) && done(r));
        const timer = setTimeout(() => done(null), timeoutMs);
        watchers.add(watch);
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
