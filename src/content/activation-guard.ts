/**
 * The confirmation before a block-level link opens (docs/decisions/013-content-script.md): click, middle-click (auxclick) and
 * Enter on such a link are stopped before the page's handlers and the browser's default action
 * (we listen on window in the capture phase), and the in-page dialog asks. "Open anyway" opens
 * the link the way the person meant to (same tab, new tab, target frame); it grants nothing: the
 * navigation meets the background's navigation block, whose blocked page (an extension page)
 * is where a pass is given. Only trusted (person-made) activations are intercepted
 * (page-events.ts).
 *
 * The URL is read from the link at activation time, not from what discovery saw: a page that
 * swaps an href just before the click still meets the confirmation if we know the new URL.
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { linkUrlOf } from './link-url';
import { openIntent, type OpenIntent } from './open-intent';
import type { ConfirmDialog } from './overlay/confirm-dialog';
import { needsConfirmation } from './verdict-view';

export interface ActivationGuardOptions {
  /** The dialog, built on first use (ui.ts): most pages never need it. */
  dialog: () => ConfirmDialog;
  infoFor: (url: string) => LinkInfo | undefined;
  /** Before opening after "Open anyway": null to go on, else the message to show. */
  requestPass: (url: string) => Promise<string | null>;
  navigate: (url: string, intent: OpenIntent) => void;
  isValid: () => boolean;
  /** Called as the dialog opens (hover intent and tooltip step aside). */
  onIntercept?: () => void;
}

export function createActivationGuard(o: ActivationGuardOptions) {
  return (event: MouseEvent | KeyboardEvent, link: HTMLAnchorElement | HTMLAreaElement): void => {
    const url = linkUrlOf(link);
    const info = url ? o.infoFor(url) : undefined;
    if (!url || !info || !needsConfirmation(info)) return;
    const how = openIntent(event, link.target ?? '');
    if (!how) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const dialog = o.dialog();
    if (dialog.isOpen) return;
    o.onIntercept?.();
    void dialog.open({ url, info, proceed: () => o.requestPass(url) }).then((proceed) => {
      if (!o.isValid()) return;
      if (proceed) o.navigate(url, how);
      else if (link.isConnected) link.focus();
    });
  };
}
