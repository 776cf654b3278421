/**
 * Example table for held-page.ts, tested in test/unit/shared/url/held-page.test.ts: a tab's
 * address, and the URL the held page holds (null: nothing to hold).
 */
export const HELD_PAGE = 'chrome-extension://agngngjdpdjnnagefhncdooclophbehk/held.html';

export const HELD_TARGET_EXAMPLES: ReadonlyArray<readonly [string, string, string | null]> = [
  ['a held load', `${HELD_PAGE}#https://phish.test/login?next=%2Fhome`, 'https://phish.test/login?next=%2Fhome'],
  ['http, port and path', `${HELD_PAGE}#http://shop.test:8080/a/b`, 'http://shop.test:8080/a/b'],
  ['the held page without a URL', HELD_PAGE, null],
  ['an empty fragment', `${HELD_PAGE}#`, null],
  ['not a web URL', `${HELD_PAGE}#javascript:alert(1)`, null],
  ['another extension page', 'chrome-extension://agngngjdpdjnnagefhncdooclophbehk/blocked.html#https://a.test/', null],
  ['a web page', 'https://held.test/held.html#https://a.test/', null],
  // A request URL is always in the browser's own form; anything else came from elsewhere.
  ['not in the browser form', `${HELD_PAGE}#https://A.test/x y`, null],
  ['not a URL at all', `${HELD_PAGE}#https://`, null],
];
