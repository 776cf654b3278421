/**
 * Finds the page's links, now and later (infinite scroll, single-page apps), in idle time and a
 * few milliseconds at a time, without walking the page's whole DOM (docs/decisions/013-content-script.md: on real articles
 * the walk, not the links, was the cost; every element it touched also stayed in our heap).
 *
 * | when                                   | looked at                                           |
 * |----------------------------------------|-----------------------------------------------------|
 * | the first idle moment after start      | the document: `a[href]`, `area[href]`, shadow-host   |
 * |                                        | candidates (shadow-hosts.ts), in one query; found    |
 * |                                        | open roots too                                       |
 * | a subtree is added (MutationObserver)  | the same, inside that subtree                       |
 * | an `href` attribute changes            | that element                                        |
 * | pointer or focus on a link in a shadow root | that root (and the roots around it), if new    |
 *
 * The MutationObserver only queues (content scripts stay cheap: never handle added nodes inside the observer);
 * a pass takes the queue in an idle callback and stops when its budget is spent, leaving the rest
 * for the next idle callback. The queries themselves are the browser's (one `querySelectorAll`
 * per subtree); our per-element work is for links and candidate hosts only.
 */
import { LINK_SELECTOR } from './link-url';
import { HOST_CANDIDATES } from './shadow-hosts';

export type LinkElement = HTMLAnchorElement | HTMLAreaElement;
type Root = Document | ShadowRoot | Element;

export interface DiscoveryOptions {
  doc: Document;
  now: () => number;
  /** Runs `cb` when the page is idle (or after a bounded wait). */
  idle: (cb: () => void) => void;
  /** Per idle callback (default 4 ms). */
  budgetMs?: number;
  /** Our own nodes (the overlay host): never looked into. */
  isOurs: (node: Node) => boolean;
  /** The links one pass found (in document order; an element may come again after a change). */
  onLinks: (els: LinkElement[]) => void;
  /** After each mutation batch (markers may have moved). */
  onMutations?: () => void;
}

const SELECTOR = `${LINK_SELECTOR},${HOST_CANDIDATES}`;
const OBSERVE: MutationObserverInit = { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] };
/** When this many subtrees wait, looking at the whole document once is cheaper. */
const MAX_QUEUED = 1000;
const CLOCK_EVERY = 16;

export class LinkDiscovery {
  /** Open shadow roots seen so far (warnings look for their links there too: app.ts anchorsOf). */
  readonly shadowRoots = new Set<ShadowRoot>();
  /** Idle callbacks that did work (tests check the slicing). */
  passes = 0;
  readonly #queue: Root[] = [];
  readonly #lists: ArrayLike<Element>[] = [];
  #index = 0;
  #observer: MutationObserver | null = null;
  #scheduled = false;
  #started = false;
  #stopped = false;

  readonly #o: DiscoveryOptions;

  constructor(o: DiscoveryOptions) {
    this.#o = o;
  }

  /** Looks at the whole document (once; later calls do nothing). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#queue.push(this.#o.doc);
    this.#schedule();
  }

  stop(): void {
    this.#stopped = true;
    this.#observer?.disconnect();
    this.#queue.length = 0;
    this.#lists.length = 0;
    this.shadowRoots.clear();
  }

  /** True while something is still queued. */
  get busy(): boolean {
    return this.#queue.length > 0 || this.#lists.length > 0;
  }

  /** An open shadow root (found by a pass, or by pointer/focus reaching a link in it): looked at once. */
  noteShadowRoot(root: ShadowRoot): void {
    if (this.#stopped || root.mode !== 'open' || this.shadowRoots.has(root)) return;
    this.shadowRoots.add(root);
    this.#observer?.observe(root, OBSERVE);
    this.#enqueue(root);
    this.#schedule();
  }

  #enqueue(root: Root): void {
    if (this.#queue.length >= MAX_QUEUED) {
      // Far too many small additions: forget them and look at the document once instead.
      this.#queue.length = 0;
      this.#queue.push(this.#o.doc);
      return;
    }
    this.#queue.push(root);
  }

  #schedule(): void {
    if (this.#scheduled || this.#stopped) return;
    this.#scheduled = true;
    this.#o.idle(() => {
      this.#scheduled = false;
      if (this.#stopped) return;
      this.#pass();
      if (this.busy) this.#schedule();
    });
  }

  #pass(): void {
    this.passes++;
    if (!this.#observer) {
      // Observed from the first pass on: the first pass looks at the whole document anyway.
      this.#observer = new MutationObserver((records) => this.#queueMutations(records));
      this.#observer.observe(this.#o.doc, OBSERVE);
      for (const root of this.shadowRoots) this.#observer.observe(root, OBSERVE);
    }
    const links: LinkElement[] = [];
    this.#slice(links);
    // One call per pass, not per link: on an 800-link article the per-link calls were most of it.
    if (links.length) this.#o.onLinks(links);
  }

  #slice(links: LinkElement[]): void {
    const start = this.#o.now();
    const budget = this.#o.budgetMs ?? 4;
    let n = 0;
    for (;;) {
      const list = this.#lists[0];
      if (!list) {
        const root = this.#queue.shift();
        if (!root) return;
        if (root.isConnected) this.#collect(root);
        continue;
      }
      while (this.#index < list.length) {
        if (++n % CLOCK_EVERY === 0 && this.#o.now() - start >= budget) return;
        const el = list[this.#index++]!;
        // By name only: the namespace (SVG's <a>) is checked when the URL is read (link-url.ts).
        const name = el.localName;
        if (name === 'a' || name === 'area') links.push(el as LinkElement);
        else if (el.shadowRoot) this.noteShadowRoot(el.shadowRoot);
      }
      this.#lists.shift();
      this.#index = 0;
    }
  }

  /** Queues what to look at in `root`: its links and candidate shadow hosts (shadow-hosts.ts). */
  #collect(root: Root): void {
    if (root.nodeType === 1 && (root as Element).matches(SELECTOR)) this.#lists.push([root as Element]);
    this.#lists.push(root.querySelectorAll(SELECTOR));
  }

  /** Only queues (content scripts stay cheap): the work happens in the next pass. */
  #queueMutations(records: MutationRecord[]): void {
    if (this.#stopped) return;
    for (const record of records) {
      if (record.type === 'attributes') {
        this.#lists.push([record.target as Element]); // an href changed (visit looks at what it is)
        continue;
      }
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && !this.#o.isOurs(node)) this.#enqueue(node as Element);
      }
    }
    if (this.busy) this.#schedule();
    this.#o.onMutations?.();
  }
}
