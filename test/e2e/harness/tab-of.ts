// Which browser tab shows a test's page. A page can be between addresses for a moment (a
// navigation held by a rule shows about:blank until the blocked page or the site commits), and
// then more than one tab shows the same address: the answer waits for the page to settle on one.
import { waitFor } from './wait-for';

interface TabLike {
  id?: number;
  url?: string;
}

/** The id of the one tab showing the page's current address, once exactly one does (15 s at most). */
export async function tabShowing(
  currentUrl: () => Promise<string>,
  queryTabs: () => Promise<TabLike[]>,
): Promise<number> {
  const found = await waitFor(
    'exactly one tab showing the page',
    async () => {
      const url = await currentUrl();
      const tabs = await queryTabs();
      return { url, matches: tabs.filter((t) => t.url === url && t.id !== undefined), tabs };
    },
    (r) => r.matches.length === 1,
  );
  return found.matches[0]!.id!;
}
