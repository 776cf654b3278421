/**
 * The sign-in guard (src/content/signin/) runs only in browsers whose policy lists
 * `protectedSignInDomains`: it is registered as a content script while the list is non-empty and
 * unregistered when it empties. Everyone else's pages carry no extra script and send no extra
 * message (docs/decisions/013-content-script.md: the content script does nothing at load but listen; the guard must ask the
 * background at load to warn "at once", so it is a separate script, present only where an
 * organization asked for it).
 *
 * Registered with persistAcrossSessions so it is in place for the tabs a browser restores at
 * start-up, before this background has read the policy again; `sync` reconciles with what the
 * browser holds (a policy removed while the browser was closed unregisters it on the next start).
 * Calls are serialized: a policy that changes twice quickly ends in the last state.
 *
 * A registered script runs only in documents loaded after it. When the list appears while the
 * browser runs (a policy pushed to a running browser, or the extension installed into one), the
 * pages already open would be unguarded until reloaded, the sign-in page the person is looking at
 * first of all: the guard is also injected into every open web tab's top frame then. The guard
 * starts once per page however it arrived (src/content/signin/boot.ts).
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';

export const SIGNIN_GUARD_ID = 'linklens-signin-guard';
/** Output path of entrypoints/signin-guard.ts (its code: src/content/signin/boot.ts). */
export const SIGNIN_GUARD_FILE = 'signin-guard.js';

interface ScriptingLike {
  getRegisteredContentScripts(filter: { ids: string[] }): Promise<{ id: string }[]>;
  registerContentScripts(scripts: Record<string, unknown>[]): Promise<unknown>;
  unregisterContentScripts(filter: { ids: string[] }): Promise<unknown>;
  executeScript?(injection: { target: { tabId: number; frameIds?: number[] }; files: string[] }): Promise<unknown>;
}

const WEB_PAGES = ['http://*/*', 'https://*/*'];

/** The open tabs showing web pages (ids). */
const openWebTabs = async (): Promise<number[]> =>
  (await browser.tabs.query({ url: WEB_PAGES })).flatMap((t) =>
    t.id !== undefined && t.id >= 0 && !t.discarded ? [t.id] : [],
  );

export function createGuardRegistration(
  scripting: () => ScriptingLike | undefined = () => (browser as unknown as { scripting?: ScriptingLike }).scripting,
  openTabs: () => Promise<number[]> = openWebTabs,
) {
  let chain: Promise<void> = Promise.resolve();
  async function apply(wanted: boolean): Promise<void> {
    const api = scripting();
    if (!api?.registerContentScripts) return;
    const present = (await api.getRegisteredContentScripts({ ids: [SIGNIN_GUARD_ID] })).length > 0;
    if (wanted && !present) {
      await api.registerContentScripts([
        {
          id: SIGNIN_GUARD_ID,
          js: [SIGNIN_GUARD_FILE],
          matches: WEB_PAGES,
          // The top frame only: the host a person reads in the address bar is the one judged, and
          // frames (which a page can point at guessed hosts) must see nothing at all (check.ts).
          allFrames: false,
          // Early enough to see a password field focused by the page's own script at load.
          runAt: 'document_end',
          persistAcrossSessions: true,
        },
      ]);
      await injectIntoOpenTabs(api);
    } else if (!wanted && present) {
      await api.unregisterContentScripts({ ids: [SIGNIN_GUARD_ID] });
    }
  }
  /** Each open web tab gets the guard now; a tab that refuses (a browser page, closing) is skipped. */
  async function injectIntoOpenTabs(api: ScriptingLike) {
    if (!api.executeScript) return;
    const tabs = await openTabs().catch(() => [] as number[]);
    await Promise.all(
      tabs.map((tabId) =>
        api.executeScript!({ target: { tabId, frameIds: [0] }, files: [SIGNIN_GUARD_FILE] }).catch(ignore),
      ),
    );
  }

  return {
    /** Registers or unregisters the guard to match `protectedSignInDomains`. Never throws. */
    sync(domains: readonly string[]): Promise<void> {
      chain = chain
        .then(() => apply(domains.length > 0))
        // Said, not swallowed: without the guard the organization's pages get no in-page warning.
        .catch((e: unknown) =>
          console.error(
            'Linklens: could not set up the sign-in page guard:',
            e instanceof Error ? e.message : String(e),
          ),
        );
      return chain;
    },
  };
}
