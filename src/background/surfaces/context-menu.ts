/**
 * Context menu (docs/decisions/014-scan-engine.md): check a link, check this page, check selected text when it is a URL.
 * The result opens in the report page, which follows the scan live; a notification tells when
 * the verdict is warn or worse (sent by notify.ts when the engine delivers it).
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import { say } from '../i18n';
import type { SettingsState, SettingsStore } from '../state/settings-store';
import { parseWeb } from '@/src/shared/url/parse-web';
import { whileWorking } from '../idle';

export const MENU_IDS = {
  link: 'linklens-check-link',
  page: 'linklens-check-page',
  selection: 'linklens-check-selection',
} as const;

/** Policy `disableContextMenu` (docs/decisions/016-organizations.md), as last read: no entries while it is on. */
let disabled = false;

/** Menu rebuilds, one after another (see registerMenus). */
let rebuilding: Promise<void> = Promise.resolve();

/** Rebuilds the entries; the promise settles once this rebuild is done (start-up tests wait on it). */
export function registerMenus(): Promise<void> {
  // removeAll first: onInstalled runs on update too, and duplicate ids throw. One rebuild at a
  // time: onInstalled and the policy's first read both rebuild at start-up, and two removeAlls
  // answered before either create made Firefox refuse the second set ("already exists").
  rebuilding = whileWorking(
    rebuilding
      .then(() => browser.contextMenus.removeAll())
      .then(() => {
        if (disabled) return;
        browser.contextMenus.create({ id: MENU_IDS.link, title: say('menuCheckLink'), contexts: ['link'] });
        browser.contextMenus.create({ id: MENU_IDS.page, title: say('menuCheckPage'), contexts: ['page'] });
        browser.contextMenus.create({
          id: MENU_IDS.selection,
          title: say('menuCheckSelection'),
          contexts: ['selection'],
        });
      })
      .catch(ignore),
  );
  return rebuilding;
}

/**
 * docs/decisions/016-organizations.md: follow the policy `disableContextMenu`, at start and whenever it changes (a policy
 * may change while the browser runs). Entries are removed, or put back when it is lifted.
 */
export function followMenuPolicy(settings: SettingsStore): void {
  let applied: boolean | null = null;
  const apply = (st: SettingsState) => {
    const off = st.settings.disableContextMenu;
    if (off === applied) return;
    applied = off;
    disabled = off;
    registerMenus();
  };
  settings.onChange(apply);
  void settings.get().then(apply).catch(ignore);
}

export const menusDisabled = () => disabled;

/** The URL a menu click is about, or null (selected text that is not a web URL). */
export function menuTarget(info: {
  menuItemId: string | number;
  linkUrl?: string;
  pageUrl?: string;
  selectionText?: string;
}): string | null {
  if (info.menuItemId === MENU_IDS.link) return info.linkUrl ?? null;
  if (info.menuItemId === MENU_IDS.page) return info.pageUrl ?? null;
  if (info.menuItemId === MENU_IDS.selection) return urlFromSelection(info.selectionText ?? '');
  return null;
}

/** Selected text → URL when it plainly is one ("example.com/x" gets https://). */
export function urlFromSelection(text: string): string | null {
  const s = text.trim();
  if (!s || s.length > 4096 || /\s/.test(s)) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : /^[^/]+\.[a-z]{2,}(\/|$|:)/i.test(s) ? `https://${s}` : null;
  return candidate ? (parseWeb(candidate)?.href ?? null) : null;
}
