/**
 * The verdict tooltip: one element in the overlay, filled for whichever flagged link the pointer
 * or keyboard focus is on. Every piece of service text goes in through Text nodes (dom.ts `h`),
 * so a reasoning of `<img src=x onerror=alert(1)>` is shown as those characters.
 *
 * WCAG 1.4.13 (content on hover or focus): it is hoverable (the pointer may move onto it; hiding
 * waits a grace period), dismissible (Escape) and persistent (stays while hovered or focused).
 */
import type { LinkInfo, LinkProgress } from '@/src/shared/messaging/protocol';
import { canReport, tooltipText, type MarkerKind } from '../verdict-view';
import { t } from '../strings';
import { append, h, icon } from './dom';
import { placeTooltip } from './geometry';
import type { OverlayHost } from './overlay-host';

/** Opens the report page for the link `anchor` points to: null when it opened, else what to say. */
export type ReportLink = (anchor: Element) => Promise<string | null>;

export class Tooltip {
  readonly el: HTMLDivElement;
  #anchorEl: Element | null = null;

  readonly #overlay: OverlayHost;
  readonly #viewport: () => { width: number; height: number };
  readonly #report: ReportLink;

  constructor(
    overlay: OverlayHost,
    viewport: () => { width: number; height: number },
    report: ReportLink,
  ) {
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

  show(anchor: Element, info: LinkInfo, kind: MarkerKind): void {
    const doc = this.el.ownerDocument;
    const text = tooltipText(info, kind);
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
    this.#fill(anchor, `tip ${kind}`, [
      h(doc, 'p', { class: 'tip-title' }, [icon(doc, kind), text.title]),
      text.leads && h(doc, 'p', { class: 'leads' }, [text.leads]),
      text.score && h(doc, 'p', {}, [text.score]),
      text.categories && h(doc, 'p', {}, [text.categories]),
      text.reasoning && h(doc, 'p', { class: 'reasoning' }, [text.reasoning]),
      text.indicators.length > 0 && h(doc, 'p', { class: 'muted' }, [t('indicators')]),
      text.indicators.length > 0 && h(doc, 'ul', {}, text.indicators.map((i) => h(doc, 'li', {}, [i]))),
      text.moreIndicators && h(doc, 'p', { class: 'muted' }, [text.moreIndicators]),
      text.why && h(doc, 'p', {}, [text.why]),
      h(doc, 'p', {}, [text.action]),
      report,
    ]);
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
    this.el.className = className;
    this.el.replaceChildren();
    append(this.el, children);
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
