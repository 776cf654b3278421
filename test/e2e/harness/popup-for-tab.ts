// Opens popup.html in a tab so that it describes another tab. The popup asks for the active tab
// of its own window (src/ui/popup/use-tab-status.ts: tabs.query({active, currentWindow})), and a
// test cannot click the toolbar button; chrome.action.openPopup() resolves in headless Chromium
// but shows nothing a test can drive. So: the popup page opens as a tab in the site's window, the
// site's tab is made active again, and the popup reloads — it then finds the site's tab, as the
// real popup would over that tab.
import type { Page } from 'playwright-core';
import type { ChromiumExtension } from './chromium';
import { tabIdOf } from './navigate';

interface TabsApi {
  chrome: {
    tabs: {
      update(id: number, props: { active: boolean }): Promise<unknown>;
      query(q: object): Promise<{ id?: number }[]>;
    };
  };
}

/** The popup's size in the toolbar (assets/styles.css .popup-root is 380 px wide). */
export const POPUP_VIEWPORT = { width: 400, height: 640 };

export async function openPopupFor(ext: ChromiumExtension, site: Page): Promise<Page> {
  const popup = await ext.context.newPage();
  await popup.setViewportSize(POPUP_VIEWPORT);
  await popup.goto(ext.popupUrl, { waitUntil: 'domcontentloaded' });
  const siteTab = await tabIdOf(popup, site);
  await popup.evaluate((id) => (globalThis as unknown as TabsApi).chrome.tabs.update(id, { active: true }), siteTab);
  await popup.reload({ waitUntil: 'domcontentloaded' });
  const active = await popup.evaluate(() =>
    (globalThis as unknown as TabsApi).chrome.tabs.query({ active: true, currentWindow: true }),
  );
  if (active[0]?.id !== siteTab)
    throw new Error(`The site's tab ${siteTab} is not the active tab of the popup's window: ${JSON.stringify(active)}`);
  return popup;
}
