// Reads the content script's UI from outside the page (docs/decisions/013-content-script.md browser tests). The UI is ONE
// `<linklens-overlay>` element with a CLOSED shadow root (src/content/overlay/overlay-host.ts):
// neither the page nor Playwright's selectors can look inside, but the DevTools protocol can:
// `DOM.describeNode({depth: -1, pierce: true})` includes closed shadow roots, and
// `Accessibility.getFullAXTree` gives what assistive technology is told.
//
// What is inside (overlay-host.ts header): `.badge.warn|.badge.block` (role img, aria-label
// "Linklens: …"), `.mark` boxes, `.tip` (role tooltip), `[role=status]`, and while a link waits
// for confirmation a `dialog.confirm` with buttons `.back` ("Go back") and `.open` ("Open anyway").
import type { CDPSession, Page } from 'playwright-core';

export const OVERLAY_TAG = 'linklens-overlay';

interface CdpNode {
  nodeId: number;
  backendNodeId: number;
  nodeType: number;
  nodeName: string;
  localName?: string;
  nodeValue?: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: (CdpNode & { shadowRootType?: string })[];
}

export interface OverlayElement {
  backendNodeId: number;
  localName: string;
  attributes: Record<string, string>;
  /** The element's text (its text nodes, in order, joined by a space; whitespace collapsed). */
  text: string;
  hidden: boolean;
}

export interface OverlaySnapshot {
  /** Hosts found in the top document (one expected: one overlay per page, not per link). */
  hostCount: number;
  /** The mode CDP reports for the host's shadow root ('closed' expected). */
  shadowRootType: string | null;
  badges: OverlayElement[];
  marks: OverlayElement[];
  /** The tooltip element (role tooltip), whether shown or hidden. */
  tooltip: OverlayElement | null;
  /** The open confirmation dialog, if any, and its buttons. */
  dialog: (OverlayElement & { open: boolean; buttons: OverlayElement[] }) | null;
}

const attrs = (n: CdpNode): Record<string, string> => {
  const out: Record<string, string> = {};
  const a = n.attributes ?? [];
  for (let i = 0; i + 1 < a.length; i += 2) out[a[i]!] = a[i + 1]!;
  return out;
};

function textOf(n: CdpNode): string {
  const parts: string[] = [];
  const walk = (x: CdpNode) => {
    if (x.nodeType === 3 && x.nodeValue) parts.push(x.nodeValue);
    for (const c of x.children ?? []) walk(c);
  };
  walk(n);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

function describe(n: CdpNode, hiddenAbove = false): OverlayElement {
  const a = attrs(n);
  return {
    backendNodeId: n.backendNodeId,
    localName: n.localName ?? n.nodeName.toLowerCase(),
    attributes: a,
    text: textOf(n),
    hidden: hiddenAbove || 'hidden' in a,
  };
}

/** Every element node under `n` (light children and shadow roots), with an inherited hidden flag. */
function elements(
  n: CdpNode,
  out: { node: CdpNode; hidden: boolean }[] = [],
  hidden = false,
): { node: CdpNode; hidden: boolean }[] {
  for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) {
    const isEl = c.nodeType === 1;
    const h = hidden || (isEl && 'hidden' in attrs(c));
    if (isEl) out.push({ node: c, hidden: h });
    elements(c, out, h);
  }
  return out;
}

const classes = (n: CdpNode) => (attrs(n).class ?? '').split(/\s+/);

export class OverlayInspector {
  private constructor(
    private readonly page: Page,
    private readonly session: CDPSession,
  ) {}

  static async open(page: Page): Promise<OverlayInspector> {
    const session = await page.context().newCDPSession(page);
    return new OverlayInspector(page, session);
  }

  async snapshot(): Promise<OverlaySnapshot> {
    const { root } = (await this.session.send('DOM.getDocument', { depth: 0 })) as { root: CdpNode };
    const { nodeIds } = (await this.session.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: OVERLAY_TAG,
    })) as { nodeIds: number[] };
    const empty: OverlaySnapshot = {
      hostCount: nodeIds.length,
      shadowRootType: null,
      badges: [],
      marks: [],
      tooltip: null,
      dialog: null,
    };
    if (nodeIds.length === 0) return empty;
    const { node: host } = (await this.session.send('DOM.describeNode', {
      nodeId: nodeIds[0],
      depth: -1,
      pierce: true,
    })) as { node: CdpNode };
    const shadow = host.shadowRoots?.[0];
    if (!shadow) return empty;
    const all = elements(host);
    const tip = all.find((e) => attrs(e.node).role === 'tooltip');
    const dialogEl = all.find((e) => e.node.localName === 'dialog');
    return {
      hostCount: nodeIds.length,
      shadowRootType: shadow.shadowRootType ?? null,
      badges: all.filter((e) => classes(e.node).includes('badge')).map((e) => describe(e.node, e.hidden)),
      marks: all.filter((e) => classes(e.node).includes('mark')).map((e) => describe(e.node, e.hidden)),
      tooltip: tip ? describe(tip.node, tip.hidden) : null,
      dialog: dialogEl
        ? {
            ...describe(dialogEl.node, dialogEl.hidden),
            open: 'open' in attrs(dialogEl.node),
            buttons: elements(dialogEl.node)
              .filter((e) => e.node.localName === 'button')
              .map((e) => describe(e.node, e.hidden)),
          }
        : null,
    };
  }

  /** Role and accessible name of every node the accessibility tree exposes (ignored nodes left out). */
  async accessibleNodes(): Promise<{ role: string; name: string }[]> {
    const { nodes } = (await this.session.send('Accessibility.getFullAXTree', {})) as {
      nodes: { ignored?: boolean; role?: { value?: string }; name?: { value?: string } }[];
    };
    return nodes
      .filter((n) => !n.ignored)
      .map((n) => ({ role: String(n.role?.value ?? ''), name: String(n.name?.value ?? '') }));
  }

  /** Clicks an element inside the closed root with the real mouse, at the centre of its box. */
  async click(backendNodeId: number): Promise<void> {
    const { quads } = (await this.session.send('DOM.getContentQuads', { backendNodeId })) as { quads: number[][] };
    const q = quads[0];
    if (!q) throw new Error(`Element ${backendNodeId} has no box to click (hidden or detached)`);
    const x = (q[0]! + q[2]! + q[4]! + q[6]!) / 4;
    const y = (q[1]! + q[3]! + q[5]! + q[7]!) / 4;
    await this.page.mouse.click(x, y);
  }

  close(): Promise<void> {
    return this.session.detach().catch(() => undefined);
  }
}
