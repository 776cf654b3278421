/**
 * The small note under a held password field: "Linklens is checking this site…". A
 * `<linklens-hold-note>` host with a CLOSED shadow root (like the overlay, overlay-host.ts): the
 * page sees one empty element, never its text. The text is our own message, set as text.
 * Placed below the field once when shown; it goes when the hold ends.
 */
import { h } from '../overlay/dom';

export const NOTE_TAG = 'linklens-hold-note';

const HOST_STYLE = 'all:initial;position:absolute;z-index:2147483647;pointer-events:none;display:block';
const NOTE_CSS =
  '.note{font:13px/1.35 system-ui,sans-serif;color:#1b1f24;background:#fff8d6;border:1px solid #b58a00;border-radius:6px;padding:4px 8px;max-width:320px;box-shadow:0 1px 4px rgba(0,0,0,.2)}';

export class HoldNote {
  readonly #doc: Document;
  #host: HTMLElement | null = null;
  #text: HTMLElement | null = null;

  constructor(doc: Document) {
    this.#doc = doc;
  }

  get shown(): boolean {
    return this.#host?.isConnected === true;
  }

  /** Shows `text` under `field` (moves it there, with its text, if it is shown under another). */
  show(field: HTMLElement, text: string): void {
    const doc = this.#doc;
    const parent = doc.documentElement;
    if (!parent || !text) return;
    if (!this.#host) {
      const host = doc.createElement(NOTE_TAG);
      for (const declaration of HOST_STYLE.split(';')) {
        const [prop, value] = declaration.split(':') as [string, string];
        host.style.setProperty(prop, value, 'important');
      }
      const root = host.attachShadow({ mode: 'closed' });
      this.#text = h(doc, 'div', { class: 'note', role: 'status', 'aria-live': 'polite' });
      root.append(h(doc, 'style', {}, [NOTE_CSS]), this.#text);
      this.#host = host;
    }
    if (this.#text && this.#text.textContent !== text) this.#text.textContent = text;
    const box = field.getBoundingClientRect();
    const win = doc.defaultView;
    this.#host.style.setProperty('left', `${Math.round(box.left + (win?.scrollX ?? 0))}px`, 'important');
    this.#host.style.setProperty('top', `${Math.round(box.bottom + (win?.scrollY ?? 0) + 4)}px`, 'important');
    if (this.#host.parentNode !== parent) parent.append(this.#host);
  }

  remove(): void {
    this.#host?.remove();
  }
}
