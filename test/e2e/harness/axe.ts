// Runs axe-core (a devDependency) inside a page and returns its violations (docs/decisions/017-surfaces.md:
// no serious or critical violation on popup, options, blocked and report pages).
//
// Extension pages forbid inline scripts (manifest CSP `script-src 'self'`), so a <script> tag with
// the source as content (page.addScriptTag({content})) is refused by the page. The source is
// evaluated through the DevTools protocol instead (page.evaluate of a string), which CSP does not
// govern: axe then runs in the page's own main world, exactly as an injected script would.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeViolation {
  id: string;
  impact: AxeImpact | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary: string }[];
}

let source: string | undefined;
function axeSource(): string {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/** Injects axe once per document and runs it on the whole document. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  return runAxeWith({ evaluateSource: (source) => page.evaluate(source), evaluate: (fn) => page.evaluate(fn) });
}

/**
 * axe in the light and the dark theme (prefers-color-scheme emulated): colour contrast differs
 * between them. Each violation's id says where it was found, e.g. `color-contrast (dark)`.
 */
export async function runAxeInThemes(page: Page): Promise<AxeViolation[]> {
  const all: AxeViolation[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    all.push(...(await runAxe(page)).map((v) => ({ ...v, id: `${v.id} (${theme})` })));
  }
  await page.emulateMedia({ colorScheme: null });
  return all;
}

/** The violations a test must fail on. */
export const seriousOrWorse = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** One readable block per violation (printed by the tests, whatever their impact). */
export function describeViolations(label: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `axe ${label}: no violations`;
  const lines = violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(' ')}  ${n.html.slice(0, 160)}`)
      .join('\n');
    return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length} node(s)) ${v.helpUrl}\n${nodes}`;
  });
  return `axe ${label}: ${violations.length} violation(s)\n${lines.join('\n')}`;
}

/**
 * axe through the journey driver (both browsers): the same injection as runAxe, over the driver's
 * evaluateSource (CDP in Chromium, BiDi in Firefox), in the page's current colour scheme.
 */
export async function runAxeWith(page: {
  evaluateSource(source: string): Promise<unknown>;
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
}): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluateSource(`${axeSource()};void 0`);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html, failureSummary: n.failureSummary })),
    }));
  });
}
