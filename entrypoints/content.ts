import { startContent } from '@/src/content/main';

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  // Every frame runs its own copy (issue 4: links in same-origin iframes); about:blank and
  // srcdoc frames written by the page get one too (they have no URL of their own to match).
  allFrames: true,
  matchAboutBlank: true,
  runAt: 'document_idle',
  // WXT would post an event named after the extension id to every page; that tells pages the id
  // and lets them fake a shutdown. src/content/lifetime.ts keeps its own lifetime instead.
  noScriptStartedPostMessage: true,
  main(ctx) {
    startContent(ctx);
  },
});
