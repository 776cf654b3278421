// Measurement 10: what reading links' destinations costs (docs/decisions/003-every-hop.md). Pure computation in Node,
// the background's own code: the content script does no unwrapping (it only sends the start of
// a hovered link's text), so the page's main thread pays nothing at load and a textContent read
// per hover. Measured against the work each link already costs the background (normalizeUrl, the
// cache key of every lookup), in the same run, so a busy machine shifts both sides alike.
import { performance } from 'node:perf_hooks';
import { unwrap } from '../../src/shared/url/unwrap';
import { WRAP } from '../../src/shared/url/unwrap.examples';
import { checkLinkText } from '../../src/shared/url/lying-text';
import { normalizeUrl } from '../../src/shared/url/normalize';
import { fmt, int, median, table } from './stats';
import type { Section } from './section';

/** A 5,000-link page of a mail client or forum: mostly plain links, some wrapped, a few nested. */
export function linkCorpus(n = 5000): { links: string[]; texts: string[]; wrapped: number } {
  const links: string[] = [];
  const texts: string[] = [];
  let wrapped = 0;
  for (let i = 0; i < n; i++) {
    const plain = `https://site${i % 300}.example/articles/${i}?ref=feed&utm_source=mail&id=${i * 7919}`;
    const k = i % 100;
    let href = plain;
    if (k < 5) href = WRAP.google(plain);
    else if (k < 7) href = WRAP.safelinks(plain);
    else if (k < 8) href = WRAP.safelinks(WRAP.proofpointV3(WRAP.google(plain)));
    else if (k < 10) href = `https://tracker${i % 7}.example/click?url=${encodeURIComponent(plain)}&c=${i}`;
    if (href !== plain) wrapped++;
    links.push(href);
    texts.push(
      k === 50
        ? `https://site${(i + 1) % 300}.example/`
        : k % 3 === 0
          ? `site${i % 300}.example`
          : `Article ${i}: read more`,
    );
  }
  return { links, texts, wrapped };
}

function timePass(fn: () => void, passes: number): number[] {
  const out: number[] = [];
  for (let p = 0; p < passes; p++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return out;
}

export async function measureUnwrapCost(opts: { links: number; passes: number; hovers: number }): Promise<Section> {
  const { links, texts, wrapped } = linkCorpus(opts.links);
  let sink = 0;
  const normalize = () => {
    for (const l of links) sink += normalizeUrl(l, { stripQuery: true }).ok ? 1 : 0;
  };
  const unwrapAll = () => {
    for (const l of links) sink += unwrap(l).hops.length;
  };
  // Warm both paths (JIT), then interleave passes so load changes hit both alike.
  timePass(normalize, 3);
  timePass(unwrapAll, 3);
  const norm: number[] = [];
  const unw: number[] = [];
  for (let p = 0; p < opts.passes; p++) {
    norm.push(...timePass(normalize, 1));
    unw.push(...timePass(unwrapAll, 1));
  }
  const hops = links.reduce((a, l) => a + unwrap(l).hops.length, 0);

  // A hover: unwrap + the lying-text check (public suffix list) on the hovered link, per link.
  const hoverIdx = Array.from({ length: opts.hovers }, (_, i) => (i * 37) % links.length);
  const hoverOnce = () => {
    for (const i of hoverIdx) sink += checkLinkText(texts[i]!, links[i]!).kind.length;
  };
  const normHover = () => {
    for (const i of hoverIdx) sink += normalizeUrl(links[i]!, { stripQuery: true }).ok ? 1 : 0;
  };
  timePass(hoverOnce, 2);
  timePass(normHover, 2);
  const hoverMs = timePass(hoverOnce, 10);
  const normHoverMs = timePass(normHover, 10);
  if (sink === 42) console.log('');

  const pageMs = median(unw);
  const baseMs = median(norm);
  const perHoverUs = (median(hoverMs) / opts.hovers) * 1000;
  const basePerHoverUs = (median(normHoverMs) / opts.hovers) * 1000;
  const body = [
    `The background reads every link a page reports (\`links.lookup\`) and every hovered link through \`unwrap()\` (src/shared/url/unwrap.ts) and looks up each hop. The page: ${int(opts.links)} links, ${int(wrapped)} of them wrapped (Google \`/url\`, Safe Links, Safe Links › Proofpoint v3 › Google, a click tracker's \`?url=\`), the rest plain links with queries: ${int(hops)} hops in all (${int(hops - opts.links)} extra lookups, all from the cache or one scan each). Baseline: \`normalizeUrl\`, the cache key every lookup computes anyway. Median of ${opts.passes} interleaved passes over the whole page.`,
    '',
    `A hover adds \`checkLinkText\` (lying-text.ts: unwrap of the link and of the text's address, and the public suffix list for the sites) on the hovered link: median per hover over ${int(opts.hovers)} hovers × 10 passes.`,
    '',
    `The content script unwraps nothing: its only addition is reading the first ${300} characters of a hovered link's text (no work at load, nothing on pages nobody points at). Its bundle grew by the tooltip's "leads to" lines and the four strings (BENCHMARKS.md "Bundle sizes").`,
    '',
    table(
      ['figure', 'value'],
      [
        [`unwrap() over the ${int(opts.links)}-link page (background, median)`, `${fmt(pageMs, 2)} ms`],
        ['normalizeUrl() over the same page (baseline)', `${fmt(baseMs, 2)} ms`],
        ['unwrap ÷ baseline', `${fmt(pageMs / baseMs, 2)}×`],
        [
          'per hovered link: unwrap + lying-text check (median)',
          `${fmt(perHoverUs, 1)} µs (normalizeUrl: ${fmt(basePerHoverUs, 1)} µs)`,
        ],
      ],
    ),
  ].join('\n');
  return {
    title: '12. Unwrapping links (docs/decisions/003-every-hop.md)',
    body,
    summary: [
      {
        figure: `12. Unwrapping a ${int(opts.links)}-link page in the background (÷ normalizing it)`,
        value: `${fmt(pageMs, 1)} ms (${fmt(pageMs / baseMs, 2)}×)`,
        aim: '',
        met: null,
      },
      {
        figure: '12. Per hovered link: unwrap + lying-text check; content script: no work at load',
        value: `${fmt(perHoverUs, 1)} µs`,
        aim: '',
        met: null,
      },
    ],
    raw: { links: opts.links, wrapped, hops, pageMs: unw, baseMs: norm, hoverMs, normHoverMs, hovers: opts.hovers },
  };
}
