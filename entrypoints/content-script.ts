/**
 * The content script, as a plain script: the manifest's content_scripts entry is written in
 * wxt.config.ts (all frames, about:blank and srcdoc frames too, document_idle).
 *
 * Not a WXT `defineContentScript` on purpose (docs/decisions/013-content-script.md, docs/decisions/009-bundle-weight.md): WXT wraps those in a
 * ContentScriptContext that, on every page load, pulls in the webextension polyfill, dispatches a
 * "content script started" event on the page's document (which names our extension id to any
 * page listening for it) and ends itself when a page forges that event back. Linklens keeps its
 * own lifetime (src/content/lifetime.ts) and talks to the browser's API directly
 * (src/content/platform.ts).
 */
import { startContent } from '@/src/content/main';

export default defineUnlistedScript(() => {
  startContent();
});
