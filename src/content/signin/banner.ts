/**
 * The look-alike sign-in warning (docs/decisions/016-organizations.md), shown inside the overlay's closed shadow root
 * (overlay/overlay-host.ts): a bar across the top of the page that the page cannot read, restyle
 * or remove for good (the overlay host comes back, `ensure`).
 *
 * For keyboards and screen readers: the bar is a `role="alert"`, announced when it appears (each
 * show builds a fresh one, so a second warning on the same page is announced again); it never
 * takes focus, so the person's caret stays where it was; Escape or its button dismisses it.
 * Styles are set through the CSSOM (`style.setProperty`), which a page's CSP does not govern.
 */
import { h } from '../overlay/dom';
import { OverlayHost } from '../overlay/overlay-host';
import type { HostRun } from '@/src/shared/url/lookalike/diff';

export interface BannerText {
  title: string;
  body: string;
  dismiss: string;
  /** This site's host, its differing letters marked, beside the real one, and the way there. */
  compare?: { hereLabel: string; here: readonly HostRun[]; realLabel: string; real: string; goReal: string };
  /** The organization's own words (policy customWarningMessage): a text node, never markup. */
  orgMessage?: string;
}

const BAR =
  'position:fixed;top:0;left:0;right:0;box-sizing:border-box;pointer-events:auto;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:12px 16px;background:#7f1d1d;color:#fff;border-bottom:3px solid #fca5a5;font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:left;box-shadow:0 4px 16px rgba(0,0,0,.4)';
const TEXT = 'flex:1 1 320px;margin:0;overflow-wrap:anywhere';
const TITLE = 'display:block;font-weight:700;font-size:16px';
const COMPARE = 'flex:1 1 100%;margin:0;font-size:14px;overflow-wrap:anywhere';
const ORG_MESSAGE =
  'flex:1 1 100%;margin:0;font-size:14px;font-style:italic;overflow-wrap:anywhere;white-space:pre-line';
const HOST = 'font:600 15px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace';
// The differing letters: dark on yellow and underlined, so they stand out without colour too.
const MARK =
  'background:#fde047;color:#111;text-decoration:underline;text-decoration-thickness:2px;border-radius:2px;padding:0 1px';
const BUTTON =
  'flex:none;font:inherit;font-weight:600;padding:6px 14px;border-radius:6px;border:2px solid #fff;background:#fff;color:#7f1d1d;cursor:pointer';

function styled<T extends HTMLElement>(el: T, css: string): T {
  for (const declaration of css.split(';')) {
    const i = declaration.indexOf(':');
    el.style.setProperty(declaration.slice(0, i), declaration.slice(i + 1), 'important');
  }
  return el;
}

export class SignInBanner {
  #overlay: OverlayHost | null = null;
  #bar: HTMLElement | null = null;
  readonly #doc: Document;
  readonly #onDismiss: () => void;
  readonly #onGoReal: (host: string) => void;

  constructor(doc: Document, onDismiss: () => void, onGoReal: (host: string) => void = () => undefined) {
    this.#doc = doc;
    this.#onDismiss = onDismiss;
    this.#onGoReal = onGoReal;
  }

  /** The warning shown now (inside the closed root; our code and tests only), or null. */
  get element(): HTMLElement | null {
    return this.#bar;
  }

  /** Shows `text`, replacing what was shown (a new alert: announced again). */
  show(text: BannerText): void {
    const doc = this.#doc;
    this.#overlay ??= new OverlayHost(doc);
    this.#overlay.ensure();
    this.#bar?.remove();
    const button = styled(h(doc, 'button', { type: 'button', class: 'signin-dismiss' }, [text.dismiss]), BUTTON);
    button.addEventListener('click', () => this.#dismiss());
    const c = text.compare;
    const goReal = c ? styled(h(doc, 'button', { type: 'button', class: 'signin-go-real' }, [c.goReal]), BUTTON) : null;
    goReal?.addEventListener('click', () => c && this.#onGoReal(c.real));
    const compare = c
      ? styled(
          h(doc, 'p', { class: 'signin-compare' }, [
            c.hereLabel,
            ' ',
            styled(
              h(
                doc,
                'span',
                { class: 'signin-here' },
                c.here.map((r) => (r.differs ? styled(h(doc, 'mark', {}, [r.text]), MARK) : r.text)),
              ),
              HOST,
            ),
            h(doc, 'br', {}, []),
            c.realLabel,
            ' ',
            styled(h(doc, 'span', { class: 'signin-real' }, [c.real]), HOST),
          ]),
          COMPARE,
        )
      : null;
    const orgMessage = text.orgMessage
      ? styled(h(doc, 'p', { class: 'signin-org-message' }, [text.orgMessage]), ORG_MESSAGE)
      : null;
    this.#bar = styled(
      h(doc, 'div', { class: 'signin-warning', role: 'alert' }, [
        styled(h(doc, 'p', {}, [styled(h(doc, 'strong', {}, [text.title]), TITLE), ' ', text.body]), TEXT),
        ...(goReal ? [goReal] : []),
        button,
        ...(compare ? [compare] : []),
        ...(orgMessage ? [orgMessage] : []),
      ]),
      BAR,
    );
    this.#overlay.root.append(this.#bar);
  }

  /** Puts the overlay host back if the page removed it (overlay-host.ts `ensure`). */
  ensure(): void {
    if (this.#bar) this.#overlay?.ensure();
  }

  /** The person dismissed it (button or Escape). */
  #dismiss(): void {
    this.hide();
    this.#onDismiss();
  }

  /** Escape pressed: dismisses when shown. */
  escape(): void {
    if (this.#bar) this.#dismiss();
  }

  hide(): void {
    this.#bar?.remove();
    this.#bar = null;
  }

  destroy(): void {
    this.hide();
    this.#overlay?.destroy();
    this.#overlay = null;
  }

  /** Whether `target` is our overlay host (events from inside the banner). */
  isOurs(target: EventTarget | null): boolean {
    return !!this.#overlay?.isHost(target);
  }
}
