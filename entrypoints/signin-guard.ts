/**
 * The sign-in guard (docs/decisions/016-organizations.md), as a plain script like entrypoints/content-script.ts: not in
 * the manifest, registered by the background (scripting.registerContentScripts) only while the
 * policy lists protectedSignInDomains (src/background/signin/guard-registration.ts). Its bundle
 * is built from src/content/signin/boot.ts (wxt.config.ts hooks).
 */
export default defineUnlistedScript(() => {
  throw new Error('signin-guard.js is built from src/content/signin/boot.ts (wxt.config.ts)');
});
