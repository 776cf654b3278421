/**
 * Whether the browser says no page started a main-frame request: the person did, through the
 * browser itself (address bar, bookmark, history, a new tab's page), which no web page can
 * arrange. Budgets (budget.ts) then never refuse its check for a page's spending.
 *
 * The browsers name the initiating page differently (webRequest.onBeforeRequest details):
 * - Chromium: `initiator`, the origin of the document that started it, absent when the browser
 *   did ("The origin where the request was initiated. This does not change through redirects.").
 *   Its details have `frameType` or `documentLifecycle` (Chromium 106+), by which it is told apart.
 * - Firefox: `originUrl`, the URL of the document that triggered it, absent for the browser's own
 *   loads; its details always have `thirdParty` (Firefox 80+).
 * Neither recognised: null, not the person (a page's budget applies, as before).
 * Examples: person-request.examples.ts.
 */
export interface RequestDetails {
  type?: string;
  tabId?: number;
  initiator?: string;
  originUrl?: string;
  frameType?: string;
  documentLifecycle?: string;
  thirdParty?: boolean;
}

/** Who started a tab's main-frame request: 'person' (the browser), 'page', or null (not known). */
export function requestOrigin(d: RequestDetails): 'person' | 'page' | null {
  if (d.type !== 'main_frame' || d.tabId === undefined || d.tabId < 0) return null;
  if (typeof d.thirdParty === 'boolean') return d.originUrl === undefined ? 'person' : 'page';
  if (d.frameType !== undefined || d.documentLifecycle !== undefined) return d.initiator === undefined ? 'person' : 'page';
  return null;
}
