// One small driver interface over both browsers, so each main journey is written once and runs in
// Chromium and in Firefox (docs/decisions/018-tests.md, "Firefox, for real": "One journey definition, two browsers").
// driver-chromium.ts implements it on Playwright (CDP), driver-firefox.ts on puppeteer-core
// (WebDriver BiDi). Journeys only use what is here; anything browser-specific stays behind it.
import type { BrowserKind } from '../../../scripts/lib/browsers.mjs';
import type { Reply } from '../../../src/shared/messaging/protocol';
import type { CollectedError } from './errors';

export interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type AccessibleRole = 'button' | 'link';

/** One tab, whichever browser shows it. */
export interface JourneyPage {
  /**
   * The URL the tab shows now. Read from the browser, not from navigation events: Firefox sends
   * none for moz-extension:// pages (page.goto hangs on moz-extension:// pages), so e.g. a redirect to blocked.html would
   * otherwise go unseen.
   */
  currentUrl(): Promise<string>;
  /** Runs `fn(arg)` in the page (serialised: no closures over test variables). */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /**
   * Evaluates script source text in the page's main world, outside the page's CSP (the driver's
   * own channel: CDP Runtime.evaluate, BiDi script.evaluate): how axe is put into extension pages,
   * whose CSP refuses inline scripts. Resolves with the expression's value (JSON-able).
   */
  evaluateSource(source: string): Promise<unknown>;
  /**
   * The colour scheme the page's `prefers-color-scheme` matches (null: the browser's own).
   * Chromium emulates it for this page (CDP); Firefox sets its "website appearance" override
   * (pref layout.css.prefers-color-scheme.content-override), which applies to every tab.
   */
  colorScheme(scheme: 'light' | 'dark' | null): Promise<void>;
  /** Types `value` into the field whose <label> reads exactly `label` (replacing what it held). */
  fillByLabel(label: string, value: string): Promise<void>;
  /** Clicks the element with this role and exact accessible name, with the real pointer. */
  click(role: AccessibleRole, name: string): Promise<void>;
  /** Moves the real pointer onto the centre of the first element matching the CSS selector. */
  hover(selector: string): Promise<void>;
  /**
   * Presses one key on the real keyboard (key names as in KeyboardEvent.key: 'Tab', 'Enter',
   * ' ', 'Escape'; 'Shift+Tab' for a chord), into whatever has focus: keyboard-only journeys.
   */
  press(key: string): Promise<void>;
  /**
   * Role and accessible name of every node in the page's accessibility tree, as assistive
   * technology gets them: closed shadow roots included (Chromium: CDP Accessibility.getFullAXTree;
   * Firefox: the accessibility service from chrome scope). Role names are the browser's own,
   * except 'tooltip', 'dialog' and 'document', which both share.
   */
  accessibleNodes(): Promise<{ role: string; name: string }[]>;
  /**
   * Runs `fn(arg)` in the extension's content-script world of this tab's top frame: attacker
   * code with exactly a content script's powers (docs/decisions/001-content-tier.md, "a compromised content script").
   * Chromium: CDP Runtime.evaluate in the extension's isolated world (content-world.ts).
   * Firefox: scripting.executeScript from the driver's extension page, which needs a driver
   * launched with `contentScriptAccess` (content-script-access.ts says why and what changes).
   * `fn` must be self-contained (it is serialized) and return JSON-able data; it sees the
   * extension API as `browser` (Firefox, Chromium ≥ 148) or `chrome`.
   */
  inContentScript<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** A PNG of the viewport, or of `clip` (CSS pixels of the viewport). */
  screenshot(clip?: Clip): Promise<Buffer>;
  close(): Promise<void>;
}

/** A declarativeNetRequest rule as the browser reports it (the fields tests read). */
export interface ExtensionRule {
  id: number;
  priority: number;
  action: { type: string };
  condition: { regexFilter?: string; requestDomains?: string[]; tabIds?: number[] };
}

