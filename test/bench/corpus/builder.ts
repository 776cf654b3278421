// The markup builder the corpus generator writes with: counts every element it emits, and emits
// link *slots* rather than links. A slot becomes an `<a href>` or a `<span>` (one element either
// way) only once the whole page is written (`resolveSlots`), so exactly the spec's number of
// links lands spread at random over the places a page could have one.
import { rng } from '../stats';

/** Slot delimiters: characters the generated text never contains. */
const SLOT_OPEN = '\u27e6';
const SLOT_CLOSE = '\u27e7';

const SYLLABLES = ['ka', 'lo', 'mer', 'tin', 'sa', 'vo', 're', 'dan', 'pli', 'qu', 'est', 'mon', 'ar', 'bel', 'cor', 'di', 'fen', 'gal', 'hu', 'is'];

export class Builder {
  readonly rnd: () => number;
  elements = 0;
  slots = 0;
  /** Every class name used (the style sheets target some of them). */
  readonly classes = new Set<string>();
  private readonly vocabulary: string[];

  constructor(seed: number) {
    this.rnd = rng(seed);
    this.vocabulary = Array.from({ length: 240 }, () => {
      const n = 1 + Math.floor(this.rnd() * 3);
      let w = '';
      for (let i = 0; i < n; i++) w += this.pick(SYLLABLES);
      return w;
    });
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rnd() * xs.length)]!;
  }

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rnd() * (hi - lo + 1));
  }

  words(lo: number, hi: number): string {
    const n = this.int(lo, hi);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.pick(this.vocabulary));
    return out.join(' ');
  }

  /** A BEM-ish class list for a block (`block`, `block__el`, sometimes a modifier and a utility). */
  cls(block: string, el?: string): string {
    const base = el ? `${block}__${el}` : block;
    const names = [base];
    if (this.rnd() < 0.25) names.push(`${base}--${this.pick(['large', 'small', 'dark', 'featured', 'compact'])}`);
    if (this.rnd() < 0.3) names.push(this.pick(['u-hide-mobile', 'u-mt-2', 'u-flex', 'js-track', 'is-visible', 'l-col-8']));
    for (const n of names) this.classes.add(n);
    return names.join(' ');
  }

  el(tag: string, attrs: string, inner = ''): string {
    this.elements++;
    return `<${tag}${attrs ? ` ${attrs}` : ''}>${inner}</${tag}>`;
  }

  void(tag: string, attrs: string): string {
    this.elements++;
    return `<${tag}${attrs ? ` ${attrs}` : ''}>`;
  }

  /** A place where the page may have a link (text inside). */
  slot(text: string): string {
    this.elements++;
    this.slots++;
    return `${SLOT_OPEN}${text}${SLOT_CLOSE}`;
  }

  /** `n` nested wrapper divs around `inner`. */
  wrap(n: number, block: string, inner: string): string {
    let out = inner;
    for (let i = 0; i < n; i++) out = this.el('div', `class="${this.cls(block, this.pick(['wrap', 'inner', 'container', 'row', 'col', 'grid', 'cell', 'slot']))}"`, out);
    return out;
  }

  icon(): string {
    const paths = this.int(1, 3);
    let inner = '';
    for (let i = 0; i < paths; i++) inner += this.el('path', `d="M${this.int(1, 9)} ${this.int(1, 9)}h${this.int(2, 8)}v${this.int(2, 8)}H${this.int(1, 5)}z"`);
    if (this.rnd() < 0.3) inner += this.el('g', '', this.el('circle', `cx="12" cy="12" r="${this.int(2, 9)}"`));
    return this.el('svg', 'viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"', inner);
  }

  img(w: number, h: number): string {
    return this.void('img', `src="/corpus/img.svg" width="${w}" height="${h}" alt="${this.words(2, 5)}" loading="lazy" decoding="async"`);
  }
}

/** Where links point on a news page: mostly the site itself, then other sites, a few oddities. */
function href(b: Builder, i: number): string {
  const r = b.rnd();
  const slug = `${b.words(2, 4).replace(/ /g, '-')}-${10000 + i}`;
  if (r < 0.45) return `/${b.pick(['world', 'politics', 'business', 'tech', 'culture', 'sport', 'opinion'])}/2026/${b.int(1, 12)}/${slug}`;
  if (r < 0.75) return `https://www.${b.pick(['daily', 'globe', 'wire', 'post', 'times', 'herald'])}-${b.pick(['news', 'media', 'press'])}${b.int(1, 40)}.test/${slug}`;
  if (r < 0.85) return `#${slug}`;
  if (r < 0.95) return `/${slug}?utm_source=${b.pick(['homepage', 'newsletter', 'share'])}&amp;utm_medium=${b.pick(['web', 'email'])}`;
  if (r < 0.98) return `mailto:desk${b.int(1, 9)}@newsroom.test`;
  return 'javascript:void(0)';
}

/** Turns exactly `links` of the page's slots (chosen at random) into `<a href>`, the rest into `<span>`. */
export function resolveSlots(b: Builder, html: string, links: number): string {
  if (links > b.slots) throw new Error(`${links} links wanted, only ${b.slots} places for one`);
  const chosen = new Set<number>();
  while (chosen.size < links) chosen.add(Math.floor(b.rnd() * b.slots));
  let i = 0;
  return html.replace(/\u27e6([^\u27e6\u27e7]*)\u27e7/g, (_m, text: string) => {
    const k = i++;
    return chosen.has(k) ? `<a href="${href(b, k)}" class="${b.cls('link')}">${text}</a>` : `<span class="${b.cls('label')}">${text}</span>`;
  });
}
