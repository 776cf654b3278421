// Checks that service text was rendered as text (docs/decisions/017-surfaces.md, style.md: "service text is rendered as
// text, never HTML"): no dialog opened anywhere, no element the payload would create, and the
// payload visible literally.
import type { BrowserContext, Dialog, Page } from 'playwright-core';

export interface DialogWatch {
  /** Every dialog any page of the context opened since the watch started (each is dismissed). */
  dialogs: { url: string; type: string; message: string }[];
}

/** Counts (and dismisses) alert/confirm/prompt dialogs on every page, current and future. */
export function watchDialogs(context: BrowserContext): DialogWatch {
  const watch: DialogWatch = { dialogs: [] };
  const onPage = (page: Page) =>
    page.on('dialog', (d: Dialog) => {
      watch.dialogs.push({ url: page.url(), type: d.type(), message: d.message() });
      void d.dismiss().catch(() => undefined);
    });
  context.pages().forEach(onPage);
  context.on('page', onPage);
  return watch;
}

export interface MarkupHazards {
  /** <img> elements in the document (the payload is an <img>; our pages have none). */
  images: number;
  /** Elements carrying an on* attribute (inline handlers never come from our code). */
  inlineHandlers: string[];
  /** <script> elements with inline text (our pages only load module files). */
  inlineScripts: number;
}

export async function markupHazards(page: Page): Promise<MarkupHazards> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('*')];
    return {
      images: document.querySelectorAll('img').length,
      inlineHandlers: all
        .filter((el) => [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on')))
        .map((el) => el.outerHTML.slice(0, 120)),
      inlineScripts: [...document.querySelectorAll('script')].filter((s) => (s.textContent ?? '').trim() !== '').length,
    };
  });
}

/**
 * Everything of a page a secret could hide in: the serialized DOM, the live values of form
 * fields (not serialized as attributes), and the visible text.
 */
export async function everythingInPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea, select')].map(
      (el) => (el as HTMLInputElement).value,
    );
    return [document.documentElement.outerHTML, document.body.innerText, ...values].join('\n');
  });
}

/**
 * Resolves once every image in `page` has loaded or failed: a payload's `onerror` handler (and
 * the dialog it opens) has run by then, so a test reads the dialogs after this, not after a pause.
 */
export async function imagesSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }),
      ),
    ),
  );
}
