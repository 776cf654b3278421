/**
 * Which elements count as links, and the URL we send for them.
 *
 * We send the element's resolved `href` exactly as the browser computed it (absolute, against the
 * document base); the background normalizes it and answers keyed by the very string we sent, so
 * this string is also the key we map verdicts back with.
 *
 * Examples (document at https://site.test/dir/page):
 *   <a href="https://a.test/x">          → 'https://a.test/x'
 *   <a href="/y">                         → 'https://site.test/y'
 *   <area href="http://b.test/">          → 'http://b.test/'
 *   <a href="javascript:alert(1)">        → null  (not http(s): nothing to scan)
 *   <a href="mailto:x@y.test">            → null
 *   <a> (no href)                         → null
 *   <svg><a href="https://c.test/">       → null  (SVG links: href is not a string; rare, skipped)
 *   <a href="https://d.test/AAAA…(>8192)"> → null  (protocol refuses it: MAX_URL_LENGTH)
 */
import { MAX_URL_LENGTH } from '@/src/shared/messaging/limits';

const XHTML = 'http://www.w3.org/1999/xhtml';

/** Elements that may be links we check (`linkUrlOf` decides). */
export const LINK_SELECTOR = 'a[href],area[href]';

/**
 * HTML a/area, by name and namespace rather than instanceof, so it also works for elements of
 * other realms (same-origin frames). Called for every element on the page: it must not touch
 * `href` (resolving it costs a URL parse); SVG <a> has the SVG namespace and is left out.
 */
export function isLinkElement(el: Element): el is HTMLAnchorElement | HTMLAreaElement {
  const name = el.localName;
  return (name === 'a' || name === 'area') && el.namespaceURI === XHTML;
}

/** The http(s) URL a link points to, or null when it is not one we check. */
export function linkUrlOf(el: Element): string | null {
  if (!isLinkElement(el) || !el.hasAttribute('href')) return null;
  const href = el.href;
  if (typeof href !== 'string') return null;
  if (href.length === 0 || href.length > MAX_URL_LENGTH) return null;
  // Case-insensitive scheme check without parsing the URL again (hot path on big pages).
  const head = href.slice(0, 8).toLowerCase();
  if (!head.startsWith('http://') && !head.startsWith('https://')) return null;
  return href;
}

/** The first link on an event's composed path (covers links inside open shadow roots). */
export function linkFromEvent(event: Event): (HTMLAnchorElement | HTMLAreaElement) | null {
  const path = typeof event.composedPath === 'function' ? event.composedPath() : [];
  for (const node of path) {
    if (node && typeof (node as Element).localName === 'string' && isLinkElement(node as Element)) {
      return node as HTMLAnchorElement | HTMLAreaElement;
    }
  }
  return null;
}
