// Writes one corpus page from its spec (specs.ts): the document, its linked style sheets, its
// frames' documents and its late sections. Deterministic: the spec's seed drives every choice.
import { Builder, resolveSlots } from './builder';
import { adSlot, cardList, codeBlock, comments, figure, form, megaMenu, navList, paragraph, shareBar, shadowWidget, table } from './components';
import { buildCss } from './css';
import type { PageSpec } from './specs';

export interface CorpusPage {
  html: string;
  /** Linked style sheets, served at /corpus/<name>/style-<i>.css. */
  css: string[];
  /** Frame documents, served at /corpus/<name>/frame-<i> (same- and cross-origin frames). */
  frames: string[];
  /** Late sections, served at /corpus/<name>/lazy-<i>. */
  lazy: string[];
  /** What was written (the bench's table shows it next to the measured page). */
  counts: { elements: number; links: number; htmlKb: number; cssKb: number };
}

/** Sections arrive this long after `load`, one after another (comments, "more stories"). */
const lazyDelay = (i: number) => 300 + i * 400;

function loaderScript(name: string, sections: number): string {
  const delays = Array.from({ length: sections }, (_, i) => lazyDelay(i)).join(',');
  // The page's own script: fetches its late sections after load and says when all are in.
  return `<script>(function(){var d=[${delays}],left=d.length;function done(){window.__corpusDone=true}
addEventListener('load',function(){if(!left){done();return}d.forEach(function(ms,i){setTimeout(function(){fetch('/corpus/${name}/lazy-'+i).then(function(r){return r.text()}).then(function(h){document.getElementById('lazy-'+i).insertAdjacentHTML('beforeend',h);if(--left===0)done()})},ms)})})})();</script>`;
}

function framePage(seed: number): string {
  const b = new Builder(seed);
  const body = b.el('div', `class="${b.cls('creative')}"`, b.img(300, 200) + b.el('p', '', b.slot(b.words(3, 6))) + navList(b, 4, 'creative') + b.el('button', 'type="button"', b.icon()));
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;font:12px sans-serif}.creative{padding:4px}</style></head><body>${resolveSlots(b, body, 3)}</body></html>`;
}

/** Filler chosen by what the page still lacks: link places (to reach its link density) or bulk. */
function filler(b: Builder, density: number): string {
  const needLinks = b.slots < b.elements * density * 1.3 + 4;
  const r = b.rnd();
  if (needLinks) {
    if (r < 0.4) return navList(b, b.int(8, 30), b.pick(['topics', 'toc', 'references', 'see-also']));
    if (r < 0.7) return cardList(b, b.int(2, 6));
    return paragraph(b) + paragraph(b);
  }
  if (r < 0.55) return paragraph(b);
  if (r < 0.7) return figure(b);
  if (r < 0.8) return shareBar(b);
  if (r < 0.88) return form(b);
  if (r < 0.96) return b.el('blockquote', `class="${b.cls('quote')}"`, b.el('p', '', b.words(10, 30)) + b.el('cite', '', b.words(1, 3)));
  return cardList(b, b.int(1, 3));
}

/** Content that must appear somewhere in the main column: frames, components, code, tables. */
function required(b: Builder, spec: PageSpec, port: number): string[] {
  const out: string[] = [];
  let f = 0;
  for (let i = 0; i < spec.frames.sameOrigin; i++) out.push(adSlot(b, b.el('iframe', `src="/corpus/${spec.name}/frame-${f++}" width="300" height="250" title="ad"`)));
  for (let i = 0; i < spec.frames.crossOrigin; i++) out.push(adSlot(b, b.el('iframe', `src="http://ads-${i}.test:${port}/corpus/${spec.name}/frame-${f++}" width="300" height="250" title="ad"`)));
  for (let i = 0; i < spec.frames.srcdoc; i++) out.push(adSlot(b, b.el('iframe', `srcdoc="${framePage(spec.seed * 31 + i).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="300" height="250" title="embed"`)));
  for (let i = 0; i < spec.shadowHosts; i++) out.push(shadowWidget(b, i));
  for (let left = spec.codeLines; left > 0; left -= 30) out.push(codeBlock(b, Math.min(30, left)));
  for (let left = spec.tableRows; left > 0; left -= 30) out.push(table(b, Math.min(30, left)));
  for (let i = 0; i < spec.lazy.sections; i++) out.push(b.el('div', `id="lazy-${i}" class="${b.cls('feed')}"`));
  return out;
}

