/**
 * `report.open` (docs/decisions/017-surfaces.md "Report a mistake" from the tooltip and the in-page confirmation): opens
 * the extension's report page for a flagged link, where the person can dispute the verdict with
 * the privileged `verdict.dispute` (rescan, mark disputed, report). The content script may be
 * the attacker's, so this spends nothing and changes nothing, and only for a link its own
 * document reported that has a warn/block verdict now, a few times per tab (content-tier/report-open.ts).
 * The scan id goes into the new tab's URL here: the content script never learns it.
 */
import { browser } from 'wxt/browser';
import { fail, ok, type Reply } from '@/src/shared/messaging/protocol';
import type { WindowKind } from '@/src/shared/window-kind';
import type { App } from '../app';
import { forContent, linkInfoOf } from '../content-tier/link-info';
import type { FrameRef } from '../content-tier/link-watchers';

/** The report page's query for a link's outcome: its scan, or why there is none (block list). */
export function reportQuery(status: { kind: string; verdict?: { scanId: string } }): string {
  return status.kind === 'verdict' && status.verdict
    ? `id=${encodeURIComponent(status.verdict.scanId)}`
    : 'skipped=blocklisted';
}

// The sender is a content script, which shows its own words for a failure: the codes matter here.
const NOT_FLAGGED = () => fail('not_flagged', 'No warning on this link.');

export async function openReport(
  app: App,
  url: string,
  frame: FrameRef | null,
  windowKind: WindowKind,
  trusted: boolean,
): Promise<Reply<null>> {
  // Only a link of the sender's own document (frame-links.ts), never one it merely names now.
  if (!trusted && (!frame || !app.frameLinks.has(frame, url))) return NOT_FLAGGED();
  const o = await app.links.lookup(url, { windowKind });
  if (forContent(linkInfoOf(o, false)).status !== 'verdict') return NOT_FLAGGED();
  if (!trusted && !(await app.reportOpens.take(frame!.tabId))) return fail('rate_limited', 'Too many report pages.');
  await browser.tabs.create({
    url: `${browser.runtime.getURL('/report.html')}?${reportQuery(o.status)}`,
    active: true,
  });
  return ok(null);
}
