/**
 * Markers over flagged links: an outline box and an icon badge, drawn in the overlay layer (the
 * page's own markup is never touched). Positions follow the link's viewport rectangle; the app
 * calls `reposition()` after new verdicts and on scroll, resize and DOM changes, throttled.
 * All rectangles are read first and all styles written after, so repositioning never forces a
 * layout per marker.
 *
 * Markers take no pointer events: a page probing with elementFromPoint cannot find them, and
 * they never stand between the person and the link.
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { markerLabel, type MarkerKind } from '../verdict-view';
import { h, icon } from './dom';
import { placeMarker } from './geometry';
import type { OverlayHost } from './overlay-host';

interface Mark {
  kind: MarkerKind;
  box: HTMLDivElement;
  badge: HTMLSpanElement;
}

const MAX_LINK_TEXT = 80;

export class Markers {
  readonly #marks = new Map<Element, Mark>();

  readonly #overlay: OverlayHost;
  readonly #viewport: () => { width: number; height: number };

  constructor(overlay: OverlayHost, viewport: () => { width: number; height: number }) {
    this.#overlay = overlay;
    this.#viewport = viewport;
  }

  get count(): number {
    return this.#marks.size;
  }

  has(el: Element): boolean {
    return this.#marks.has(el);
  }

  /** The marked links. */
  elements(): Element[] {
    return [...this.#marks.keys()];
  }

  /** Adds or updates the marker of `el`; the caller schedules `reposition()` to show it. */
  set(el: Element, info: LinkInfo, kind: MarkerKind): void {
    this.#overlay.ensure();
    let mark = this.#marks.get(el);
    const doc = this.#overlay.layer.ownerDocument;
    if (!mark || mark.kind !== kind) {
      if (mark) this.#removeMark(mark);
      const badge = h(doc, 'span', { class: `badge ${kind}`, role: 'img' }, [icon(doc, kind)]);
      const box = h(doc, 'div', { class: `mark ${kind}` });
      // Hidden until the next reposition() places it: placing here, one marker at a time, would
      // force a layout per marker when a batch flags hundreds of links.
      box.hidden = true;
      badge.hidden = true;
      mark = { kind, box, badge };
      this.#marks.set(el, mark);
      this.#overlay.layer.append(box, badge);
    }
    // The link's own text makes the name useful out of context (the badges sit in our layer,
    // not next to the link in the page's reading order).
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_LINK_TEXT);
    mark.badge.setAttribute('aria-label', text ? `${markerLabel(info)}: ${text}` : markerLabel(info));
  }

  remove(el: Element): void {
    const mark = this.#marks.get(el);
    if (!mark) return;
    this.#removeMark(mark);
    this.#marks.delete(el);
  }

  clear(): void {
    for (const mark of this.#marks.values()) this.#removeMark(mark);
    this.#marks.clear();
  }

  /**
   * Places the marker of one link now: when its tooltip opens (which measures the link anyway),
   * the marker appears with it rather than a frame later.
   */
  placeNow(el: Element): void {
    const mark = this.#marks.get(el);
    if (mark) this.#place([[el, mark]]);
  }

  /** Follows the links (scroll, resize, layout changes); drops markers of removed links. */
  reposition(): void {
    for (const [el] of this.#marks) if (!el.isConnected) this.remove(el);
    this.#place([...this.#marks]);
  }

  #place(entries: [Element, Mark][]): void {
    const vp = this.#viewport();
    const places = entries.map(([el]) => placeMarker(el.getBoundingClientRect(), vp));
    entries.forEach(([, mark], i) => {
      const p = places[i];
      mark.box.hidden = !p;
      mark.badge.hidden = !p;
      if (!p) return;
      setBox(mark.box, p.box.left, p.box.top, p.box.width, p.box.height);
      mark.badge.style.setProperty('left', `${p.badge.left}px`);
      mark.badge.style.setProperty('top', `${p.badge.top}px`);
    });
  }

  #removeMark(mark: Mark): void {
    mark.box.remove();
    mark.badge.remove();
  }
}

function setBox(el: HTMLElement, left: number, top: number, width: number, height: number): void {
  el.style.setProperty('left', `${left}px`);
  el.style.setProperty('top', `${top}px`);
  el.style.setProperty('width', `${width}px`);
  el.style.setProperty('height', `${height}px`);
}
