// Reads the content script's overlay (`<linklens-overlay>`, closed shadow root) from outside the
// page: CDP DOM.getDocument with pierce sees inside closed roots, which neither the page nor a
// Playwright selector can (src/content/overlay/overlay-host.ts says so for the tests).
import type { Page } from 'playwright-core';

interface DomNode {
  nodeType: number;
  nodeName: string;
  localName?: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
  shadowRootType?: string;
  contentDocument?: DomNode;
}

export interface OverlayView {
  /** Whether the page has our overlay host, and the type of its shadow root. */
  shadowRootType: string | null;
  /** Every text inside the shadow root, joined by spaces. */
  text: string;
  /** The tooltip's text, or null when it is hidden or absent. */
  tooltip: string | null;
  /** aria-labels of the markers' badges (e.g. "Linklens: …"). */
  badges: string[];
  /** Lower-case tag names of every element inside the shadow root. */
  elements: string[];
  /** `tag[attr=value]` for every on* attribute inside (our code sets none). */
  handlerAttributes: string[];
}

const attrs = (n: DomNode): Record<string, string> => {
  const out: Record<string, string> = {};
  const a = n.attributes ?? [];
  for (let i = 0; i + 1 < a.length; i += 2) out[a[i]!] = a[i + 1]!;
  return out;
};

/** Text of a subtree (text nodes only; not into iframes). */
function textOf(n: DomNode): string {
  if (n.nodeType === 3) return n.nodeValue ?? '';
  return [...(n.children ?? []), ...(n.shadowRoots ?? [])].map(textOf).join(' ');
}

function walk(n: DomNode, visit: (n: DomNode) => void): void {
  visit(n);
  for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) walk(c, visit);
}

/** Finds our host in the main document (not in frames' documents). */
function findHost(n: DomNode): DomNode | null {
  if (n.localName === 'linklens-overlay') return n;
  for (const c of n.children ?? []) {
    const found = findHost(c);
    if (found) return found;
  }
  return null;
}

export async function readOverlay(page: Page): Promise<OverlayView> {
  const session = await page.context().newCDPSession(page);
  try {
    const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const host = findHost(root);
    const shadow = host?.shadowRoots?.[0];
    if (!host || !shadow)
      return { shadowRootType: null, text: '', tooltip: null, badges: [], elements: [], handlerAttributes: [] };
    const view: OverlayView = {
      shadowRootType: shadow.shadowRootType ?? null,
      text: textOf(shadow).replace(/\s+/g, ' ').trim(),
      tooltip: null,
      badges: [],
      elements: [],
      handlerAttributes: [],
    };
    walk(shadow, (n) => {
      if (n.nodeType !== 1) return;
      const a = attrs(n);
      const name = (n.localName ?? n.nodeName).toLowerCase();
      view.elements.push(name);
      for (const [k, v] of Object.entries(a))
        if (k.toLowerCase().startsWith('on')) view.handlerAttributes.push(`${name}[${k}=${v}]`);
      const classes = (a.class ?? '').split(/\s+/);
      if (classes.includes('tip') && !('hidden' in a)) view.tooltip = textOf(n).replace(/\s+/g, ' ').trim();
      if (classes.includes('badge') && a['aria-label']) view.badges.push(a['aria-label']);
    });
    return view;
  } finally {
    await session.detach().catch(() => undefined);
  }
}
