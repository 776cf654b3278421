import { startBackground } from '@/src/background/main';

// Thin: all wiring lives in src/background/main.ts (entrypoints only wire things up).
export default defineBackground(() => {
  startBackground();
});
