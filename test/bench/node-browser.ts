// The Node side of the benchmarks has no extension APIs. Code of the extension measured in Node
// (the verdict cache, BENCHMARKS.md "Verdict cache") reads `wxt/browser`, which is bound once, when first
// evaluated, to `globalThis.browser` or `globalThis.chrome`: this module points `chrome` at WXT's
// in-memory fake browser and must be imported before any extension module.
import { fakeBrowser } from 'wxt/testing/fake-browser';

const g = globalThis as { chrome?: unknown };
g.chrome ??= fakeBrowser;

export { fakeBrowser };
