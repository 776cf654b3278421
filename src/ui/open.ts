/** Opening our own pages from the popup and other pages. */
import { browser } from 'wxt/browser';

export function reportUrl(scanId: string): string {
  return browser.runtime.getURL(`/report.html?id=${encodeURIComponent(scanId)}`);
}

export async function openReport(scanId: string): Promise<void> {
  await browser.tabs.create({ url: reportUrl(scanId) }).catch(() => undefined);
}

/** Options page; `section` jumps to an anchor (e.g. 'credits'). */
export async function openOptions(section?: string): Promise<void> {
  if (section) {
    await browser.tabs.create({ url: browser.runtime.getURL(`/options.html#${section}`) }).catch(() => undefined);
    return;
  }
  try {
    await browser.runtime.openOptionsPage();
  } catch {
    await browser.tabs.create({ url: browser.runtime.getURL('/options.html') }).catch(() => undefined);
  }
}
