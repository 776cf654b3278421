// The pieces a news or reference page is made of, each written with the Builder (elements
// counted, links as slots). Sizes follow what these pieces weigh on real pages: a card is ~12
// elements around one link, a share bar ~25 elements and no link, a highlighted code line a
// dozen spans.
import type { Builder } from './builder';

export function paragraph(b: Builder): string {
  let inner = b.words(6, 14);
  const n = b.int(2, 8);
  for (let i = 0; i < n; i++) {
    const r = b.rnd();
    if (r < 0.3) inner += ` ${b.slot(b.words(1, 4))} `;
    else if (r < 0.5) inner += ` ${b.el(b.pick(['em', 'strong', 'b', 'i']), '', b.words(1, 3))} `;
    else if (r < 0.65) inner += b.el('sup', `class="${b.cls('ref')}"`, b.slot(`[${b.int(1, 99)}]`));
    else if (r < 0.8) inner += ` ${b.el('span', `class="${b.cls('inline')}"`, b.words(2, 6))} `;
    else inner += ` ${b.el('code', '', b.words(1, 2))} `;
    inner += ` ${b.words(4, 12)}`;
  }
  return b.el('p', `class="${b.cls('article', 'p')}"`, inner);
}

export function figure(b: Builder): string {
  const media = b.el('div', `class="${b.cls('figure', 'media')}"`, b.el('picture', '', b.void('source', 'srcset="/corpus/img.svg" media="(min-width: 800px)"') + b.img(b.int(300, 800), b.int(200, 500))));
  const caption = b.el('figcaption', `class="${b.cls('figure', 'caption')}"`, b.el('span', '', b.words(6, 16)) + b.el('span', `class="${b.cls('figure', 'credit')}"`, b.words(1, 3)));
  return b.el('figure', `class="${b.cls('figure')}"`, media + caption);
}

function card(b: Builder): string {
  const media = b.el('div', `class="${b.cls('card', 'media')}"`, b.img(320, 180));
  const meta = b.el('div', `class="${b.cls('card', 'meta')}"`, b.el('time', `datetime="2026-0${b.int(1, 9)}-1${b.int(0, 9)}"`, b.words(1, 2)) + b.el('span', '', b.words(1, 2)));
  const body = b.el('div', `class="${b.cls('card', 'body')}"`, b.el('span', `class="${b.cls('card', 'kicker')}"`, b.words(1, 2)) + b.el('h3', `class="${b.cls('card', 'title')}"`, b.slot(b.words(4, 10))) + b.el('p', '', b.words(8, 20)) + meta);
  return b.el('li', `class="${b.cls('cards', 'item')}"`, b.el('article', `class="${b.cls('card')}"`, media + body));
}

export function cardList(b: Builder, n: number): string {
  let items = '';
  for (let i = 0; i < n; i++) items += card(b);
  return b.el('section', `class="${b.cls('related')}"`, b.el('h2', `class="${b.cls('related', 'title')}"`, b.words(2, 4)) + b.el('ul', `class="${b.cls('cards')}"`, items));
}

export function shareBar(b: Builder): string {
  let buttons = '';
  for (let i = 0; i < 5; i++) buttons += b.el('button', `type="button" class="${b.cls('share', 'button')}" aria-label="${b.words(1, 2)}"`, b.icon() + b.el('span', `class="${b.cls('share', 'label')}"`, b.words(1, 1)));
  return b.el('div', `class="${b.cls('share')}" data-component="share"`, buttons);
}

export function navList(b: Builder, items: number, block = 'nav'): string {
  let lis = '';
  for (let i = 0; i < items; i++) lis += b.el('li', `class="${b.cls(block, 'item')}"`, b.slot(b.words(1, 3)) + (b.rnd() < 0.2 ? b.icon() : ''));
  return b.el('ul', `class="${b.cls(block, 'list')}"`, lis);
}

/** A mega menu: dozens of links in columns, hidden until opened (real headers carry these). */
export function megaMenu(b: Builder, columns: number): string {
  let cols = '';
  for (let i = 0; i < columns; i++) cols += b.el('div', `class="${b.cls('mega', 'col')}"`, b.el('h4', '', b.words(1, 2)) + navList(b, b.int(6, 12), 'mega'));
  return b.el('div', `class="${b.cls('mega')}" hidden`, cols);
}