/** A tab known by its id only (e.g. in a private window): where it is, and closing it. */
export interface TabHandle {
  readonly tabId: number;
  /** The tab's URL as the browser's tabs API reports it (the committed document's). */
  currentUrl(): Promise<string>;
  close(): Promise<void>;
}

/** What suspendBackground did, for the test's own assertions and its log. */
export interface Suspension {
  /** How the background was ended: 'stopWorker' (CDP) or 'idle-timeout' (Firefox event page). */
  how: 'stopWorker' | 'idle-timeout';
  /** The background's state as the browser reports it after the call: 'stopped' expected. */
  state: string;
  /** Time from the call until the browser reported the background stopped. */
  tookMs: number;
}

export interface JourneyDriver {
  readonly kind: BrowserKind;
  /** 'Chromium' or 'Firefox', for test names. */
  readonly label: string;
  /** The extension page's URL: chrome-extension://<id>/<path> or moz-extension://<uuid>/<path>. */
  extensionUrl(path: string): string;
  /** A new tab showing one of the extension's pages, loaded. */
  openExtensionPage(path: string): Promise<JourneyPage>;
  /**
   * A new tab navigated to a web page. Resolves once the page's DOM is ready, or once the
   * extension redirected the tab to one of its own pages (the blocked page): both are outcomes.
   */
  openWebPage(url: string, viewport?: { width: number; height: number }): Promise<JourneyPage>;
  /**
   * Opens `url` in a new tab through the extension's tabs API, without waiting for it to load:
   * for tests about where a tab ends up. `private`: in a new private (incognito) window, which
   * needs a driver launched with `allowPrivate`.
   */
  openTab(url: string, opts?: { private?: boolean }): Promise<TabHandle>;
  /**
   * The extension's declarativeNetRequest rules as the browser holds them (read from one of its
   * pages): tests wait for a rule before navigating, since rules follow a verdict a moment later.
   */
  extensionRules(): Promise<{ dynamic: ExtensionRule[]; session: ExtensionRule[] }>;
  /** runtime.sendMessage from an extension page (the privileged tier): the background's reply. */
  sendExtensionMessage<T = unknown>(message: unknown): Promise<Reply<T>>;
  /** The browser's tab id of `page` (tabs.query from an extension page, matched by URL). */
  tabIdOf(page: JourneyPage): Promise<number>;
  /**
   * Resolves once the browser reports the extension's background stopped, the way it stops when
   * idle: Chromium's service worker is stopped through CDP (ServiceWorker.stopWorker); Firefox's
   * event page is left to suspend on its own idle timeout (set short for the session). Sends
   * nothing to the background. The next extension event (alarm, message, navigation) starts it
   * again.
   */
  suspendBackground(): Promise<Suspension>;
  /** Errors (console errors, uncaught errors) from extension contexts and pages since the last call. */
  takeErrors(): Promise<CollectedError[]>;
  close(): Promise<void>;
}

/** Launch options shared by both drivers. */
export interface DriverOptions {
  extensionDir: string;
  /**
   * Firefox only: run a copy of the build with the `scripting` permission added, so that
   * JourneyPage.inContentScript works (Chromium reaches the content-script world over CDP and
   * needs nothing).
   */
  contentScriptAccess?: boolean;
  /**
   * Let the extension run in private windows, as a person does in the browser's extension
   * settings (neither browser allows it by default): Chromium's chrome://extensions "Allow in
   * Incognito" (developerPrivate, developer mode on), Firefox's "Run in Private Windows"
   * (ExtensionPermissions from chrome scope). Both reload the extension once, before the test.
   */
  allowPrivate?: boolean;
  /**
   * Accept the service's test-only certificate (test/service/tls.ts) for its HTTP/2 mode: Chromium
   * accepts exactly this key hash (base64 SHA-256 of its SPKI, `--ignore-certificate-errors-spki-list`);
   * Firefox, which has no such switch, accepts any certificate in its throwaway test profile.
   */
  acceptSpki?: string;
}
