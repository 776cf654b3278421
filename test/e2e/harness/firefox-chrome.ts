// Firefox's own (privileged) JavaScript, reached over WebDriver BiDi: with
// `--remote-allow-system-access` (launchFirefox passes it) `browsingContext.getTree` with
// `moz:scope: 'chrome'` lists the browser window itself, and `script.evaluate` runs there with
// system rights. The journeys use it for what a web-content driver cannot see:
//   - the accessibility tree of a tab, which (like a screen reader) sees inside closed shadow
//     roots: the parent process holds a cache of every content process's tree;
//   - the event page's state (`extension.backgroundState`: 'running' | 'stopped' | …), to know
//     the background really was suspended (there is no stopWorker in Firefox, Firefox fills storage.managed from policies.json);
//   - script errors from every extension context (background event page, extension pages,
//     content scripts): they are forwarded to the parent's console service as nsIScriptError.
//     console.error() calls inside the background are NOT forwarded there and stay unseen.
// `browser.connection` is internal to puppeteer-core (checked against 24.43, pinned in the lockfile).
import type { Browser } from 'puppeteer-core';
import type { CollectedError } from './errors';

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

interface EvaluateResult {
  type: 'success' | 'exception';
  result?: { type: string; value?: unknown };
  exceptionDetails?: { text?: string };
}

export interface FirefoxChrome {
  /** Runs `expression` (which must evaluate to a JSON string) in the browser window; parsed. */
  evaluateJson<T>(expression: string): Promise<T>;
  backgroundState(addonId: string): Promise<string>;
  /**
   * about:addons → "Run in Private Windows" for the add-on: the private-browsing permission
   * (ExtensionPermissions, as about:addons grants it), then a reload so it applies. Resolves once
   * the add-on runs again.
   */
  allowPrivateBrowsing(addonId: string): Promise<void>;
  /**
   * Role and name of every accessible in the tab showing `url` (first match), as the
   * accessibility service reports them: roles are Firefox's (e.g. 'tooltip', 'graphic').
   * Starts the accessibility service on first use.
   */
  accessibleNodes(url: string): Promise<{ role: string; name: string }[]>;
  /** Starts collecting error-level script errors whose source is moz-extension://<uuid>/. */
  watchExtensionErrors(uuid: string): Promise<void>;
  /** What was collected since the previous call. */
  takeExtensionErrors(): Promise<CollectedError[]>;
}

const ERRORS_GLOBAL = '__linklensHarnessErrors';

export function connectionOf(browser: Browser): BidiConnection {
  const connection = (browser as unknown as { connection?: BidiConnection }).connection;
  if (!connection) throw new Error('No WebDriver BiDi connection on this puppeteer Browser (is it Firefox?).');
  return connection;
}

