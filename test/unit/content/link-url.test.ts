// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { isLinkElement, linkFromEvent, linkUrlOf } from '@/src/content/link-url';

function el(markup: string): Element {
  const parsed = new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
  const node = document.adoptNode(parsed.body.firstElementChild!);
  document.body.append(node);
  return node;
}

describe('linkUrlOf', () => {
  beforeEach(() => {
    document.body.replaceChildren();
  });

  it.each([
    ['<a href="https://a.test/x">x</a>', 'https://a.test/x'],
    ['<a href="HTTP://b.test/">x</a>', 'http://b.test/'],
    ['<area href="http://c.test/z">', 'http://c.test/z'],
    ['<a href="javascript:alert(1)">x</a>', null],
    ['<a href="mailto:x@y.test">x</a>', null],
    ['<a href="ftp://d.test/">x</a>', null],
    ['<a>no href</a>', null],
    ['<span href="https://e.test/">not a link</span>', null],
  ])('%s → %s', (markup, expected) => {
    expect(linkUrlOf(el(markup))).toBe(expected);
  });

  it('resolves relative hrefs against the document', () => {
    const a = el('<a href="/path?q=1">x</a>');
    expect(linkUrlOf(a)).toBe(new URL('/path?q=1', document.baseURI).href);
  });

  it('refuses URLs longer than the protocol allows', () => {
    const a = document.createElement('a');
    a.href = `https://long.test/${'a'.repeat(9000)}`;
    expect(linkUrlOf(a)).toBeNull();
  });

  it('recognises a and area only', () => {
    expect(isLinkElement(document.createElement('a'))).toBe(true);
    expect(isLinkElement(document.createElement('area'))).toBe(true);
    expect(isLinkElement(document.createElement('button'))).toBe(false);
  });
});

describe('linkFromEvent', () => {
  it('finds the link around the event target', () => {
    const a = el('<a href="https://a.test/"><span>inner</span></a>') as HTMLAnchorElement;
    document.body.append(a);
    let found: Element | null = null;
    document.addEventListener('pointerover', (e) => (found = linkFromEvent(e)), { once: true });
    a.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true, composed: true }));
    expect(found).toBe(a);
  });

  it('finds links inside open shadow roots', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const a = document.createElement('a');
    a.href = 'https://shadow.test/';
    root.append(a);
    let found: Element | null = null;
    document.addEventListener('focusin', (e) => (found = linkFromEvent(e)), { once: true });
    a.dispatchEvent(new Event('focusin', { bubbles: true, composed: true }));
    expect(found).toBe(a);
  });
});
