/** Example table for popupLayout (popup-layout.ts), tested in test/unit/ui/popup-actions.test.tsx. */
import type { PopupFacts, PopupLayout } from './popup-layout';

const page: PopupFacts = { web: true, verdictAction: 'allow', canTrust: true, canPause: true, paused: false };

export const POPUP_LAYOUT_EXAMPLES: readonly { name: string; facts: PopupFacts; expected: PopupLayout }[] = [
  {
    name: 'a safe page',
    facts: page,
    expected: { first: ['checkAgain', 'pageScan'], more: ['report', 'trust', 'pause', 'recent', 'settings'] },
  },
  {
    name: 'a page Linklens warned about',
    facts: { ...page, verdictAction: 'warn' },
    expected: { first: ['checkAgain', 'report'], more: ['pageScan', 'trust', 'pause', 'recent', 'settings'] },
  },
  {
    name: 'a blocked page',
    facts: { ...page, verdictAction: 'block' },
    expected: { first: ['checkAgain', 'report'], more: ['pageScan', 'trust', 'pause', 'recent', 'settings'] },
  },
  {
    name: 'not checked yet: nothing to report',
    facts: { ...page, verdictAction: null },
    expected: { first: ['checkAgain', 'pageScan'], more: ['trust', 'pause', 'recent', 'settings'] },
  },
  {
    name: 'the policy forbids trusting and pausing',
    facts: { ...page, canTrust: false, canPause: false },
    expected: { first: ['checkAgain', 'pageScan'], more: ['report', 'recent', 'settings'] },
  },
  {
    name: 'not a web page (a new tab, the browser’s settings)',
    facts: { ...page, web: false, verdictAction: null },
    expected: { first: ['settings'], more: ['pause', 'recent'] },
  },
  {
    name: 'paused: resuming comes first',
    facts: { ...page, verdictAction: null, paused: true },
    expected: { first: ['pause', 'checkAgain'], more: ['pageScan', 'trust', 'recent', 'settings'] },
  },
  {
    name: 'paused on a page that is not on the web',
    facts: { ...page, web: false, verdictAction: null, paused: true },
    expected: { first: ['pause'], more: ['recent', 'settings'] },
  },
];
