/**
 * "Report a mistake" (docs/decisions/017-surfaces.md), from the popup, the report page and the blocked page: the URL is
 * scanned again at once (the verdict may simply be stale), the disputed verdict is recorded on
 * this device, and the page learns where to report it: the organization's `reportUrl` when one is
 * set, else null (the page then opens an editable report with the scan id and URL).
 *
 * From a private window (or one whose window is unknown, which counts as private) it follows the
 * private-window rules like every check: nothing is sent again unless "Check in private windows"
 * is on (nor is the cached verdict dropped), and the dispute is kept in memory only, never
 * written to disk, like the private window's own history.
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { treatAsPrivate, type WindowKind } from '@/src/shared/window-kind';
import type { DisputeData } from '@/src/shared/messaging/protocol';
import type { App } from '../app';
import { readKey, writeKey, createMutex } from '../state/kv';

export const DISPUTES_CAP = 200;
const DisputeSchema = z.array(z.object({ url: z.string(), scanId: z.nullable(z.string()), at: z.number() }));
export type Dispute = z.infer<typeof DisputeSchema>[number];
const mutex = createMutex();

/**
 * The report address with `{scanId}` and `{url}` filled in (URL-encoded), or null when there is no
 * template or the result is not http(s) (a policy value is not trusted to be a safe link).
 *
 *   fillReportUrl('https://help.example/r?s={scanId}&u={url}', 'scn_1', 'https://x.test/a b')
 *     → 'https://help.example/r?s=scn_1&u=https%3A%2F%2Fx.test%2Fa%20b'
 *   fillReportUrl('javascript:alert(1)', …) → null;  fillReportUrl('', …) → null
 */
export function fillReportUrl(template: string, scanId: string | null, url: string): string | null {
  if (!template) return null;
  const filled = template
    .replaceAll('{scanId}', encodeURIComponent(scanId ?? ''))
    .replaceAll('{url}', encodeURIComponent(url));
  return /^https?:\/\//i.test(filled) ? filled : null;
}

/** Disputes from private windows in this background life: memory only, newest first. */
let privateDisputes: Dispute[] = [];
const newest = (list: Dispute[], d: Dispute) =>
  [d, ...list.filter((x) => !(x.url === d.url && x.scanId === d.scanId))].slice(0, DISPUTES_CAP);

/** The disputes on disk (normal windows). */
export const readDisputes = () => readKey('db', 'disputes', DisputeSchema, []);
/** Those of private windows, while the background runs. */
export const privateDisputesNow = (): readonly Dispute[] => privateDisputes;

/** `windowKind`: the asking page's window (handlers/pages.ts askingWindow); unknown counts as private. */
export async function disputeVerdict(
  app: App,
  rawUrl: string,
  scanId: string | undefined,
  windowKind: WindowKind,
): Promise<DisputeData> {
  const { settings: s } = await app.settings.get();
  const n = await app.checker.lookup(rawUrl, { windowKind });
  const id = scanId ?? (n.status.kind === 'verdict' ? n.status.verdict.scanId : null);
  const url = n.url ?? rawUrl;
  const d: Dispute = { url, scanId: id, at: Date.now() };
  if (treatAsPrivate(windowKind)) privateDisputes = newest(privateDisputes, d);
  else await mutex(async () => writeKey('db', 'disputes', newest(await readDisputes(), d)));
  // Scan again now: the old verdict is dropped, so the next answer is the service's new one.
  // Not when this window's URLs are not sent (a private window, scanIncognito off): then the
  // verdict stays as it was and nothing leaves.
  if (n.url && n.status.kind !== 'skipped') {
    app.engine.forget(n.url);
    await app.cache.delete(n.url);
    void app.checker.check(rawUrl, 'popup', { windowKind }).catch(ignore);
  }
  return { reportUrl: fillReportUrl(s.reportUrl, id, url), scanId: id, url };
}
