/**
 * A tiny element builder for the overlay. Children that are strings become Text nodes, so
 * service text can only ever be text (the lint rules ban innerHTML and friends as well).
 * Preact would do the same, but the content script runs on every page: a few lines of DOM keep
 * its bundle small.
 */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Record<string, string> = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? parent.ownerDocument!.createTextNode(child) : child);
  }
}

/** Replaces an element's content with text (never parsed as HTML). */
export function setText(el: Element, text: string): void {
  el.textContent = text;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * The marker icons differ in SHAPE, not only in colour (docs/decisions/013-content-script.md: colour is never the only
 * signal): a triangle with "!" for warn, an octagon with "×" for block. Path data is ours.
 */
const ICON_PATHS = {
  warn: ['M12 2L23 21H1Z', 'M11 9h2v6h-2zM11 17h2v2h-2z'],
  block: [
    'M7 1H17L23 7V17L17 23H7L1 17V7Z',
    'M8 9.4L9.4 8L12 10.6L14.6 8L16 9.4L13.4 12L16 14.6L14.6 16L12 13.4L9.4 16L8 14.6L10.6 12Z',
  ],
} as const;

export function icon(doc: Document, kind: 'warn' | 'block'): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const [outer, inner] = ICON_PATHS[kind];
  const shape = doc.createElementNS(SVG_NS, 'path');
  shape.setAttribute('d', outer);
  shape.setAttribute('class', 'icon-shape');
  const glyph = doc.createElementNS(SVG_NS, 'path');
  glyph.setAttribute('d', inner);
  glyph.setAttribute('class', 'icon-glyph');
  svg.append(shape, glyph);
  return svg;
}
