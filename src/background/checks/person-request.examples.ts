/**
 * Example table for requestOrigin (person-request.ts), with details shaped as each browser
 * sends them. Tested in test/unit/background/budget-fairness.test.ts.
 */
import type { RequestDetails } from './person-request';

const chromium = { type: 'main_frame', tabId: 3, frameType: 'outermost_frame', documentLifecycle: 'active' } as const;
const firefox = { type: 'main_frame', tabId: 3, thirdParty: false } as const;

export const PERSON_REQUEST_EXAMPLES: readonly {
  name: string;
  details: RequestDetails;
  origin: 'person' | 'page' | null;
}[] = [
  { name: 'Chromium: typed into the address bar (no initiator)', details: chromium, origin: 'person' },
  {
    name: 'Chromium: a page navigated (its origin is the initiator)',
    details: { ...chromium, initiator: 'https://looping.test' },
    origin: 'page',
  },
  {
    name: 'Chromium: an opaque-origin page (initiator "null") is a page',
    details: { ...chromium, initiator: 'null' },
    origin: 'page',
  },
  { name: 'Firefox: a bookmark (no originUrl)', details: firefox, origin: 'person' },
  {
    name: 'Firefox: a page navigated (its URL is the originUrl)',
    details: { ...firefox, originUrl: 'https://looping.test/a' },
    origin: 'page',
  },
  { name: "a subframe is never the person's navigation", details: { ...chromium, type: 'sub_frame' }, origin: null },
  { name: "no tab (the extension's own request)", details: { ...chromium, tabId: -1 }, origin: null },
  { name: 'details of an unknown browser: not the person', details: { type: 'main_frame', tabId: 3 }, origin: null },
];
