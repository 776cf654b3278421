/**
 * A plain browser event for the APIs fakeBrowser leaves unimplemented (webRequest's: toolchain
 * fakeBrowser has no contextMenus): listeners are added and removed as usual, and a test fires them with `trigger`.
 */
export function fakeEvent() {
  const listeners = new Set<(d: unknown) => unknown>();
  return {
    addListener: (fn: (d: unknown) => unknown) => void listeners.add(fn),
    removeListener: (fn: (d: unknown) => unknown) => void listeners.delete(fn),
    hasListener: (fn: (d: unknown) => unknown) => listeners.has(fn),
    removeAllListeners: () => listeners.clear(),
    trigger: async (d: unknown) => void (await Promise.all([...listeners].map((fn) => fn(d)))),
  };
}
