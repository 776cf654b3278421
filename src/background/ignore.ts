/**
 * `.catch(ignore)`: for a promise whose failure changes nothing for its caller (a cosmetic badge
 * write, a best-effort write that the next run retries, a tab that may be gone). One function for
 * the seventy-odd places in the worker instead of as many arrow functions in its bundle, which
 * has a size budget (docs/decisions/009-bundle-weight.md, BENCHMARKS.md "Bundle sizes").
 */
export const ignore = (): undefined => undefined;
