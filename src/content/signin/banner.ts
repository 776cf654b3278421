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

export interface BannerText {
  title: string;
  body: string;
  dismiss: string;
}

const BAR =
  'position:fixed;top:0;left:0;right:0;box-sizing:border-box;pointer-events:auto;display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;padding:12px 16px;background:#7f1d1d;color:#fff;border-bottom:3px solid #fca5a5;font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;text-align:left;box-shadow:0 4px 16px rgba(0,0,0,.4)';
const TEXT = 'flex:1 1 320px;margin:0;overflow-wrap:anywhere';
const TITLE = 'display:block;font-weight:700;font-size:16px';
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

  constructor(doc: Document, onDismiss: () => void) {
    this.#doc = doc;
    this.#onDismiss = onDismiss;
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
    this.#bar = styled(
      h(doc, 'div', { class: 'signin-warning', role: 'alert' }, [
        styled(h(doc, 'p', {}, [styled(h(doc, 'strong', {}, [text.title]), TITLE), ' ', text.body]), TEXT),
        button,
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
