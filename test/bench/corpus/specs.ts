// The bench's corpus of pages that look like the real web (docs/decisions/013-content-script.md): composed by a seeded
// generator (generate.ts), so every run serves byte-identical pages. Each spec names the shape of
// one kind of page as measured on saved copies of real articles: how many elements and links, how
// deep, how much CSS, which frames, shadow roots and late-loaded sections.
//
// | page        | like                                   | elements | links | depth | CSS (inline + linked) |
// |-------------|----------------------------------------|----------|-------|-------|-----------------------|
// | one-link    | docs/decisions/009-bundle-weight.md's one-link page               | ~10      | 1     | 3     | none                  |
// | blog        | a personal blog post                   | 3,000    | 20    | 14    | 8 + 40 kB             |
// | tech        | a short tech article with code         | 4,500    | 85    | 18    | 12 + 120 kB           |
// | portal      | a link-dense portal / aggregator       | 6,000    | 900   | 20    | 20 + 150 kB           |
// | wiki        | an encyclopedia article                | 9,000    | 849   | 18    | 15 + 90 kB            |
// | newspaper   | a large newspaper article              | 7,000    | 154   | 28    | 30 + 350 kB           |
// | news-a      | a news article with a heavy DOM        | 11,000   | 269   | 40    | 60 + 450 kB           |
// | news-b      | a news article with a heavy DOM        | 14,000   | 445   | 45    | 80 + 600 kB           |
// | news-c      | the heaviest: web components, ads, feed | 15,000  | 143   | 60    | 100 + 800 kB          |
//
// "elements" and "links" count the served document, declarative shadow roots included, before
// the late sections arrive (`lazy`: fetched by the page's own script after `load`, like comment
// threads and "more stories" feeds). Frames: same-origin documents share the page's renderer;
// cross-origin ones (other `*.test` hosts) get their own under site isolation; srcdoc frames are
// about:srcdoc documents of the page's origin.

export interface PageSpec {
  name: string;
  like: string;
  /** Elements in the served document (top frame, declarative shadow content included). */
  elements: number;
  /** `<a href>` elements among them (a few are mailto:/javascript:, as on real pages). */
  links: number;
  /** Deepest nesting of wrapper elements. */
  depth: number;
  inlineCssKb: number;
  linkedCssKb: number[];
  frames: { sameOrigin: number; crossOrigin: number; srcdoc: number };
  /** Elements with a declarative open shadow root (a closed one every fifth). */
  shadowHosts: number;
  /** Sections fetched after `load`: how many, and elements / links in each. */
  lazy: { sections: number; elements: number; links: number };
  /** Syntax-highlighted code lines (many spans each). */
  codeLines: number;
  /** Table rows (encyclopedia infoboxes and data tables). */
  tableRows: number;
  seed: number;
}

const none = { sameOrigin: 0, crossOrigin: 0, srcdoc: 0 };

export const CORPUS: PageSpec[] = [
  {
    name: 'one-link',
    like: "docs/decisions/009-bundle-weight.md's page with one link",
    elements: 8,
    links: 1,
    depth: 3,
    inlineCssKb: 0,
    linkedCssKb: [],
    frames: none,
    shadowHosts: 0,
    lazy: { sections: 0, elements: 0, links: 0 },
    codeLines: 0,
    tableRows: 0,
    seed: 1,
  },
  {
    name: 'blog',
    like: 'a personal blog post',
    elements: 3000,
    links: 20,
    depth: 14,
    inlineCssKb: 8,
    linkedCssKb: [40],
    frames: { sameOrigin: 1, crossOrigin: 0, srcdoc: 0 },
    shadowHosts: 0,
    lazy: { sections: 1, elements: 300, links: 10 },
    codeLines: 0,
    tableRows: 0,
    seed: 11,
  },
  {
    name: 'tech',
    like: 'a short tech article with code',
    elements: 4500,
    links: 85,
    depth: 18,
    inlineCssKb: 12,
    linkedCssKb: [70, 50],
    frames: { sameOrigin: 0, crossOrigin: 1, srcdoc: 1 },
    shadowHosts: 2,
    lazy: { sections: 1, elements: 400, links: 15 },
    codeLines: 220,
    tableRows: 0,
    seed: 12,
  },
  {
    name: 'portal',
    like: 'a link-dense portal page',
    elements: 6000,
    links: 900,
    depth: 20,
    inlineCssKb: 20,
    linkedCssKb: [150],
    frames: { sameOrigin: 1, crossOrigin: 1, srcdoc: 0 },
    shadowHosts: 3,
    lazy: { sections: 2, elements: 500, links: 60 },
    codeLines: 0,
    tableRows: 0,
    seed: 13,
  },
  {
    name: 'wiki',
    like: 'an encyclopedia article',
    elements: 9000,
    links: 849,
    depth: 18,
    inlineCssKb: 15,
    linkedCssKb: [60, 30],
    frames: none,
    shadowHosts: 0,
    lazy: { sections: 1, elements: 200, links: 20 },
    codeLines: 0,
    tableRows: 120,
    seed: 14,
  },
  {
    name: 'newspaper',
    like: 'a large newspaper article',
    elements: 7000,
    links: 154,
    depth: 28,
    inlineCssKb: 30,
    linkedCssKb: [200, 150],
    frames: { sameOrigin: 1, crossOrigin: 2, srcdoc: 0 },
    shadowHosts: 4,
    lazy: { sections: 2, elements: 600, links: 20 },
    codeLines: 0,
    tableRows: 10,
    seed: 15,
  },
  {
    name: 'news-a',
    like: 'a news article with a heavy DOM',
    elements: 11000,
    links: 269,
    depth: 40,
    inlineCssKb: 60,
    linkedCssKb: [250, 200],
    frames: { sameOrigin: 2, crossOrigin: 3, srcdoc: 1 },
    shadowHosts: 12,
    lazy: { sections: 3, elements: 800, links: 25 },
    codeLines: 0,
    tableRows: 0,
    seed: 16,
  },
  {
    name: 'news-b',
    like: 'a news article with a heavy DOM',
    elements: 14000,
    links: 445,
    depth: 45,
    inlineCssKb: 80,
    linkedCssKb: [300, 200, 100],
    frames: { sameOrigin: 2, crossOrigin: 4, srcdoc: 2 },
    shadowHosts: 20,
    lazy: { sections: 3, elements: 900, links: 30 },
    codeLines: 0,
    tableRows: 20,
    seed: 17,
  },
  {
    name: 'news-c',
    like: 'the heaviest: web components, ads, a feed',
    elements: 15000,
    links: 143,
    depth: 60,
    inlineCssKb: 100,
    linkedCssKb: [400, 250, 150],
    frames: { sameOrigin: 3, crossOrigin: 5, srcdoc: 2 },
    shadowHosts: 40,
    lazy: { sections: 4, elements: 750, links: 20 },
    codeLines: 0,
    tableRows: 0,
    seed: 18,
  },
];

export function specNamed(name: string): PageSpec | undefined {
  return CORPUS.find((s) => s.name === name);
}