export function table(b: Builder, rows: number): string {
  let body = '';
  for (let r = 0; r < rows; r++) {
    let cells = b.el('th', 'scope="row"', b.words(1, 3));
    for (let c = 0; c < 3; c++) cells += b.el('td', '', b.rnd() < 0.4 ? b.slot(b.words(1, 3)) : b.words(1, 4));
    body += b.el('tr', '', cells);
  }
  const head = b.el('thead', '', b.el('tr', '', b.el('th', '', b.words(1, 2)) + b.el('th', '', b.words(1, 2)) + b.el('th', '', b.words(1, 2)) + b.el('th', '', b.words(1, 2))));
  return b.el('table', `class="${b.cls('infobox')}"`, b.el('caption', '', b.words(2, 5)) + head + b.el('tbody', '', body));
}

const TOKENS = ['kw', 'fn', 'str', 'num', 'op', 'punc', 'var', 'com'];

export function codeBlock(b: Builder, lines: number): string {
  let code = '';
  for (let l = 0; l < lines; l++) {
    let line = '';
    const n = b.int(4, 12);
    for (let t = 0; t < n; t++) line += b.el('span', `class="tok-${b.pick(TOKENS)}"`, b.words(1, 1));
    code += b.el('span', 'class="line"', line) + '\n';
  }
  return b.el('pre', `class="${b.cls('code')}"`, b.el('code', 'class="language-ts"', code));
}

export function form(b: Builder): string {
  const field = b.el('label', `class="${b.cls('form', 'label')}"`, b.el('span', '', b.words(1, 2)) + b.void('input', `type="email" name="email" placeholder="${b.words(1, 2)}"`));
  return b.el('form', `class="${b.cls('newsletter')}" action="/subscribe"`, b.el('h3', '', b.words(2, 5)) + b.el('p', '', b.words(8, 16)) + field + b.el('button', 'type="submit"', b.words(1, 1)));
}

/** A comment thread: replies nest, which is where real pages get their deepest trees. */
export function comments(b: Builder, n: number, maxDepth: number): string {
  const one = (depth: number): string => {
    const head = b.el('header', `class="${b.cls('comment', 'head')}"`, b.img(32, 32) + b.slot(b.words(1, 2)) + b.el('time', '', b.words(1, 2)));
    const text = b.el('div', `class="${b.cls('comment', 'text')}"`, b.el('p', '', b.words(10, 30)));
    const actions = b.el('div', `class="${b.cls('comment', 'actions')}"`, b.el('button', 'type="button"', b.icon()) + b.el('button', 'type="button"', b.words(1, 1)));
    const replies = depth < maxDepth && b.rnd() < 0.6 ? b.el('div', `class="${b.cls('comment', 'replies')}"`, one(depth + 1)) : '';
    return b.el('article', `class="${b.cls('comment')}"`, head + text + actions + replies);
  };
  let out = '';
  for (let i = 0; i < n; i++) out += one(0);
  return b.el('section', `class="${b.cls('comments')}" id="comments"`, b.el('h2', '', b.words(1, 2)) + out);
}

/** A web component with a declarative shadow root (its own styles, a few links inside). */
export function shadowWidget(b: Builder, i: number): string {
  const mode = i % 5 === 4 ? 'closed' : 'open';
  const style = `<style>:host{display:block;contain:content}.w{font:14px/1.4 system-ui;padding:8px}.w a{color:inherit}.w li+li{border-top:1px solid #eee}</style>`;
  const inner = b.el('div', 'class="w"', b.el('h3', '', b.words(2, 4)) + navList(b, b.int(3, 6), 'widget'));
  const tag = `${b.pick(['news', 'ad', 'live', 'market'])}-${b.pick(['ticker', 'widget', 'card', 'rail'])}-${i}`;
  return b.el(tag, `class="${b.cls('wc')}"`, `<template shadowrootmode="${mode}">${style}${inner}</template>`);
}

export function adSlot(b: Builder, frame: string): string {
  return b.el('div', `class="${b.cls('ad')}" data-module="ad"`, b.el('div', `class="${b.cls('ad', 'inner')}"`, frame + b.el('span', `class="${b.cls('ad', 'label')}"`, 'Advertisement')));
}
