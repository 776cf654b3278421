/**
 * `.catch(ignore)`: for a promise whose failure changes nothing for its caller (a cosmetic badge
 * write, a best-effort write that the next run retries, a tab that may be gone). The name says
 * that the failure is dropped on purpose, where `.catch(() => undefined)` could be an oversight;
 * searching for `ignore` lists every such place.
 */
export const ignore = (): undefined => undefined;
