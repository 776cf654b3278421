import { startContent } from '@/src/content/main';

export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  allFrames: true,
  runAt: 'document_idle',
  main(ctx) {
    startContent(ctx);
  },
});
