/**
 * The verdict tooltip: one element in the overlay, filled for whichever flagged link the pointer
 * or keyboard focus is on. Every piece of service text goes in through Text nodes (dom.ts `h`),
 * so a reasoning of `<img src=x onerror=alert(1)>` is shown as those characters.
 *
 * A compact card first: the verdict in words, one line of why, where the link leads, and the
 * buttons "Details" (score, categories, reasoning, indicators) and "Report a mistake". It sits
 * beside the link when there is room (geometry.ts), and lets the pointer through to the page until
 * the person rests over it ("passive", tip-pointer.ts), so it never stands on the next link.
 *
 * WCAG 1.4.13 (content on hover or focus): it is hoverable (the pointer may move onto it; hiding
 * waits a grace period), dismissible (Escape) and persistent (stays while hovered or focused).
 */
import type { LinkInfo, LinkProgress } from '@/src/shared/messaging/protocol';
import { canReport, tooltipText, type MarkerKind } from '../verdict-view';
import { t } from '../strings';
import { append, h, icon } from './dom';
import { placeTooltip } from './geometry';
import { linkUrlOf } from '../link-url';
import type { OverlayHost } from './overlay-host';

/** Opens the report page for the link `anchor` points to: null when it opened, else what to say. */
export type ReportLink = (anchor: Element) => Promise<string | null>;

export class Tooltip {
  readonly el: HTMLDivElement;
  #anchorEl: Element | null = null;
  #engaged = false;

  readonly #overlay: OverlayHost;
  readonly #viewport: () => { width: number; height: number };
  readonly #report: ReportLink;

  constructor(overlay: OverlayHost, viewport: () => { width: number; height: number }, report: ReportLink) {
    this.#overlay = overlay;
    this.#viewport = viewport;
    this.#report = report;
    this.el = h(overlay.layer.ownerDocument, 'div', { class: 'tip', role: 'tooltip', id: 'linklens-tip' });
    this.el.hidden = true;
    overlay.root.append(this.el);
  }

  /** The link the tooltip is shown for, or null when hidden. */
  get anchor(): Element | null {
    return this.#anchorEl;
  }

  /** Whether the card has the pointer (the person rested over it). */
  get engaged(): boolean {
    return this.#engaged;
  }

  /** The person rested over the card: from now on it takes the pointer (until it is hidden). */
  engage(): void {
    if (!this.#anchorEl) return;
    this.#engaged = true;
    this.el.classList.add('engaged');
  }

  show(anchor: Element, info: LinkInfo, kind: MarkerKind): void {
    const doc = this.el.ownerDocument;
    const text = tooltipText(info, kind, linkUrlOf(anchor) ?? undefined);
    // "Report a mistake" for the pointer (the tooltip is hoverable); keyboard users have it in
    // the confirmation dialog. It only asks the background to open the report page (report.open).
    const report = canReport(info) && h(doc, 'button', { type: 'button', class: 'report' }, [t('report')]);
    if (report) {
      report.addEventListener('click', () => {
        report.disabled = true;
        void this.#report(anchor).then((problem) => {
          if (problem === null) this.hide();
          else if (report.isConnected) report.replaceWith(h(doc, 'p', { class: 'error', role: 'alert' }, [problem]));
        });
      });
    }
    // Details: in the DOM but hidden until asked for, so the card stays a few lines tall.
    const details = h(doc, 'div', { class: 'details', id: 'linklens-tip-details' }, []);
    details.hidden = true;
    append(details, [
      text.score && h(doc, 'p', {}, [text.score]),
      text.categories && text.categories !== text.gist && h(doc, 'p', {}, [text.categories]),
      text.reasoning && h(doc, 'p', { class: 'reasoning' }, [text.reasoning]),
      text.indicators.length > 0 && h(doc, 'p', { class: 'muted' }, [t('indicators')]),
      text.indicators.length > 0 &&
        h(
          doc,
          'ul',
          {},
          text.indicators.map((i) => h(doc, 'li', {}, [i])),
        ),
      text.moreIndicators && h(doc, 'p', { class: 'muted' }, [text.moreIndicators]),
      this.#technical(text.technical),
      text.why && text.why !== text.gist && h(doc, 'p', {}, [text.why]),
      h(doc, 'p', {}, [text.action]),
    ]);
    const toggle = h(
      doc,
      'button',
      { type: 'button', class: 'more', 'aria-expanded': 'false', 'aria-controls': 'linklens-tip-details' },
      [t('details')],
    );
    toggle.addEventListener('click', () => {
      details.hidden = !details.hidden;
      toggle.setAttribute('aria-expanded', String(!details.hidden));
      this.reposition();
    });
    this.#fill(anchor, `tip ${kind}`, [
      h(doc, 'p', { class: 'tip-title' }, [icon(doc, kind), text.title]),
      h(doc, 'p', { class: 'gist' }, [text.gist]),
      text.leads && h(doc, 'p', { class: 'leads' }, [text.leads]),
      h(doc, 'div', { class: 'tip-actions' }, [toggle, report]),
      details,
    ]);
  }

  /** "Technical details": the indicator records as the service sent them, behind their own button. */
  #technical(lines: string[]): HTMLElement | false {
    if (lines.length === 0) return false;
    const doc = this.el.ownerDocument;
    const raw = h(
      doc,
      'ul',
      { class: 'raw', id: 'linklens-tip-raw' },
      lines.map((l) => h(doc, 'li', {}, [l])),
    );
    raw.hidden = true;
    const toggle = h(
      doc,
      'button',
      { type: 'button', class: 'more', 'aria-expanded': 'false', 'aria-controls': 'linklens-tip-raw' },
      [t('technical')],
    );
    toggle.addEventListener('click', () => {
      raw.hidden = !raw.hidden;
      toggle.setAttribute('aria-expanded', String(!raw.hidden));
      this.reposition();
    });
    return h(doc, 'div', {}, [toggle, raw]);
  }

  /**
   * A running check of the link the person rests on (docs/decisions/017-surfaces.md): its step, updated
   * in place as the background pushes the next one; the verdict replaces it.
   */
  showProgress(anchor: Element, step: LinkProgress): void {
    this.#fill(anchor, 'tip', [t(`progress_${step}`)]);
  }

  #fill(anchor: Element, className: string, children: Parameters<typeof append>[1]): void {
    this.#overlay.ensure();
    // A card for another link starts passive again; the same link's next step keeps its state.
    if (anchor !== this.#anchorEl) this.#engaged = false;
    this.el.className = this.#engaged ? `${className} engaged` : className;
    this.el.replaceChildren();
    append(this.el, children);
    this.el.hidden = false;
    this.#anchorEl = anchor;
    this.reposition();
  }

  hide(): void {
    this.el.hidden = true;
    this.#anchorEl = null;
    this.#engaged = false;
    this.el.classList.remove('engaged');
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
