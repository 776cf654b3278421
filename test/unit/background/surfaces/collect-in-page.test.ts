// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { collectLinksInPage, collectViaScripting } from '@/src/background/surfaces/collect-in-page';

/** `<tag attr=…>text</tag>` appended to `parent`. */
function el(parent: ParentNode, tag: string, attrs: Record<string, string> = {}, text = ''): Element {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.textContent = text;
  parent.append(e);
  return e;
}

describe('collectLinksInPage (run in a page whose content script has not started)', () => {
  beforeEach(() => document.body.replaceChildren());

  it('lists http(s) links of the document and of open shadow roots, deduplicated, in document order', () => {
    const b = document.body;
    el(b, 'a', { href: 'https://one.test/' }, '1');
    el(b, 'a', { href: 'mailto:x@y.test' }, 'm');
    el(b, 'a', { href: 'javascript:void 0' }, 'j');
    const root = el(b, 'div').attachShadow({ mode: 'open' });
    el(el(root, 'span'), 'a', { href: 'https://shadow.test/' }, 's');
    el(b, 'a', { href: 'https://one.test/' }, 'dup');
    el(b, 'area', { href: 'http://two.test/x' });
    el(b, 'a', {}, 'no href');
    expect(collectLinksInPage(100, 8192)).toEqual(['https://one.test/', 'https://shadow.test/', 'http://two.test/x']);
  });

  it('stops at the cap, and leaves out URLs longer than the protocol allows', () => {
    for (let i = 0; i < 10; i++) el(document.body, 'a', { href: `https://cap.test/${i}` }, String(i));
    el(document.body, 'a', { href: `https://long.test/${'a'.repeat(200)}` }, 'l');
    expect(collectLinksInPage(3, 8192)).toEqual(['https://cap.test/0', 'https://cap.test/1', 'https://cap.test/2']);
    expect(collectLinksInPage(100, 100)).toHaveLength(10);
  });
});

// That it uses nothing from outside its own body (the browser serializes it into the page) is
// shown by test/e2e/page-links.e2e.test.ts, which runs it in both browsers.
describe('collectViaScripting', () => {
  it('runs in the top frame only and answers like the content script', async () => {
    const executeScript = vi.fn(async () => [{ result: ['https://a.test/'] }]);
    const reply = await collectViaScripting(7, 2000, 8192, () => ({ executeScript }));
    expect(executeScript).toHaveBeenCalledWith(
      expect.objectContaining({ target: { tabId: 7, frameIds: [0] }, args: [2000, 8192] }),
    );
    expect(reply).toEqual({ ok: true, data: { urls: ['https://a.test/'] } });
  });

  it('is null when the browser refuses (a browser page, no access) or has no scripting API', async () => {
    const refused = vi.fn(async () => {
      throw new Error('Cannot access contents of the page');
    });
    expect(await collectViaScripting(7, 2000, 8192, () => ({ executeScript: refused }))).toBeNull();
    expect(await collectViaScripting(7, 2000, 8192, () => undefined)).toBeNull();
  });
});
