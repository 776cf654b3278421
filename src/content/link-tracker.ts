/**
 * Finds the page's links, now and later (infinite scroll, single-page apps), without ever doing
 * much at once. The MutationObserver only queues added subtrees and changed hrefs; the walk runs
 * in chunks (link-walker.ts) with a yield to the page between chunks. Open shadow roots found on
 * the way are observed and walked too. An IntersectionObserver reports which links are on
 * screen, so their lookups go first.
 */
import { LinkWalker, type ChunkLimits, type ChunkResult } from './link-walker';

export interface LinkTrackerOptions {
  doc: Document;
  now: () => number;
  limits?: ChunkLimits;
  /** Runs `cb` in a later task (idle callback or timeout): the page gets the thread in between. */
  yieldToPage: (cb: () => void) => void;
  onLink: (el: HTMLAnchorElement | HTMLAreaElement) => void;
  onVisible: (el: Element) => void;
  /** Our own nodes (the overlay host): never queued. */
  isOurs: (node: Node) => boolean;
  /** After each mutation batch (markers may have moved). */
  onMutations?: () => void;
  onChunk?: (result: ChunkResult) => void;
}

const OBSERVE: MutationObserverInit = { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] };

/** Links observed for visibility at once (see watchVisibility). */
export const MAX_OBSERVED = 300;

export class LinkTracker {
  /** Open shadow roots seen so far (for links.collect); disconnected ones are skipped on use. */
  readonly shadowRoots = new Set<ShadowRoot>();
  /** Chunks run so far (tests check the chunking; the bench reports it). */
  chunks = 0;
  private readonly walker: LinkWalker;
  private readonly mutations: MutationObserver;
  private readonly visibility: IntersectionObserver | null;
  private readonly observed = new Set<Element>();
  private scheduled = false;
  private stopped = false;

  constructor(private readonly opts: LinkTrackerOptions) {
    this.walker = new LinkWalker(
      {
        onLink: (el) => opts.onLink(el),
        onShadowRoot: (root) => this.addShadowRoot(root),
      },
      opts.now,
      opts.limits,
      opts.doc,
    );
    this.mutations = new MutationObserver((records) => this.queueMutations(records));
    const IO = opts.doc.defaultView?.IntersectionObserver ?? globalThis.IntersectionObserver;
    this.visibility =
      typeof IO === 'function'
        ? new IO(
            (entries) => {
              for (const entry of entries) {
                if (!entry.isIntersecting) continue;
                this.unwatchVisibility(entry.target);
                opts.onVisible(entry.target);
              }
            },
            // Slightly beyond the viewport: links about to scroll in count as visible.
            { rootMargin: '200px' },
          )
        : null;
  }

  start(): void {
    this.mutations.observe(this.opts.doc, OBSERVE);
    this.walker.enqueue(this.opts.doc);
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.mutations.disconnect();
    this.visibility?.disconnect();
    this.observed.clear();
    this.shadowRoots.clear();
  }

  /** True while links are still waiting to be walked. */
  get busy(): boolean {
    return this.walker.pending;
  }

  /**
   * Observes at most MAX_OBSERVED links at a time. Every rendering update recomputes
   * intersections for every observed element, so observing all 5,000 links of a big page cost
   * ~290 ms of main-thread time (BENCHMARKS.md §3). The first links found (document order) are
   * the ones on screen at load; the rest are looked up in document order anyway.
   */
  watchVisibility(el: Element): void {
    if (!this.visibility || this.observed.size >= MAX_OBSERVED || this.observed.has(el)) return;
    this.observed.add(el);
    this.visibility.observe(el);
  }

  unwatchVisibility(el: Element): void {
    if (!this.observed.delete(el)) return;
    this.visibility?.unobserve(el);
  }

  private addShadowRoot(root: ShadowRoot): void {
    if (this.shadowRoots.has(root)) return;
    this.shadowRoots.add(root);
    this.mutations.observe(root, OBSERVE);
    this.walker.enqueue(root);
  }

  /** Only queues (style.md 9): the walk happens in the next chunk. */
  private queueMutations(records: MutationRecord[]): void {
    if (this.stopped) return;
    for (const record of records) {
      if (record.type === 'attributes') {
        this.walker.enqueue(record.target as Element);
        continue;
      }
      for (const node of record.addedNodes) {
        if (node.nodeType === Node.ELEMENT_NODE && !this.opts.isOurs(node)) this.walker.enqueue(node as Element);
      }
    }
    if (this.walker.pending) this.schedule();
    this.opts.onMutations?.();
  }

  private schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    this.opts.yieldToPage(() => {
      this.scheduled = false;
      if (this.stopped) return;
      const result = this.walker.runChunk();
      this.chunks++;
      this.opts.onChunk?.(result);
      if (!result.done) this.schedule();
    });
  }
}
