/**
 * "Check all links on this page" when the page's content script has not set itself up: the top
 * frame's content script does nothing until the person first comes to the page (pointer, keyboard,
 * touch: src/content/visit.ts, issue 14 §2 / 16), so a tab nobody has touched yet, or one loaded
 * before Linklens was installed or updated, has no `links.collect` listener. The background then
 * runs `collectLinksInPage` in the tab's top frame itself (`scripting.executeScript`, the
 * extension's isolated world, as the content script would).
 *
 * The function is serialized into the page: it must use nothing from outside its body (no
 * imports, no constants of this module); what it needs comes in `cap`. It reads the same as
 * src/content/collect.ts: http(s) `a[href]`/`area[href]` of the document, of every open shadow
 * root (walked here, the content script's discovery is not there to list them) and of same-origin
 * child frames, deduplicated, in document order, at most `cap`.
 */
import { browser } from 'wxt/browser';

export function collectLinksInPage(cap: number, maxUrlLength: number): string[] {
  const seen = new Set<string>();
  // Elements looked at in total: a bound on a user-started walk of an enormous page.
  let budget = 200_000;
  const fromRoot = (root: Document | ShadowRoot): boolean => {
    for (const el of root.querySelectorAll('*')) {
      if (--budget < 0) return false;
      const name = el.localName;
      if ((name === 'a' || name === 'area') && el.namespaceURI === 'http://www.w3.org/1999/xhtml' && el.hasAttribute('href')) {
        const href = (el as HTMLAnchorElement).href;
        if (typeof href === 'string' && href.length <= maxUrlLength && /^https?:\/\//i.test(href)) seen.add(href);
        if (seen.size >= cap) return false;
      }
      const shadow = el.shadowRoot;
      if (shadow && !fromRoot(shadow)) return false;
    }
    return true;
  };
  if (!fromRoot(document)) return [...seen];
  for (const frame of document.querySelectorAll('iframe,frame')) {
    let inner: Document | null = null;
    try {
      inner = (frame as HTMLIFrameElement).contentDocument; // null when cross-origin
    } catch {
      inner = null;
    }
    if (inner && !fromRoot(inner)) break;
  }
  return [...seen];
}

interface ScriptingLike {
  executeScript(details: {
    target: { tabId: number; frameIds?: number[] };
    func: (...args: never[]) => unknown;
    args?: unknown[];
  }): Promise<{ result?: unknown }[]>;
}

/** Runs the collector in the tab's top frame; null when the browser refuses (no access, a browser page). */
export async function collectViaScripting(
  tabId: number,
  cap: number,
  maxUrlLength: number,
  scripting: () => ScriptingLike | undefined = () => (browser as unknown as { scripting?: ScriptingLike }).scripting,
): Promise<unknown> {
  const api = scripting();
  if (!api) return null;
  try {
    const [first] = await api.executeScript({ target: { tabId, frameIds: [0] }, func: collectLinksInPage as never, args: [cap, maxUrlLength] });
    // Shaped like the content script's reply, so one schema checks both (the page's realm made it).
    return { ok: true, data: { urls: first?.result } };
  } catch {
    return null;
  }
}
