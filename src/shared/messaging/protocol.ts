/**
 * Every message Linklens sends between contexts, one import away. The definitions live by trust
 * tier (docs/architecture.md, "The contexts"): content-tier.ts (content scripts, untrusted),
 * page-tier.ts (our own pages, privileged) with its reply data in page-data/, port-tier.ts (the
 * report page's scan-event port); reply.ts holds the envelope every reply travels in. A message
 * is validated where it arrives (router.ts, content listener); payloads are structured-cloned, so
 * only plain data crosses.
 */
export * from './reply';
export * from './content-tier';
export * from './page-tier';
export * from './port-tier';
export * from './scan-reason';
export * from './page-data/scans';
export * from './page-data/settings';
export * from './page-data/account';
export * from './page-data/blocked-org';
export { SCAN_EVENTS_PORT } from './ports';
/** MAX_URL_LENGTH: cap on URL strings crossing a message boundary; MAX_BATCH: URLs per batch. */
export { MAX_BATCH, MAX_LINK_TEXT, MAX_URL_LENGTH } from './limits';
