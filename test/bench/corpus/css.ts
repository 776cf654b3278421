// Style sheets the size and shape of a news site's: thousands of rules, most for classes this page
// never uses (a site's CSS covers all its templates), BEM-style names, descendant and state
// selectors, :is/:not/:nth-child, attribute selectors, media queries, custom properties and
// keyframes. Seeded: the same sheet every run.

const PROPS: [string, string[]][] = [
  ['display', ['block', 'flex', 'grid', 'inline-block', 'none', 'inline-flex', 'contents']],
  ['position', ['relative', 'absolute', 'sticky', 'static']],
  ['margin', ['0', '0 auto', '8px 0', '1rem 0 1.5rem', '0 -12px', 'var(--space-2) 0']],
  ['padding', ['0', '4px 8px', '12px 16px', '1.25rem', 'var(--space-3)']],
  ['color', ['#121212', '#333', '#595959', 'var(--ink)', 'rgb(0 0 0 / 70%)', 'currentColor']],
  ['background', ['#fff', '#f7f7f7', 'transparent', 'var(--paper)', 'linear-gradient(180deg,#fff 0,#f2f2f2 100%)']],
  ['font', ['400 1rem/1.5 Georgia,serif', '700 0.875rem/1.2 Helvetica,Arial,sans-serif', '500 1.125rem/1.4 system-ui,sans-serif']],
  ['font-size', ['0.75rem', '0.875rem', '1rem', '1.25rem', 'clamp(1.5rem, 2vw + 1rem, 2.75rem)']],
  ['line-height', ['1', '1.2', '1.45', '1.6']],
  ['border', ['0', '1px solid #e2e2e2', '1px solid var(--rule)', '2px solid currentColor']],
  ['border-radius', ['0', '2px', '4px', '999px', '50%']],
  ['gap', ['4px', '8px', '1rem', 'var(--space-4)']],
  ['grid-template-columns', ['repeat(12, 1fr)', '1fr 300px', 'repeat(auto-fill, minmax(220px, 1fr))']],
  ['width', ['100%', 'auto', '300px', 'calc(100% - 32px)', 'min(100%, 720px)']],
  ['max-width', ['none', '600px', '1200px', '65ch']],
  ['transition', ['opacity .2s ease', 'transform .3s cubic-bezier(.2,.8,.2,1)', 'none']],
  ['transform', ['none', 'translateY(-2px)', 'scale(1.02)']],
  ['text-transform', ['uppercase', 'none']],
  ['letter-spacing', ['0', '.02em', '.08em']],
  ['box-shadow', ['none', '0 1px 3px rgb(0 0 0 / 12%)', '0 8px 24px rgb(0 0 0 / 18%)']],
  ['overflow', ['hidden', 'visible', 'auto']],
  ['z-index', ['1', '10', '100', '1000']],
  ['opacity', ['0', '.6', '1']],
  ['aspect-ratio', ['16 / 9', '4 / 3', '1']],
];

const STATES = [':hover', ':focus-visible', ':first-child', ':last-child', ':nth-child(2n+1)', '::before', '::after', ':not(:last-child)', ':focus-within'];
const TAGS = ['a', 'p', 'span', 'li', 'h2', 'h3', 'img', 'svg', 'button', 'figure', 'time', 'ul'];
const WIDTHS = [480, 600, 740, 1024, 1280, 1440];

export function buildCss(rnd: () => number, used: readonly string[], kb: number, prefix: string): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  // A site's class names: the ones this page uses, and four times as many it does not.
  const unused = Array.from({ length: used.length * 4 + 200 }, (_, i) => `${prefix}-${pick(['c', 'o', 'u', 'l'])}${i.toString(36)}__${pick(['item', 'media', 'body', 'title', 'meta', 'link', 'wrap'])}`);
  const cls = () => (rnd() < 0.35 && used.length ? pick(used) : pick(unused));
  const decls = () => {
    const n = 2 + Math.floor(rnd() * 6);
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const [p, vs] = pick(PROPS);
      out.push(`${p}:${pick(vs)}`);
    }
    return out.join(';');
  };
  const selector = (): string => {
    const r = rnd();
    if (r < 0.35) return `.${cls()}`;
    if (r < 0.55) return `.${cls()} .${cls()}`;
    if (r < 0.65) return `.${cls()} > ${pick(TAGS)}`;
    if (r < 0.75) return `.${cls()}${pick(STATES)}`;
    if (r < 0.82) return `.${cls()} :is(h2,h3,h4) .${cls()}`;
    if (r < 0.88) return `[data-${pick(['component', 'module', 'testid', 'track'])}="${cls()}"] ${pick(TAGS)}`;
    if (r < 0.93) return `.${cls()}:not(.${cls()}) .${cls()}`;
    return `.${cls()}--${pick(['active', 'open', 'dark', 'compact', 'wide'])} .${cls()}${pick(STATES)}`;
  };
  const parts: string[] = [`:root{--ink:#121212;--paper:#fff;--rule:#e2e2e2;--space-2:8px;--space-3:12px;--space-4:16px;--${prefix}-accent:#c00}`];
  let size = parts[0]!.length;
  let k = 0;
  while (size < kb * 1024) {
    let rule: string;
    const r = rnd();
    if (r < 0.08) {
      const inner: string[] = [];
      for (let i = 0; i < 6; i++) inner.push(`${selector()}{${decls()}}`);
      rule = `@media (min-width:${pick(WIDTHS)}px){${inner.join('')}}`;
    } else if (r < 0.09) {
      rule = `@keyframes ${prefix}-k${k++}{from{opacity:0;transform:translateY(4px)}to{opacity:1;transform:none}}`;
    } else {
      const n = rnd() < 0.2 ? 2 + Math.floor(rnd() * 3) : 1;
      rule = `${Array.from({ length: n }, selector).join(',')}{${decls()}}`;
    }
    parts.push(rule);
    size += rule.length + 1;
  }
  return parts.join('\n');
}
