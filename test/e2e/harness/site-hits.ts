// How many requests a test site's server really received: the measure of "blocked before its
// request" in browser tests.
import type { PageServer } from './page-server';

/**
 * Requests `host` received on the page server, less the browser's own favicon requests (a
 * rendered page, or the blocked page, may make one); only those whose path passes `path`, if given.
 */
export const siteHits = (w: { pages: PageServer }, host: string, path?: (p: string) => boolean) =>
  w.pages.requestsTo(host).filter((r) => r.path !== '/favicon.ico' && (path === undefined || path(r.path))).length;
