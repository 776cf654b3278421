/**
 * The in-page confirmation before a block-level link opens (docs/decisions/013-content-script.md): "Go back" (focused first,
 * Escape does the same) and "Open anyway", which is offered only when the background says policy
 * allows it (`canProceed === true`; anything else, including a missing field, hides it: the safe
 * default). A modal <dialog> in our closed root: the browser's top layer keeps page content from
 * covering it, and the page cannot reach its buttons.
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { withoutCredentials } from '@/src/shared/url/display';
import { canReport, categoryLabels, clip, leadsText, markerKind, scoreText, bandLabel, whyText } from '../verdict-view';
import { t } from '../strings';
import { h, icon, setText } from './dom';
import type { OverlayHost } from './overlay-host';

export interface ConfirmRequest {
  url: string;
  info: LinkInfo;
  /** Asks the background for the one-shot pass: null when granted, else a message to show. */
  proceed: () => Promise<string | null>;
}

const MAX_URL_SHOWN = 300;

/** Long URLs keep their start (the host) and their end. */
export function shortUrl(url: string): string {
  if (url.length <= MAX_URL_SHOWN) return url;
  const head = Math.ceil((MAX_URL_SHOWN - 1) * 0.7);
  return `${url.slice(0, head)}…${url.slice(url.length - (MAX_URL_SHOWN - 1 - head))}`;
}

export class ConfirmDialog {
  private dialog: HTMLDialogElement | null = null;
  private settle: ((proceed: boolean) => void) | null = null;

  /** `report`: asks the background to open the report page (ui.ts ReportUrl). */
  constructor(
    private readonly overlay: OverlayHost,
    private readonly report: (url: string) => Promise<string | null>,
  ) {}

  get isOpen(): boolean {
    return this.dialog !== null;
  }

  /** The dialog element while open (tests drive its buttons). */
  get element(): HTMLDialogElement | null {
    return this.dialog;
  }

  /** Resolves true once "Open anyway" was granted, false on "Go back" / Escape / close(). */
  open(req: ConfirmRequest): Promise<boolean> {
    this.close(false);
    this.overlay.ensure();
    const doc = this.overlay.root.ownerDocument;
    const { info } = req;
    const canProceed = info.canProceed === true;
    const score = scoreText(info);
    const cats = categoryLabels(info.categories);
    const leads = leadsText(info);
    const why = whyText(info);
    const error = h(doc, 'p', { class: 'error', role: 'alert' });
    error.hidden = true;
    const back = h(doc, 'button', { type: 'button', class: 'back' }, [t('confirm_back')]);
    const open = canProceed ? h(doc, 'button', { type: 'button', class: 'open' }, [t('confirm_open')]) : null;
    // "Report a mistake", reachable by keyboard here (docs/decisions/017-surfaces.md): the link stays unopened.
    const report = canReport(info) ? h(doc, 'button', { type: 'button', class: 'report' }, [t('report')]) : null;
    const dialog = h(
      doc,
      'dialog',
      { class: 'confirm', 'aria-labelledby': 'll-confirm-title', 'aria-describedby': 'll-confirm-intro' },
      [
        h(doc, 'h2', { id: 'll-confirm-title' }, [icon(doc, markerKind(info) ?? 'block'), t('confirm_title')]),
        h(doc, 'p', { id: 'll-confirm-intro' }, [t('confirm_intro')]),
        // Without `user:pass@`, as the blocked page shows it (a password is not displayed).
        h(doc, 'p', { class: 'url' }, [shortUrl(withoutCredentials(req.url))]),
        leads && h(doc, 'p', { class: 'leads' }, [leads]),
        h(doc, 'p', {}, [score === null ? bandLabel(info) : `${bandLabel(info)} · ${t('score', score)}`]),
        cats.length > 0 && h(doc, 'p', {}, [t('categories', cats.join(', '))]),
        info.reasoning && h(doc, 'p', {}, [clip(info.reasoning, 600)]),
        why && h(doc, 'p', {}, [why]),
        !canProceed && h(doc, 'p', {}, [t('confirm_locked')]),
        error,
        h(doc, 'div', { class: 'actions' }, [report, open, back]),
      ],
    );

    back.addEventListener('click', () => this.close(false));
    // Escape on a modal dialog fires `cancel`; close through our path so the promise settles.
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      this.close(false);
    });
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        this.close(false);
      }
    });
    report?.addEventListener('click', () => {
      report.disabled = true;
      void this.report(req.url).then((problem) => {
        if (this.dialog !== dialog) return;
        if (problem === null) return this.close(false);
        setText(error, problem);
        error.hidden = false;
        back.focus();
      });
    });
    open?.addEventListener('click', () => {
      open.disabled = true;
      back.disabled = true;
      void req.proceed().then((problem) => {
        if (this.dialog !== dialog) return;
        if (problem === null) return this.close(true);
        setText(error, t('confirm_failed', problem));
        error.hidden = false;
        open.disabled = false;
        back.disabled = false;
        back.focus();
      });
    });

    this.overlay.root.append(dialog);
    this.dialog = dialog;
    try {
      dialog.showModal();
    } catch {
      // No top layer (old engine, or the host was detached meanwhile): an always-on-top fixed box.
      dialog.classList.add('inline-modal');
      dialog.setAttribute('open', '');
      dialog.setAttribute('aria-modal', 'true');
    }
    back.focus();
    return new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  close(proceed: boolean): void {
    const dialog = this.dialog;
    const settle = this.settle;
    this.dialog = null;
    this.settle = null;
    if (dialog) {
      try {
        if (dialog.open) dialog.close();
      } catch {
        // already closed
      }
      dialog.remove();
    }
    settle?.(proceed);
  }
}
