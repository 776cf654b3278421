import { startBackground } from '@/src/background/main';

// Thin: all wiring lives in src/background/main.ts (style.md 1).
export default defineBackground(() => {
  startBackground();
});
