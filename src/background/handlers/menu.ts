/** Context-menu clicks: check, then open the report page that follows the scan live. */
import { browser } from 'wxt/browser';
import { windowKindOf } from '@/src/shared/window-kind';
import type { App } from '../app';
import { menuTarget } from '../surfaces/context-menu';

export async function onMenuClick(
  app: App,
  info: { menuItemId: string | number; linkUrl?: string; pageUrl?: string; selectionText?: string },
  tab?: { id?: number; incognito?: boolean; index?: number },
): Promise<void> {
  const target = menuTarget(info);
  const report = (q: string) =>
    browser.tabs.create({
      url: browser.runtime.getURL('/report.html') + '?' + q,
      index: tab?.index !== undefined ? tab.index + 1 : undefined,
    });
  if (!target) {
    await report('error=not_a_url');
    return;
  }
  // No tab (or no answer about it) is 'unknown', which counts as a private window (docs/decisions/011-private-windows.md).
  const out = await app.checker.check(target, 'menu', { windowKind: windowKindOf(tab) });
  const st = out.status;
  if (st.kind === 'verdict') return void (await report('id=' + encodeURIComponent(st.verdict.scanId)));
  if (st.kind === 'checking' && st.scanId) return void (await report('id=' + encodeURIComponent(st.scanId)));
  if (st.kind === 'checking' && out.url) {
    // The POST is under way: open the report once the job has an id.
    const url = out.url;
    let opened = false;
    app.engine.onUpdate((u, s) => {
      if (opened || u !== url) return;
      const id =
        s.kind === 'checking'
          ? s.scanId
          : s.kind === 'verdict'
            ? s.verdict.scanId
            : s.kind === 'failed' || s.kind === 'timed_out'
              ? s.scanId
              : undefined;
      if (id) {
        opened = true;
        void report('id=' + encodeURIComponent(id));
      } else if (s.kind === 'error') {
        opened = true;
        void report('error=' + encodeURIComponent(s.code));
      }
    });
    return;
  }
  const why =
    st.kind === 'skipped'
      ? `skipped=${st.reason}`
      : st.kind === 'error'
        ? `error=${encodeURIComponent(st.code)}`
        : st.kind === 'blocklisted'
          ? 'skipped=blocklisted'
          : 'error=unknown';
  await report(why);
}
