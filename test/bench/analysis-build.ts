// A second `wxt build` of the Chromium extension with source maps, into .output/bench-analysis,
// for BENCHMARKS.md "Bundle sizes" (which bytes of each bundle come from which package). Run as its own process
// by bundle-size.ts; the shared .output/chrome-mv3 (tests, demo) is left alone.
import { build } from 'wxt';

await build({
  outDir: '.output/bench-analysis',
  // Merged over wxt.config.ts's vite config (WXT mergeConfig: this side wins): same build, plus maps.
  vite: () => ({ build: { sourcemap: true } }),
});