export async function firefoxChrome(browser: Browser): Promise<FirefoxChrome> {
  const connection = connectionOf(browser);
  // Right after start (on a busy machine) the browser window may not be listed yet, and another
  // chrome context has no `Services`/`gBrowser`: wait for the window itself.
  let window: { context: string; url: string } | undefined;
  let seen: string[] = [];
  for (const end = Date.now() + 15_000; !window && Date.now() < end;) {
    const tree = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as {
      contexts: { context: string; url: string }[];
    };
    seen = tree.contexts.map((c) => c.url);
    window = tree.contexts.find((c) => c.url === 'chrome://browser/content/browser.xhtml');
    if (!window) await new Promise((r) => setTimeout(r, 100));
  }
  if (!window)
    throw new Error(
      `No browser window among the chrome contexts (${seen.join(', ') || 'none'}): was Firefox started with --remote-allow-system-access? (firefox-esr 140 ignores moz:scope here; 153 honours it)`,
    );

  async function evaluateJson<T>(expression: string): Promise<T> {
    const raw = (
      await connection.send('script.evaluate', { expression, target: { context: window!.context }, awaitPromise: true })
    ).result as EvaluateResult;
    if (raw.type !== 'success' || typeof raw.result?.value !== 'string') {
      throw new Error(
        `Chrome-scope evaluation failed: ${raw.exceptionDetails?.text ?? JSON.stringify(raw)}\n${expression}`,
      );
    }
    return JSON.parse(raw.result.value) as T;
  }

  return {
    evaluateJson,
    backgroundState: (addonId) =>
      evaluateJson<string>(`(() => {
        const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
        const extension = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(addonId)});
        return JSON.stringify(extension ? String(extension.backgroundState) : 'not installed');
      })()`),
    async allowPrivateBrowsing(addonId) {
      await evaluateJson(`(async () => {
        const { ExtensionPermissions } = ChromeUtils.importESModule('resource://gre/modules/ExtensionPermissions.sys.mjs');
        const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
        const id = ${JSON.stringify(addonId)};
        const addon = await AddonManager.getAddonByID(id);
        if (!addon) throw new Error('add-on ' + id + ' is not installed');
        const policy = WebExtensionPolicy.getByID(id);
        await ExtensionPermissions.add(id, { permissions: ['internal:privateBrowsingAllowed'], origins: [] }, policy && policy.extension);
        await addon.reload();
        return JSON.stringify(WebExtensionPolicy.getByID(id) ? WebExtensionPolicy.getByID(id).privateBrowsingAllowed : false);
      })()`);
    },
    accessibleNodes: (url) =>
      evaluateJson<{ role: string; name: string }[]>(`(() => {
        const service = Cc['@mozilla.org/accessibilityService;1'].getService(Ci.nsIAccessibilityService);
        const tab = [...gBrowser.tabs].find((t) => t.linkedBrowser.currentURI.spec === ${JSON.stringify(url)});
        if (!tab) throw new Error('no tab shows ' + ${JSON.stringify(url)});
        const out = [];
        const walk = (acc, depth) => {
          if (!acc || depth > 60) return;
          out.push({ role: service.getStringRole(acc.role), name: acc.name || '' });
          for (let c = acc.firstChild; c; c = c.nextSibling) walk(c, depth + 1);
        };
        walk(service.getAccessibleFor(tab.linkedBrowser), 0);
        return JSON.stringify(out);
      })()`),
    async watchExtensionErrors(uuid) {
      await evaluateJson(`(() => {
        if (window.${ERRORS_GLOBAL}) return '0';
        const store = (window.${ERRORS_GLOBAL} = []);
        const prefix = ${JSON.stringify(`moz-extension://${uuid}/`)};
        Services.console.registerListener({
          observe(m) {
            if (!(m instanceof Ci.nsIScriptError)) return;
            // Errors only: warnings (1) and info (8) are not failures.
            if (m.flags & (Ci.nsIScriptError.warningFlag | Ci.nsIScriptError.infoFlag)) return;
            if (!String(m.sourceName).startsWith(prefix)) return;
            // zod 4 probes for eval once per context (new Function('') in a try/catch,
            // zod/v4/core util.allowsEval) and falls back when the CSP refuses it. Nothing fails,
            // but Firefox reports the refusal as an error (Chromium logs the same refusal where
            // Playwright does not collect it). This drops every eval refusal in extension code;
            // our own code cannot eval (eslint no-eval, no-implied-eval, no-new-func).
            if (m.category === 'CSP_CSPEvalScriptViolation' && String(m.errorMessage).includes("Missing 'unsafe-eval'")) return;
            // A tab or extension page that closes (or navigates, e.g. to the blocked page) while
            // one of its runtime.sendMessage calls is still unanswered: Firefox reports the
            // orphaned promise ("after context unloaded", or "while context is inactive" when the
            // document is on its way out). The context is gone; nobody could have handled it.
            if (/^Promise (rejected|resolved) (after context unloaded|while context is inactive)/.test(String(m.errorMessage))) return;
            store.push({ category: String(m.category), url: String(m.sourceName), text: String(m.errorMessage) });
          },
        });
        return '0';
      })()`);
    },
    async takeExtensionErrors() {
      const raw = await evaluateJson<{ category: string; url: string; text: string }[]>(
        `JSON.stringify((window.${ERRORS_GLOBAL} || []).splice(0))`,
      );
      return raw.map((e) => ({
        source: e.url.endsWith('/background.js') ? 'worker' : 'page',
        // Uncaught exceptions and unhandled rejections are reported as "… javascript" errors.
        kind: /javascript$/.test(e.category) ? 'uncaught' : 'console',
        url: e.url,
        text: `[${e.category}] ${e.text}`,
      }));
    },
  };
}
