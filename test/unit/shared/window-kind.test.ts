import { describe, expect, it } from 'vitest';
import { treatAsPrivate, windowKindOf } from '@/src/shared/window-kind';
import { TREAT_AS_PRIVATE_EXAMPLES, WINDOW_KIND_OF_EXAMPLES } from '@/src/shared/window-kind.examples';

describe('treatAsPrivate', () => {
  it.each(TREAT_AS_PRIVATE_EXAMPLES)('$kind → $expected', ({ kind, expected }) => {
    expect(treatAsPrivate(kind)).toBe(expected);
  });
});

describe('windowKindOf', () => {
  it.each(WINDOW_KIND_OF_EXAMPLES)('$name → $expected', ({ tab, expected }) => {
    expect(windowKindOf(tab)).toBe(expected);
  });
});
