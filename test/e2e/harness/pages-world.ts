// Shared by the pages' browser suites (pages-live, pages-a11y, pages-first-look): their world is
// world.ts's; here are the few questions they ask the extension and the service beyond it.
export { configureWorld, FAST_PROCESSING_MS, request, startWorld, stopWorld, type World } from './world';
import type { World } from './world';
import type { JourneyPage } from './driver';

/** A scan the extension knows nothing of (made by the test at the service): only the report page follows it. */
export async function scanAtService(w: World, url: string): Promise<string> {
  const res = await fetch(`${w.svc.baseUrl}/v1/scans/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${w.svc.demoKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  const body = (await res.json()) as { id?: string };
  if (!res.ok || !body.id) throw new Error(`the service refused the scan: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

/** The URLs of every tab, read through the extension's tabs API from `page` (one of our pages). */
export function tabUrls(page: JourneyPage): Promise<string[]> {
  return page.evaluate(async () => {
    const api = ((globalThis as unknown as { browser?: unknown }).browser ??
      (globalThis as unknown as { chrome: unknown }).chrome) as {
      tabs: { query(q: object): Promise<{ url?: string }[]> };
    };
    return (await api.tabs.query({})).map((t) => t.url ?? '');
  });
}
