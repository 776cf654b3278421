// The hostile test page (docs/decisions/018-tests.md): a web page that attacks the extension
// from the page's own JavaScript world. Its first script runs before the content script (which
// starts at document_idle) and hooks what a page can hook; `window.__hostileAttacks()` then
// forges messages, reads what it can of our UI, frames and fetches our pages, and reports.
// Served by hostile-site.ts. Everything interpolated is escaped or JSON-encoded.

export interface HostilePageOptions {
  extensionId: string;
  /** Links on the page, in order (`#link-0`, `#link-1`, …). */
  links: string[];
  /** A link the service calls phishing (`#phish`): forged messages try to clear its warning. */
  phishUrl: string;
}

/** What `window.__hostileAttacks()` reports. */
export interface HostileReport {
  /** typeof chrome.runtime, chrome.runtime.sendMessage, … in the page's world. */
  chrome: Record<string, string>;
  /** Our files fetched from the page: 'status N: …' or 'refused: <error name>'. */
  fetches: Record<string, string>;
  /** Each <linklens-overlay> as the page sees it. */
  overlay: unknown[];
  /** innerHTML of every shadow root the hooked attachShadow caught. */
  leakedRoots: string[];
  attachShadowCalls: number;
  /** Every node added to the document (name: text), as a MutationObserver saw it. */
  added: string[];
  /**
   * A click the page itself dispatched (isTrusted false) on the phishing link, whose verdict
   * (block) the content script knows: whether the page's own listener saw it. Had the content
   * script intercepted it (stopped it, opened its confirmation), the page would learn that the
   * URL is cached as "block" (docs/decisions/001-content-tier.md). The page's listener cancels the navigation.
   */
  syntheticClick: { reachedPage: boolean };
  frames: { id: string; doc: string | null }[];
  /** The page's serialized DOM and visible text. */
  pageText: string;
  storage: Record<string, string>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Runs first, before any extension code: hooks attachShadow and watches the DOM. */
const EARLY_SCRIPT = `(() => {
  const h = (window.__hostile = { attachShadowCalls: 0, leakedRoots: [], added: [] });
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    h.attachShadowCalls++;
    h.leakedRoots.push(root);
    return root;
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) h.added.push(n.nodeName + ':' + (n.textContent || '').slice(0, 300));
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** The attacks, run when the test calls them (after the content script started). */
function attackScript(o: HostilePageOptions): string {
  return `window.__hostileAttacks = async () => {
  const id = ${JSON.stringify(o.extensionId)};
  const phish = ${JSON.stringify(o.phishUrl)};
  const h = window.__hostile;
  const out = {};
  const c = window.chrome;
  out.chrome = {
    runtime: typeof (c && c.runtime),
    sendMessage: typeof (c && c.runtime && c.runtime.sendMessage),
    connect: typeof (c && c.runtime && c.runtime.connect),
    storage: typeof (c && c.storage),
  };
  // Our message shapes, posted to the window (where a careless content script might listen).
  const forged = [
    { type: 'settings.set', patch: { serviceUrl: 'https://evil.test/', apiKey: 'evil', scanNavigations: false, allowlist: ['hostile.test'] } },
    { type: 'allowlist.add', host: 'phish-hostile.test' },
    { type: 'pause.set', until: null },
    { type: 'cache.clear' },
    { type: 'keys.list' },
    { type: 'link.proceed', url: phish },
    { type: 'blocked.proceed', token: 'forged' },
    { type: 'links.update', links: { [phish]: { status: 'verdict', action: 'allow', band: 'safe', riskScore: 0 } } },
  ];
  for (const m of forged) {
    window.postMessage(m, '*');
    window.postMessage(JSON.stringify(m), '*');
    document.dispatchEvent(new CustomEvent('linklens', { detail: m }));
  }
  await new Promise((r) => setTimeout(r, 300));
  // A synthetic click on the #phish link: does it reach the page, or does something stop it?
  {
    let reached = false;
    const mine = (e) => {
      reached = true;
      e.preventDefault(); // the page itself keeps the navigation from happening
    };
    document.addEventListener('click', mine);
    document.getElementById('phish').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0 }));
    document.removeEventListener('click', mine);
    out.syntheticClick = { reachedPage: reached };
  }
  // Our pages and files, fetched from the page.
  out.fetches = {};
  for (const p of ['blocked.html', 'options.html', 'popup.html', 'manifest.json']) {
    try {
      const r = await fetch('chrome-extension://' + id + '/' + p);
      out.fetches[p] = 'status ' + r.status + ': ' + (await r.text()).slice(0, 80);
    } catch (e) {
      out.fetches[p] = 'refused: ' + (e && e.name);
    }
  }
  // Our UI: the overlay host and its closed shadow root.
  out.overlay = [...document.querySelectorAll('linklens-overlay')].map((el) => {
    let reattach;
    try { el.attachShadow({ mode: 'open' }); reattach = 'attached'; } catch (e) { reattach = e.name; }
    return { shadowRoot: el.shadowRoot === null ? null : 'exposed', childNodes: el.childNodes.length, text: el.textContent, reattach };
  });
  out.leakedRoots = h.leakedRoots.map((r) => r.innerHTML);
  out.attachShadowCalls = h.attachShadowCalls;
  out.added = h.added;
  out.frames = [...document.querySelectorAll('iframe')].map((f) => {
    let doc;
    try { doc = f.contentDocument ? f.contentDocument.documentElement.outerHTML.slice(0, 200) : null; } catch (e) { doc = 'throws ' + e.name; }
    return { id: f.id, doc };
  });
  out.pageText = document.documentElement.outerHTML + '\\n' + document.body.innerText;
  out.storage = {
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    cookie: document.cookie,
    name: window.name,
  };
  return out;
};`;
}

export function hostilePageHtml(o: HostilePageOptions): string {
  const links = o.links
    .map((u, i) => `<li><a id="link-${i}" href="${escapeHtml(u)}">${escapeHtml(u)}</a></li>`)
    .join('');
  const frame = (name: string, path: string) =>
    `<iframe id="frame-${name}" title="${name}" width="300" height="150" src="chrome-extension://${escapeHtml(o.extensionId)}/${path}"></iframe>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hostile page</title>
<script>${EARLY_SCRIPT}</script></head><body>
<h1>Hostile page</h1>
<p><a id="phish" href="${escapeHtml(o.phishUrl)}">Your account: log in</a></p>
<ul id="links">${links}</ul>
${frame('options', 'options.html')}${frame('blocked', 'blocked.html?t=forged')}${frame('popup', 'popup.html')}
<script>${attackScript(o)}</script>
</body></html>`;
}

/** A plain page with the given links (`#link-0`, …), for hover tests. */
export function linksPageHtml(title: string, links: string[]): string {
  const items = links.map((u, i) => `<li><a id="link-${i}" href="${escapeHtml(u)}">${escapeHtml(u)}</a></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><ul style="padding:40px">${items}</ul></body></html>`;
}
