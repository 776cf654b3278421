/**
 * Chunked discovery of links. Subtrees to look at are queued (by the initial scan and by the
 * mutation observer, which does nothing else: style.md 9, uBlock Origin's "do not handle added
 * nodes directly from within the mutation observer"); `runChunk` walks them until one of its
 * limits is reached and remembers where it stopped. The caller yields to the page between chunks,
 * so no single task grows past a few milliseconds however many links the page has (issue 4: no
 * task ≥ 50 ms on a 5,000-link page).
 *
 * Limits per chunk (whichever comes first):
 * | limit        | default | why                                                          |
 * |--------------|---------|--------------------------------------------------------------|
 * | budgetMs     | 8       | half a 60 Hz frame; checked every 8 elements (a cold, not yet |
 * |              |         | optimized walk ran 30 ms between checks every 32 on a         |
 * |              |         | 50,000-link page: BENCHMARKS.md §3)                           |
 * | maxElements  | 2000    | bounds a chunk even when the clock is coarse or frozen       |
 * | maxLinks     | 250     | a link costs more than an element (href resolution, observe) |
 * So a 5,000-link page is handled in at least 20 chunks.
 */
import { isLinkElement } from './link-url';

export interface ChunkLimits {
  budgetMs: number;
  maxElements: number;
  maxLinks: number;
}

export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { budgetMs: 8, maxElements: 2000, maxLinks: 250 };

/** When this many subtrees are waiting, walking the whole document once is cheaper. */
const MAX_QUEUED_ROOTS = 5000;
const CLOCK_EVERY = 8;

export interface WalkVisitor {
  onLink(el: HTMLAnchorElement | HTMLAreaElement): void;
  /** An element has an open shadow root (closed ones are invisible to us, as to the page). */
  onShadowRoot(root: ShadowRoot): void;
}

export interface ChunkResult {
  elements: number;
  links: number;
  done: boolean;
}

type Root = Document | ShadowRoot | Element;

/** A subtree whose walk position keeps being removed under us is given up after this many restarts. */
const MAX_RESTARTS = 3;

export class LinkWalker {
  private readonly queue: Root[] = [];
  private root: Root | null = null;
  private walker: TreeWalker | null = null;
  private restarts = 0;

  constructor(
    private readonly visitor: WalkVisitor,
    private readonly now: () => number,
    private readonly limits: ChunkLimits = DEFAULT_CHUNK_LIMITS,
    private readonly doc: Document = document,
  ) {}

  get pending(): boolean {
    return this.walker !== null || this.queue.length > 0;
  }

  enqueue(root: Root): void {
    if (this.queue.length >= MAX_QUEUED_ROOTS) {
      // Far too many small additions: forget them and walk the document once instead.
      this.queue.length = 0;
      this.queue.push(this.doc);
      return;
    }
    this.queue.push(root);
  }

  runChunk(): ChunkResult {
    const start = this.now();
    const { budgetMs, maxElements, maxLinks } = this.limits;
    this.recoverStrandedWalker();
    let elements = 0;
    let links = 0;
    while (elements < maxElements && links < maxLinks) {
      if (elements % CLOCK_EVERY === CLOCK_EVERY - 1 && this.now() - start >= budgetMs) break;
      const el = this.next();
      if (!el) break;
      elements++;
      if (isLinkElement(el)) {
        links++;
        this.visitor.onLink(el);
      }
      const shadow = el.shadowRoot;
      if (shadow) this.visitor.onShadowRoot(shadow);
    }
    return { elements, links, done: !this.pending };
  }

  /**
   * The page may remove the node we stopped at between two chunks; a TreeWalker would then walk
   * the detached subtree and end early. Start that root over (already-known links cost little),
   * and give it up if it keeps happening (a page churning exactly there).
   */
  private recoverStrandedWalker(): void {
    if (!this.walker || !this.root) return;
    const node = this.walker.currentNode;
    if (node === this.root || this.root.contains(node)) return;
    if (++this.restarts > MAX_RESTARTS || !this.root.isConnected) {
      this.walker = null;
      this.root = null;
      return;
    }
    this.walker.currentNode = this.root;
  }

  /** The next element to look at, across queued subtrees; null when all are walked. */
  private next(): Element | null {
    for (;;) {
      if (this.walker) {
        const node = this.walker.nextNode() as Element | null;
        if (node) return node;
        this.walker = null;
        this.root = null;
      }
      const root = this.queue.shift();
      if (!root) return null;
      if (!root.isConnected) continue;
      const owner = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root.ownerDocument ?? this.doc);
      this.root = root;
      this.restarts = 0;
      // Our overlay host needs no skipping: its shadow root is closed, and walkers do not enter
      // shadow trees anyway (open ones are queued separately through onShadowRoot).
      this.walker = owner.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
      // The walker starts at the root itself: an added <a> is its own subtree.
      if (root.nodeType === Node.ELEMENT_NODE) return root as Element;
    }
  }
}
