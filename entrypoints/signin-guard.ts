/**
 * The sign-in guard (docs/decisions/016-organizations.md), as a plain script like entrypoints/content-script.ts: not in
 * the manifest, registered by the background (scripting.registerContentScripts) only while the
 * policy lists protectedSignInDomains (src/background/signin/guard-registration.ts).
 */
import { bootSignInGuard } from '@/src/content/signin/boot';

export default defineUnlistedScript(() => {
  bootSignInGuard();
});
