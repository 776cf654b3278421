/**
 * "Report a mistake" (docs/decisions/017-surfaces.md), from the popup, the report page and the blocked page: the URL is
 * scanned again at once (the verdict may simply be stale), the disputed verdict is recorded on
 * this device, and the page learns where to report it: the organization's `reportUrl` when one is
 * set, else null (the page then opens an editable report with the scan id and URL).
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
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
  const filled = template.replaceAll('{scanId}', encodeURIComponent(scanId ?? '')).replaceAll('{url}', encodeURIComponent(url));
  return /^https?:\/\//i.test(filled) ? filled : null;
}

export const readDisputes = () => readKey('db', 'disputes', DisputeSchema, []);

export async function disputeVerdict(app: App, rawUrl: string, scanId: string | undefined): Promise<DisputeData> {
  const { settings: s } = await app.settings.get();
  const n = await app.checker.lookup(rawUrl);
  const id = scanId ?? (n.status.kind === 'verdict' ? n.status.verdict.scanId : null);
  const url = n.url ?? rawUrl;
  await mutex(async () => {
    const cur = await readDisputes();
    const next = [{ url, scanId: id, at: Date.now() }, ...cur.filter((d) => !(d.url === url && d.scanId === id))];
    await writeKey('db', 'disputes', next.slice(0, DISPUTES_CAP));
  });
  // Scan again now: the old verdict is dropped, so the next answer is the service's new one.
  if (n.url) {
    app.engine.forget(n.url);
    await app.cache.delete(n.url);
    void app.checker.check(rawUrl, 'popup').catch(ignore);
  }
  return { reportUrl: fillReportUrl(s.reportUrl, id, url), scanId: id, url };
}
