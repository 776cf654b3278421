import { describe, expect, test } from 'vitest';
import { heldTargetOf } from '@/src/shared/url/held-page';
import { HELD_PAGE, HELD_TARGET_EXAMPLES } from '@/src/shared/url/held-page.examples';

describe('heldTargetOf', () => {
  test.each(HELD_TARGET_EXAMPLES)('%s', (_name, pageUrl, expected) => {
    expect(heldTargetOf(pageUrl, HELD_PAGE)).toBe(expected);
  });
});
