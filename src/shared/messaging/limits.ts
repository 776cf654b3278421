/**
 * Message size limits, in a module of their own so that code which needs only the numbers (the
 * content script, injected into every frame) does not pull in the tier schemas and zod.
 * protocol.ts re-exports them: import them from either place.
 */

/** Cap on URL strings that cross a message boundary; longer ones are refused, not truncated. */
export const MAX_URL_LENGTH = 8192;
/** Cap on URLs in one batch message from a content script. */
export const MAX_BATCH = 500;
/** The start of a link's visible text is enough to read the address it claims (text-claim.ts). */
export const MAX_LINK_TEXT = 300;
/**
 * The most history entries the blocked page's "Go back" steps over (background/protection/blocked-flow.ts
 * stepsBack): over the blocked site, an earlier blocked page of the same navigation and the site
 * before that one, to the page the person came from. The blocked page refuses a larger answer.
 */
export const MAX_BACK_STEPS = 4;
