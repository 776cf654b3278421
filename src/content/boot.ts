/**
 * What the built content script runs: wxt.config.ts builds content-script.js from this module
 * rather than through WXT's unlisted-script wrapper (whose plugin loader and console logger,
 * ~0.8 kB, would be parsed in every frame of every page for nothing: docs/decisions/009-bundle-weight.md).
 * entrypoints/content-script.ts stays the entrypoint WXT knows (its name, its output path).
 */
import { startContent } from './main';

startContent();
