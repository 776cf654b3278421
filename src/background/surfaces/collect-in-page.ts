/**
 * The page's links for "Check all links on this page" (page-scans.ts), read by the background
 * itself: `collectLinksInPage` runs in the tab's top frame through `scripting.executeScript` (the
 * extension's isolated world). Not asked of the content script: it does nothing until the person
 * first comes to the page (src/content/visit.ts, docs/decisions/013-content-script.md), a tab loaded before Linklens
 * was installed or updated has none, and a page's script gets no say in what is counted.
 *
 * The function is serialized into the page: it must use nothing from outside its body (no
 * imports, no constants of this module); what it needs comes in its arguments. It reads http(s)
 * `a[href]`/`area[href]` of the document, of every open shadow root and of same-origin child
 * frames, deduplicated, in document order, at most `cap`.
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
      if (
        (name === 'a' || name === 'area') &&
        el.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
        el.hasAttribute('href')
      ) {
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
    const [first] = await api.executeScript({
      target: { tabId, frameIds: [0] },
      func: collectLinksInPage as never,
      args: [cap, maxUrlLength],
    });
    // Checked by page-scans.ts like any reply (made in a realm the page shares its DOM with).
    return { ok: true, data: { urls: first?.result } };
  } catch {
    return null;
  }
}