function tinyPage(spec: PageSpec): CorpusPage {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>One link</title></head><body><main><h1>One link</h1><p>A page with <a href="https://www.example-news.test/story">one link</a>.</p></main>${loaderScript(spec.name, 0)}</body></html>`;
  return { html, css: [], frames: [], lazy: [], counts: { elements: 10, links: 1, htmlKb: html.length / 1024, cssKb: 0 } };
}

export function generatePage(spec: PageSpec, port: number): CorpusPage {
  if (spec.elements < 100) return tinyPage(spec);
  const b = new Builder(spec.seed);
  const density = spec.links / spec.elements;
  const frames = Array.from({ length: spec.frames.sameOrigin + spec.frames.crossOrigin }, (_, i) => framePage(spec.seed * 17 + i));
  // Shell: html, head (meta ×2, title, links, style), body, script.
  b.elements += 7 + spec.linkedCssKb.length;

  const header = b.el(
    'header',
    `class="${b.cls('masthead')}"`,
    b.wrap(3, 'masthead', b.icon() + navList(b, Math.min(40, 8 + Math.round(spec.links / 40)), 'primary-nav') + megaMenu(b, Math.min(8, 2 + Math.round(spec.links / 150))) + form(b)),
  );
  const footer = b.el('footer', `class="${b.cls('footer')}"`, b.wrap(2, 'footer', navList(b, 12, 'footer') + navList(b, 10, 'legal') + b.el('p', '', b.words(10, 20))));
  const aside = b.el('aside', `class="${b.cls('rail')}"`, cardList(b, 4));

  const must = required(b, spec, port);
  const head = b.el('div', `class="${b.cls('article', 'header')}"`, b.el('h1', '', b.words(5, 12)) + b.el('p', `class="${b.cls('byline')}"`, b.slot(b.words(2, 3)) + b.el('time', '', b.words(2, 3))) + shareBar(b));
  const pieces: string[] = [head];
  const commentsBlock = spec.depth > 20 ? comments(b, b.int(6, 12), Math.round(spec.depth / 5)) : '';
  // Main column: filler until the element budget is spent, the required pieces spread through it.
  const perMust = Math.max(1, Math.floor((spec.elements - b.elements) / 40 / (must.length + 1)));
  let sinceMust = 0;
  const maxWrap = Math.max(0, Math.round(spec.depth * 0.35));
  while (b.elements < spec.elements) {
    const piece = sinceMust >= perMust && must.length ? must.shift()! : filler(b, density);
    sinceMust = piece.includes('id="lazy-') || piece.includes('<iframe') || piece.includes('shadowroot') ? 0 : sinceMust + 1;
    pieces.push(b.wrap(b.int(0, maxWrap), 'block', piece));
  }
  pieces.push(...must, commentsBlock);
  // The skeleton's own nesting: the main column sits this deep, as on sites built from layout grids.
  const main = b.wrap(Math.max(1, spec.depth - maxWrap - 10), 'layout', b.el('main', `class="${b.cls('article')}"`, pieces.join('')));
  const body = b.el('div', `id="app" class="${b.cls('app')}"`, header + b.el('div', `class="${b.cls('page')}"`, main + aside) + footer);

  const resolved = resolveSlots(b, body, spec.links);
  const sheets = spec.linkedCssKb.map((kb, i) => buildCss(b.rnd, [...b.classes], kb, `s${i}`));
  const inline = spec.inlineCssKb > 0 ? `<style>${buildCss(b.rnd, [...b.classes], spec.inlineCssKb, 'in')}</style>` : '';
  const links = sheets.map((_, i) => `<link rel="stylesheet" href="/corpus/${spec.name}/style-${i}.css">`).join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${b.words(4, 8)}</title>${links}${inline}</head><body class="${b.cls('page-body')}">${resolved}${loaderScript(spec.name, spec.lazy.sections)}</body></html>`;

  const lazy = Array.from({ length: spec.lazy.sections }, (_, i) => lazySection(spec, i));
  const cssKb = (sheets.reduce((a, s) => a + s.length, 0) + inline.length) / 1024;
  return { html, css: sheets, frames, lazy, counts: { elements: b.elements, links: spec.links, htmlKb: html.length / 1024, cssKb } };
}

function lazySection(spec: PageSpec, i: number): string {
  const b = new Builder(spec.seed * 1000 + i);
  const parts: string[] = [];
  const density = spec.lazy.links / spec.lazy.elements;
  while (b.elements < spec.lazy.elements) parts.push(b.rnd() < 0.3 ? comments(b, 1, 4) : filler(b, density));
  return resolveSlots(b, b.el('section', `class="${b.cls('more')}"`, parts.join('')), spec.lazy.links);
}
