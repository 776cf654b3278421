/**
 * The hold guard (src/content/hold/), as a plain script like entrypoints/content-script.ts: the
 * manifest lists it at document_start for top frames (wxt.config.ts), so its listeners come
 * before the page's.
 */
import { bootHold } from '@/src/content/hold/boot';

export default defineUnlistedScript(() => {
  bootHold();
});
