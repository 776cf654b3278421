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
 * The marker icons differ in SHAPE, not only in colour (issue 4: colour is never the only
 * signal): a triangle with "!" for warn, an octagon with "×" for block. Path data is ours.
 */
const ICON_PATHS = {
  warn: ['M12 2 L23 21 H1 Z', 'M11 9 h2 v6 h-2 z M11 17 h2 v2 h-2 z'],
  block: ['M7 1 H17 L23 7 V17 L17 23 H7 L1 17 V7 Z', 'M8 9.4 L9.4 8 L12 10.6 L14.6 8 L16 9.4 L13.4 12 L16 14.6 L14.6 16 L12 13.4 L9.4 16 L8 14.6 L10.6 12 Z'],
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
