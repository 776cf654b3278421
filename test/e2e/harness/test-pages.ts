// HTML of the test pages served by page-server.ts. Pure functions of (host, port, query) so a
// test can predict every link on a page. Hosts are `*.test` names that the browser maps to the
// loopback server (*.test hosts resolve to loopback; Firefox maps hosts to loopback by pref): to the extension they look like the open web.

export interface PageContext {
  /** The Host header without the port, lower-cased, e.g. `phish-bank.test`. */
  host: string;
  port: number;
  path: string;
  query: URLSearchParams;
}

/** Upper bound for /links?n=… so a typo cannot make a page of millions of links. */
export const MAX_LINKS = 20_000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/**
 * The demo's links, each on its own `*.test` host. Their verdicts follow the local service's rule
 * table (test/service/rules.ts: keywords in host/path): safe, suspicious (35), scam (70),
 * phishing (88), malware (95).
 */
export function demoLinks(port: number): { kind: 'safe' | 'suspicious' | 'malicious'; label: string; url: string }[] {
  const at = (host: string, path = '/') => `http://${host}:${port}${path}`;
  return [
    { kind: 'safe', label: 'Safe shop', url: at('safe-shop.test') },
    { kind: 'safe', label: 'Docs site', url: at('docs-example.test', '/guide') },
    { kind: 'suspicious', label: 'Suspicious deals', url: at('suspicious-deals.test') },
    { kind: 'suspicious', label: 'Free prize', url: at('free-prize-scam.test', '/claim') },
    { kind: 'malicious', label: 'Phishing bank login', url: at('phish-bank.test', '/login') },
    { kind: 'malicious', label: 'Malware download', url: at('malware-drop.test', '/setup.exe') },
  ];
}

export function simplePage(ctx: PageContext): string {
  return layout(`Test page ${ctx.host}`, `<h1>${escapeHtml(ctx.host)}</h1><p id="path">${escapeHtml(ctx.path)}</p>`);
}

/** `/links?n=5000`: n links spread over 50 hosts, for link-heavy page tests. */
export function linksPage(ctx: PageContext): string {
  const requested = Number.parseInt(ctx.query.get('n') ?? '100', 10);
  const n = Math.min(Math.max(Number.isFinite(requested) ? requested : 100, 0), MAX_LINKS);
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    items.push(`<li><a href="http://site-${i % 50}.test:${ctx.port}/page/${i}">Link ${i}</a></li>`);
  }
  return layout(`${n} links`, `<h1>${n} links</h1><ul id="links">${items.join('')}</ul>`);
}

export function demoPage(ctx: PageContext): string {
  const items = demoLinks(ctx.port)
    .map((l) => `<li data-kind="${l.kind}"><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></li>`)
    .join('');
  return layout(
    'Linklens demo',
    `<h1>Linklens demo</h1><p>Hover or open these links.</p><ul id="demo-links">${items}</ul>`,
  );
}

/** Placeholder: the hardening issue fills this page with attacks on the extension. */
export function hostilePage(_ctx: PageContext): string {
  return layout('Hostile page', '<h1>Hostile page</h1><p id="status">placeholder</p>');
}

/**
 * The `to` URL of /redirect, /meta-refresh and /frame, when it points at this server (a `*.test`
 * host and this port): the test server never sends a browser anywhere else. Else null.
 */
export function redirectTarget(query: URLSearchParams, port: number): string | null {
  const raw = query.get('to');
  if (!raw) return null;
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' && u.hostname.endsWith('.test') && Number(u.port) === port ? u.href : null;
  } catch {
    return null;
  }
}

/** `/meta-refresh?to=URL`: a client redirect (meta refresh, no delay) to `to`. */
export function metaRefreshPage(ctx: PageContext): string {
  const to = redirectTarget(ctx.query, ctx.port);
  const head = to ? `<meta http-equiv="refresh" content="0;url=${escapeHtml(to)}">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}<title>Moving on</title></head><body><h1>${escapeHtml(ctx.host)}</h1><p id="path">${escapeHtml(ctx.path)}</p></body></html>`;
}

/** `/frame?to=URL`: a page showing `to` in an iframe. */
export function framePage(ctx: PageContext): string {
  const to = redirectTarget(ctx.query, ctx.port);
  return layout(
    `Frame on ${ctx.host}`,
    `<h1>${escapeHtml(ctx.host)}</h1>${to ? `<iframe id="framed" title="framed page" src="${escapeHtml(to)}"></iframe>` : ''}`,
  );
}
