/**
 * Which page each tab and frame shows, for the parts that answer or charge by it: the links a
 * document reported (frame-links.ts), pushes waiting for a frame (link-watchers.ts) and the
 * page that caused a navigation (budget.ts), and which tabs are private (tab-privacy.ts).
 * Registered synchronously with the other listeners.
 */
import { browser } from 'wxt/browser';
import type { App } from './app';

export function wirePageTracking(app: App): void {
  browser.webNavigation.onCommitted.addListener((d) => {
    // The frame holds a new document: its links start afresh (Firefox may not report
    // documentId, so the frame's old entries are dropped here rather than left to age out).
    app.frameLinks.forgetFrame(d.tabId, d.frameId);
    if (d.frameId === 0) app.budget.noteCommitted(d.tabId, d.url);
  });
  browser.webNavigation.onCreatedNavigationTarget?.addListener((d) => app.budget.noteOpened(d.tabId, d.sourceTabId));
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
