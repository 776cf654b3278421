// Tabs opened and read through the extension's own tabs API, from one of its pages: the same for
// both browsers, and the only way to reach a tab in a private (incognito) window, which neither
// Playwright's persistent context nor puppeteer's BiDi session hands over as a page.
import type { ExtensionRule, TabHandle } from './driver';

/** Runs `fn(arg)` in an extension page of ours (it has the tabs and windows APIs). */
export type ExtensionEval = <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => Promise<R>;

interface TabsApi {
  tabs: {
    create(o: { url: string }): Promise<{ id?: number }>;
    get(id: number): Promise<{ url?: string; windowId: number }>;
    remove(id: number): Promise<void>;
  };
  windows: {
    create(o: { url: string; incognito: boolean }): Promise<{ id?: number; tabs?: { id?: number }[] }>;
    remove(id: number): Promise<void>;
  };
}

interface DnrApi {
  declarativeNetRequest: { getDynamicRules(): Promise<ExtensionRule[]>; getSessionRules(): Promise<ExtensionRule[]> };
}

export function extensionTabs(evaluate: ExtensionEval) {
  return {
    extensionRules: () =>
      evaluate(async () => {
        const api = (
          (globalThis as unknown as { browser?: DnrApi }).browser ??
          (globalThis as unknown as { chrome: DnrApi }).chrome
        ).declarativeNetRequest;
        return { dynamic: await api.getDynamicRules(), session: await api.getSessionRules() };
      }, undefined),
    async openTab(url: string, opts: { private?: boolean } = {}): Promise<TabHandle> {
      const opened = await evaluate(
        async ({ url: u, priv }: { url: string; priv: boolean }) => {
          const api =
            (globalThis as unknown as { browser?: TabsApi }).browser ??
            (globalThis as unknown as { chrome: TabsApi }).chrome;
          if (priv) {
            const w = await api.windows.create({ url: u, incognito: true });
            return { tabId: w.tabs?.[0]?.id ?? -1, windowId: w.id ?? -1 };
          }
          const t = await api.tabs.create({ url: u });
          return { tabId: t.id ?? -1, windowId: -1 };
        },
        { url, priv: opts.private === true },
      );
      if (opened.tabId < 0)
        throw new Error(
          `No tab opened for ${url}${opts.private ? ' in a private window (is the extension allowed there? launch with allowPrivate)' : ''}`,
        );
      return {
        tabId: opened.tabId,
        currentUrl: () =>
          evaluate(async (id: number) => {
            const api =
              (globalThis as unknown as { browser?: TabsApi }).browser ??
              (globalThis as unknown as { chrome: TabsApi }).chrome;
            return (await api.tabs.get(id).catch(() => ({ url: '' }))).url ?? '';
          }, opened.tabId),
        close: () =>
          evaluate(async ({ tabId, windowId }: { tabId: number; windowId: number }) => {
            const api =
              (globalThis as unknown as { browser?: TabsApi }).browser ??
              (globalThis as unknown as { chrome: TabsApi }).chrome;
            await (windowId >= 0 ? api.windows.remove(windowId) : api.tabs.remove(tabId)).catch(() => undefined);
          }, opened),
      };
    },
  };
}
