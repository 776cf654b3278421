// What "the person arrives" means in the arrival measurement: the pointer comes in from the left
// edge and crosses the page at mid-height (a sweep of about half a second, over whatever links lie
// on the way: none is rested on long enough to be checked), leaves the window, and the person reads
// on with the keyboard, three screens down (Page Down, each scroll given time to settle). All of it
// is CDP input: trusted events, as a person's are.
//
// The pointer leaves before the scrolling so that no link comes to rest under it: a hover check
// asks the service for a scan, which is not what this measures (BENCHMARKS.md "Hover latency" does).
import type { Page } from 'playwright-core';
import { sleep } from '../stats';

const SWEEP_STEPS = 30;
const STEP_MS = 16;
const SCREENS = 3;
const SCROLL_SETTLE_MS = 500;

export async function arrive(page: Page): Promise<void> {
  const { w, h } = (await page.evaluate('({ w: innerWidth, h: innerHeight })')) as { w: number; h: number };
  const y = Math.round(h / 2);
  for (let i = 0; i <= SWEEP_STEPS; i++) {
    await page.mouse.move(Math.round((i / SWEEP_STEPS) * (w - 1)), y);
    await sleep(STEP_MS);
  }
  // Out of the window (CDP input outside the viewport: the page sees the pointer leave).
  await page.mouse.move(w + 50, y);
  for (let i = 0; i < SCREENS; i++) {
    await page.keyboard.press('PageDown');
    await sleep(SCROLL_SETTLE_MS);
  }
}
