/**
 * Which tabs asked about which links, so a verdict that arrives later is pushed to the content
 * script in exactly those tabs, under the exact string it sent (it maps back by that string).
 * Memory only: after the worker's death the content script simply asks again.
 */
export interface LinkWatchers {
  watch(url: string, tabId: number, raw: string): void;
  take(url: string): Map<number, Set<string>>;
}

export function createLinkWatchers(cap = 20_000): LinkWatchers {
  const m = new Map<string, Map<number, Set<string>>>();
  return {
    watch(url, tabId, raw) {
      if (m.size >= cap && !m.has(url)) m.delete(m.keys().next().value as string);
      let tabs = m.get(url);
      if (!tabs) m.set(url, (tabs = new Map()));
      let raws = tabs.get(tabId);
      if (!raws) tabs.set(tabId, (raws = new Set()));
      raws.add(raw);
    },
    take(url) {
      const tabs = m.get(url) ?? new Map();
      m.delete(url);
      return tabs;
    },
  };
}
