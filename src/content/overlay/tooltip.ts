/**
 * The verdict tooltip: one element in the overlay, filled for whichever flagged link the pointer
 * or keyboard focus is on. Every piece of service text goes in through Text nodes (dom.ts `h`),
 * so a reasoning of `<img src=x onerror=alert(1)>` is shown as those characters.
 *
 * WCAG 1.4.13 (content on hover or focus): it is hoverable (the pointer may move onto it; hiding
 * waits a grace period), dismissible (Escape) and persistent (stays while hovered or focused).
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { tooltipText, type MarkerKind } from '../verdict-view';
import { t } from '../strings';
import { append, h, icon } from './dom';
import { placeTooltip } from './geometry';
import type { OverlayHost } from './overlay-host';

export class Tooltip {
  readonly el: HTMLDivElement;
  #anchorEl: Element | null = null;

  readonly #overlay: OverlayHost;
  readonly #viewport: () => { width: number; height: number };

  constructor(
    overlay: OverlayHost,
    viewport: () => { width: number; height: number },
  ) {
    this.#overlay = overlay;
    this.#viewport = viewport;
    this.el = h(overlay.layer.ownerDocument, 'div', { class: 'tip', role: 'tooltip', id: 'linklens-tip' });
    this.el.hidden = true;
    overlay.root.append(this.el);
  }

  /** The link the tooltip is shown for, or null when hidden. */
  get anchor(): Element | null {
    return this.#anchorEl;
  }

  show(anchor: Element, info: LinkInfo, kind: MarkerKind): void {
    this.#overlay.ensure();
    const doc = this.el.ownerDocument;
    const text = tooltipText(info, kind);
    this.el.className = `tip ${kind}`;
    this.el.replaceChildren();
    append(this.el, [
      h(doc, 'p', { class: 'tip-title' }, [icon(doc, kind), text.title]),
      text.leads && h(doc, 'p', { class: 'leads' }, [text.leads]),
      text.score && h(doc, 'p', {}, [text.score]),
      text.categories && h(doc, 'p', {}, [text.categories]),
      text.reasoning && h(doc, 'p', { class: 'reasoning' }, [text.reasoning]),
      text.indicators.length > 0 && h(doc, 'p', { class: 'muted' }, [t('indicators')]),
      text.indicators.length > 0 && h(doc, 'ul', {}, text.indicators.map((i) => h(doc, 'li', {}, [i]))),
      text.moreIndicators && h(doc, 'p', { class: 'muted' }, [text.moreIndicators]),
      h(doc, 'p', {}, [text.action]),
    ]);
    this.el.hidden = false;
    this.#anchorEl = anchor;
    this.reposition();
  }

  hide(): void {
    this.el.hidden = true;
    this.#anchorEl = null;
  }

  reposition(): void {
    if (!this.#anchorEl) return;
    if (!this.#anchorEl.isConnected) return this.hide();
    const r = this.#anchorEl.getBoundingClientRect();
    const tip = this.el.getBoundingClientRect();
    const p = placeTooltip(r, { width: tip.width || 320, height: tip.height || 140 }, this.#viewport());
    this.el.style.setProperty('left', `${p.left}px`);
    this.el.style.setProperty('top', `${p.top}px`);
  }
}
