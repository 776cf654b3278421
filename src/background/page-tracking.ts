/**
 * Which page each tab and frame shows, for the parts that answer or charge by it: the links a
 * document reported (frame-links.ts), pushes waiting for a frame (link-watchers.ts) and the
 * page that caused a navigation (budget.ts), and which tabs are private (tab-privacy.ts).
 * Registered synchronously with the other listeners.
 */
import { browser } from 'wxt/browser';
import type { App } from './app';
import { requestOrigin, type RequestDetails } from './checks/person-request';

export function wirePageTracking(app: App): void {
  browser.webNavigation.onCommitted.addListener((d) => {
    // The frame holds a new document: its links start afresh (Firefox may not report
    // documentId, so the frame's old entries are dropped here rather than left to age out).
    app.frameLinks.forgetFrame(d.tabId, d.frameId);
    if (d.frameId === 0) app.budget.noteCommitted(d.tabId, d.url);
  });
  browser.webNavigation.onCreatedNavigationTarget?.addListener((d) => app.budget.noteOpened(d.tabId, d.sourceTabId));
  // A page load the person started through the browser: budgets never refuse its check (budget.ts).
  try {
    browser.webRequest.onBeforeRequest.addListener(
      (d) => {
        const origin = requestOrigin(d as RequestDetails);
        if (origin) app.budget.noteRequest(d.tabId, d.url, origin);
        return undefined;
      },
      { urls: ['<all_urls>'], types: ['main_frame'] },
    );
  } catch {
    // No webRequest (unit tests without it): every navigation is then budgeted as a page's.
  }
  // A tab's window privacy, told by the browser once per tab (the navigation path needs it).
  browser.tabs.onCreated.addListener((tab) => app.tabPrivacy.note(tab));
  browser.tabs.onRemoved.addListener((tabId) => {
    app.tabPrivacy.forget(tabId);
    app.frameLinks.forgetTab(tabId);
    app.watchers.forgetTab(tabId);
    void app.reportOpens.forgetTab(tabId);
    app.budget.forgetTab(tabId);
  });
}
