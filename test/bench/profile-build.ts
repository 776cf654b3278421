// An unminified `wxt build` of the Chromium extension into .output/bench-profile, for
// profile-load.ts (function names in the CPU profile are then ours). Run as its own process.
import { build } from 'wxt';

await build({
  outDir: '.output/bench-profile',
  vite: () => ({ build: { minify: false } }),
});
