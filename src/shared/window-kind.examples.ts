/** Example tables for window-kind.ts, tested in test/unit/shared/window-kind.test.ts. */
import type { WindowKind } from './window-kind';

/** treatAsPrivate: only a window the browser called normal is not kept private. */
export const TREAT_AS_PRIVATE_EXAMPLES: readonly { kind: WindowKind; expected: boolean }[] = [
  { kind: 'private', expected: true },
  { kind: 'unknown', expected: true },
  { kind: 'normal', expected: false },
];

/** windowKindOf: the browser's tab object (or what stands for it) → its kind. */
export const WINDOW_KIND_OF_EXAMPLES: readonly {
  name: string;
  tab: { incognito?: unknown } | null | undefined;
  expected: WindowKind;
}[] = [
  { name: 'a private tab', tab: { incognito: true }, expected: 'private' },
  { name: 'a normal tab', tab: { incognito: false }, expected: 'normal' },
  { name: 'no tab (a sender outside tabs)', tab: undefined, expected: 'unknown' },
  { name: 'a tab that could not be read', tab: null, expected: 'unknown' },
  { name: 'a tab without the field', tab: {}, expected: 'unknown' },
  { name: 'a string, not a boolean', tab: { incognito: 'false' }, expected: 'unknown' },
  { name: 'a number', tab: { incognito: 0 }, expected: 'unknown' },
];
