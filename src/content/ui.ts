/**
 * Everything the person can see of Linklens in a page, built the first time something is to be
 * shown (a marker, the tooltip, the confirmation, an announcement) and not before: the overlay
 * host, its closed shadow root and style sheet, the markers' layer, the tooltip and the dialog.
 * Most pages never show a warning; building it on every load was a third of the content
 * script's cost there (docs/decisions/013-content-script.md: style sheet parsing and the host's first layout).
 *
 * Code that only asks ("is the tooltip on this link?") reads `built` and gets null while nothing
 * was shown; code that shows calls `get()`.
 */
import { ConfirmDialog } from './overlay/confirm-dialog';
import type { Size } from './overlay/geometry';
import { Markers } from './overlay/markers';
import { OverlayHost } from './overlay/overlay-host';
import { Tooltip } from './overlay/tooltip';
import { linkUrlOf } from './link-url';

/** Opens the report page for a flagged link (report.open): null when it opened, else what to say. */
export type ReportUrl = (url: string) => Promise<string | null>;

export interface UiParts {
  overlay: OverlayHost;
  markers: Markers;
  tooltip: Tooltip;
  dialog: ConfirmDialog;
}

export class PageUi {
  #parts: UiParts | null = null;

  readonly #doc: Document;
  readonly #viewport: () => Size;
  readonly #report: ReportUrl;

  constructor(doc: Document, viewport: () => Size, report: ReportUrl) {
    this.#doc = doc;
    this.#viewport = viewport;
    this.#report = report;
  }

  /** The parts, or null while nothing has been shown. */
  get built(): UiParts | null {
    return this.#parts;
  }

  get(): UiParts {
    if (this.#parts) return this.#parts;
    const overlay = new OverlayHost(this.#doc);
    this.#parts = {
      overlay,
      markers: new Markers(overlay, this.#viewport),
      // The link's URL as it is now (the page may have changed its href since the tooltip opened).
      tooltip: new Tooltip(overlay, this.#viewport, (anchor) => this.#report(linkUrlOf(anchor) ?? '')),
      dialog: new ConfirmDialog(overlay, this.#report),
    };
    return this.#parts;
  }

  /** Whether `target` is our overlay host (events from inside it are retargeted to it). */
  isOurs(target: EventTarget | Node | null): boolean {
    return !!this.#parts?.overlay.isHost(target);
  }

  /** Removes everything shown (the app has stopped: nothing asks for the parts again). */
  destroy(): void {
    if (!this.#parts) return;
    const { overlay, markers, tooltip, dialog } = this.#parts;
    dialog.close(false);
    markers.clear();
    tooltip.hide();
    overlay.destroy();
  }
}
