/**
 * Where open shadow roots may be, found without touching every element of the page.
 *
 * Walking the whole DOM to read `shadowRoot` made the browser create a JS wrapper for every
 * element in our world, and keep it as long as the element lives: on a 15,000-element article
 * that was ~450 kB of heap and ~7 ms, for pages that mostly have no shadow root at all (issue
 * 16). `attachShadow` works only on custom elements (a hyphen in the name) and on a short list of
 * ordinary elements; script-made hosts of the second kind are empty containers in practice
 * (`<div id="widget"></div>`, then attachShadow). So the candidates are:
 *
 * | element                                             | candidate? | found by                 |
 * |-----------------------------------------------------|------------|--------------------------|
 * | `<my-widget>` (any content)                         | yes        | XPath on the name        |
 * | `<div></div>`, `<span></span>`, … (empty, may host) | yes        | CSS `:empty` (one query) |
 * | `<div>text or children</div>` with a shadow root    | no (*)     | —                        |
 * | `<p>`, `<li>`, `<a>`, … (may not host at all)       | no         | —                        |
 *
 * (*) Missed at load; found the moment the pointer or keyboard focus goes into it (discovery.ts
 * reads the event's composed path), which is before any click on a link inside it.
 */

/**
 * Elements that may host a shadow root (DOM standard, attachShadow), when empty. `:empty` first:
 * most elements are not empty, and the browser stops there (measured on a 15,000-element page:
 * 0.9 ms, against 2.1 ms for `:is(…):empty`).
 */
export const EMPTY_HOSTS = ':empty:is(article,aside,blockquote,div,footer,h1,h2,h3,h4,h5,h6,header,main,nav,p,section,span)';

const CUSTOM_XPATH = "descendant-or-self::*[contains(local-name(),'-')]";

/**
 * Custom elements in `root` (and `root` itself when it is one), in document order. By XPath in
 * the document (the browser looks at the names, we only get the matches); inside shadow roots,
 * which XPath does not take as a context, and where XPath is missing (happy-dom), by looking at
 * every element: shadow trees are small next to the document.
 */
export function customElementsIn(root: Document | ShadowRoot | Element): Element[] {
  const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument!;
  const out: Element[] = [];
  if (root.nodeType !== 11 && typeof doc.evaluate === 'function') {
    try {
      const r = doc.evaluate(CUSTOM_XPATH, root, null, 7 /* ORDERED_NODE_SNAPSHOT_TYPE */, null);
      for (let i = 0; i < r.snapshotLength; i++) out.push(r.snapshotItem(i) as Element);
      return out;
    } catch {
      // walk below
    }
  }
  if (root.nodeType === 1 && (root as Element).localName.includes('-')) out.push(root as Element);
  for (const el of root.querySelectorAll('*')) if (el.localName.includes('-')) out.push(el);
  return out;
}
