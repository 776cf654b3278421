/**
 * Whether the window a question came from is private: one named type instead of a flag whose
 * absence had to be read as "private" (docs/decisions/011-private-windows.md).
 *
 * - 'private': the browser said the tab is in a private (incognito) window.
 * - 'normal': the browser said it is not.
 * - 'unknown': the browser could not tell (the tab is closed, `tabs.get` failed, the sender has
 *   no tab). It counts as private: nothing is sent from it unless scanIncognito is on, and what
 *   Linklens learns from it stays in memory (state/incognito-urls.ts).
 *
 * Only the background decides it, from the browser's own tab objects (tabs events, tabs.get,
 * a message's `sender.tab`, which the browser fills in): no message field can say it, so a
 * content script cannot claim "normal" for a private tab. Examples: window-kind.examples.ts.
 */
export type WindowKind = 'private' | 'normal' | 'unknown';

/** True unless the browser said the window is a normal one: unknown counts as private. */
export function treatAsPrivate(kind: WindowKind): boolean {
  return kind !== 'normal';
}

/**
 * The kind of a tab as the browser describes it (its `incognito` field). Anything but a boolean
 * there, or no tab at all, is 'unknown'.
 */
export function windowKindOf(tab: { incognito?: unknown } | null | undefined): WindowKind {
  const flag = tab?.incognito;
  if (flag === true) return 'private';
  if (flag === false) return 'normal';
  return 'unknown';
}
