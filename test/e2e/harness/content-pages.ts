// HTML of the content-script browser tests' own pages (served by html-server.ts). Each page is a
// pure function of the links it shows; inline scripts stand in for the page's own code (a
// single-page app, a hostile page).
import { htmlPage } from './html-server';

export interface PageLink {
  id: string;
  href: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const linkList = (links: PageLink[]) =>
  `<ul id="links">${links.map((l) => `<li><a id="${escapeHtml(l.id)}" href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>`;

/** A page with a heading and some links, nothing else. */
export function linksPage(title: string, links: PageLink[]): string {
  return htmlPage(title, `<h1>${escapeHtml(title)}</h1>${linkList(links)}<p>End of page.</p>`);
}

/**
 * A page whose script adds a link inside an OPEN shadow root at load, and has an empty feed that
 * a test fills later (links added after load, as infinite scroll does).
 */
export function laterLinksPage(title: string, shadowLink: PageLink): string {
  const script = `
    const root = document.getElementById('shadow-host').attachShadow({ mode: 'open' });
    const a = document.createElement('a');
    a.id = ${JSON.stringify(shadowLink.id)};
    a.href = ${JSON.stringify(shadowLink.href)};
    a.textContent = ${JSON.stringify(shadowLink.text)};
    root.append(a);`;
  return htmlPage(
    title,
    `<h1>${escapeHtml(title)}</h1><div id="shadow-host"></div><ul id="feed"></ul><script>${script}</script>`,
  );
}

/**
 * A hostile page: before anything else runs it wraps attachShadow to capture every shadow root
 * created through the page's prototypes, records window `message` events (as JSON), and keeps its body's
 * markup as served, so a test can check the extension left no trace the page can read.
 */
export function hostilePage(title: string, links: PageLink[]): string {
  const head = `<script>
    window.__captured = [];
    const original = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = original.call(this, init);
      window.__captured.push({ tag: this.localName, mode: init && init.mode, root });
      return root;
    };
    window.__messages = [];
    window.addEventListener('message', (e) => {
      let data;
      try { data = JSON.stringify(e.data); } catch { data = String(e.data); }
      window.__messages.push(data);
    }, true);
  </script>`;
  const tail = `<script>window.__servedBody = document.body.innerHTML;</script>`;
  return htmlPage(title, `<h1>${escapeHtml(title)}</h1>${linkList(links)}${tail}`, head);
}
