/**
 * The ONE overlay host per document (docs/decisions/013-content-script.md; createShadowRootUi fetches its CSS on each call: never a shadow UI per link).
 * A `<linklens-overlay>` element with a CLOSED shadow root: the page sees one empty element and
 * nothing of what is inside it (which links are flagged, what the tooltip says). The element is
 * created at start-up on every page, so its presence says nothing about this page's verdicts.
 *
 * Only our own code holds `root` (tests use it too); the page gets `null` from `host.shadowRoot`.
 *
 * For browser tests (which cannot pierce a closed root with selectors): CDP
 * `DOM.getDocument({depth: -1, pierce: true})` or `Accessibility.getFullAXTree` sees inside.
 * Inside: `.badge.warn|.badge.block` (role img, name "Linklens: …"), `.mark`, `.tip`
 * (role tooltip), `[role=status]` (announcements), `dialog.confirm` with `.open` ("Open
 * anyway", absent when policy forbids) and `.back` ("Go back", focused first: Shift+Tab, Enter
 * reaches "Open anyway" from the keyboard).
 */
import { h } from './dom';
import { OVERLAY_CSS } from './styles';

/** Stable tag name: the browser tests find the host by it (and nothing else is exposed). */
export const OVERLAY_TAG = 'linklens-overlay';

/** Inline !important declarations beat every page stylesheet rule for the host's own box. */
const HOST_STYLE =
  'all:initial;display:block;position:fixed;inset:0;margin:0;padding:0;border:0;overflow:hidden;pointer-events:none;z-index:2147483647;visibility:visible;opacity:1;transform:none;filter:none';

export class OverlayHost {
  readonly host: HTMLElement;
  /** The closed shadow root. Never handed to the page. */
  readonly root: ShadowRoot;
  /** Markers (boxes and badges). */
  readonly layer: HTMLDivElement;
  /** Polite live region for announcements (tooltip text on keyboard focus). */
  readonly live: HTMLDivElement;

  readonly #doc: Document;

  constructor(doc: Document) {
    this.#doc = doc;
    this.host = doc.createElement(OVERLAY_TAG);
    for (const declaration of HOST_STYLE.split(';')) {
      const [prop, value] = declaration.split(':') as [string, string];
      this.host.style.setProperty(prop, value, 'important');
    }
    this.root = this.host.attachShadow({ mode: 'closed' });
    this.#adoptStyles();
    this.layer = h(doc, 'div', { class: 'layer' });
    this.live = h(doc, 'div', { class: 'sr-only', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.root.append(this.layer, this.live);
    this.ensure();
  }

  /**
   * Puts the host (back) into the document. A page may remove it or replace its whole
   * documentElement; we come back the next time there is something to show.
   */
  ensure(): void {
    const parent = this.#doc.documentElement;
    if (!parent) return;
    if (this.host.parentNode !== parent) parent.append(this.host);
  }

  /** True for our host (events from inside the closed root are retargeted to it). */
  isHost(target: EventTarget | null): boolean {
    return target === this.host;
  }

  destroy(): void {
    this.host.remove();
  }

  #adoptStyles(): void {
    // A constructed sheet is not subject to the page's CSP style-src; a <style> element can be.
    // Firefox content scripts may refuse adoptedStyleSheets across the xray boundary: fall back.
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(OVERLAY_CSS);
      this.root.adoptedStyleSheets = [sheet];
      // Read back: an engine that ignores the assignment (xrays) must not leave us unstyled.
      if (this.root.adoptedStyleSheets.length === 1) return;
    } catch {
      // fall through
    }
    this.root.append(h(this.#doc, 'style', {}, [OVERLAY_CSS]));
  }
}
