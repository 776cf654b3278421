// Asserts that service text reached an extension page as text (style.md: "service text is
// rendered as text, never HTML"): the markup is visible literally, and the page holds no element
// or handler the markup would have created had it been parsed as HTML.
import type { Page } from 'playwright-core';
import { markupHazards } from './page-safety';
import { waitFor } from './wait-for';

export interface RenderedText {
  /** The page's visible text once the payload showed. */
  text: string;
  /** Problems found: empty when the payload was rendered as text only. */
  problems: string[];
}

/**
 * Waits until `payload` is visible (as characters) in the page, then looks for what parsing it
 * as HTML would have left: <img> elements, on* attributes, inline scripts, a `window.__pwned`.
 */
export async function renderedAsText(page: Page, payload: string, timeoutMs = 15_000): Promise<RenderedText> {
  const text = await waitFor(
    `"${payload}" shown as text on ${page.url()}`,
    () => page.evaluate(() => document.body.innerText),
    (t) => t.includes(payload),
    timeoutMs,
    100,
  );
  const hazards = await markupHazards(page);
  const pwned = await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null);
  const problems: string[] = [];
  if (hazards.images > 0) problems.push(`${hazards.images} <img> element(s)`);
  if (hazards.inlineHandlers.length > 0) problems.push(`inline handlers: ${hazards.inlineHandlers.join(' | ')}`);
  if (hazards.inlineScripts > 0) problems.push(`${hazards.inlineScripts} inline script(s)`);
  if (pwned !== null) problems.push(`window.__pwned = ${JSON.stringify(pwned)}`);
  return { text, problems };
}
