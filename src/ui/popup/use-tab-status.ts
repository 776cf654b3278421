/**
 * The popup's model: the active tab and its `tab.status`, re-polled every `pollMs` while the
 * status is "checking" (the background learns the verdict; the popup only asks). The timer is
 * cleared on unmount and whenever a fresh load starts.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, TabStatusData } from '@/src/shared/messaging/protocol';

export interface TabStatusState {
  /** undefined while looking for the tab, null when there is none (e.g. a devtools window). */
  tabId: number | null | undefined;
  data: TabStatusData | null;
  error: ErrorInfo | null;
  refresh: () => void;
}

export function useTabStatus(pollMs = 500): TabStatusState {
  const [tabId, setTabId] = useState<number | null | undefined>(undefined);
  const [data, setData] = useState<TabStatusData | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    // popup.html?tabId=N shows a given tab (the demo and browser tests open the popup as a page).
    // Tab ids are non-negative 32-bit integers: Chromium's often have 10 digits (e.g. 1752246120).
    const rawTabId = new URLSearchParams(location.search).get('tabId') ?? '';
    const fromQuery = /^\d{1,10}$/.test(rawTabId) && Number(rawTabId) <= 2 ** 31 - 1 ? Number(rawTabId) : null;
    if (fromQuery !== null) {
      setTabId(fromQuery);
      return;
    }
    browser.tabs
      .query({ active: true, currentWindow: true })
      .then((tabs) => live && setTabId(tabs[0]?.id ?? null))
      .catch(() => live && setTabId(null));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (typeof tabId !== 'number') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const reply = await sendToBackground({ type: 'tab.status', tabId });
      if (!live) return;
      if (!reply.ok) {
        setError(reply.error);
        return;
      }
      setData(reply.data);
      setError(null);
      if (reply.data.status.kind === 'checking') timer = setTimeout(() => void load(), pollMs);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [tabId, round, pollMs]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { tabId, data, error, refresh };
}
