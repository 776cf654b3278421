/**
 * "Proceed anyway" exceptions and passes in the options page (docs/decisions/017-surfaces.md): list, revoke one host,
 * revoke all. Reached through handlePage only, so only from our own extension pages (router.ts):
 * a content script can neither read which sites the person let through nor touch them.
 *
 * Revoking is always allowed, even where policy locks the settings: it only takes protection
 * back. The reply waits until the request-blocking rules no longer hold the allow rules, so a
 * navigation right after it is stopped again.
 */
import { ok, type ExceptionsData, type PageToBackground, type Reply } from '@/src/shared/messaging/protocol';
import type { App } from '../app';
import { exceptionsList, revokeExceptions } from '../overrides/exceptions';

async function listNow(app: App): Promise<ExceptionsData> {
  const { settings: s } = await app.settings.get();
  return { allowed: s.allowProceed, items: await exceptionsList(s.allowProceed) };
}

export function handleExceptions(app: App, m: PageToBackground): Promise<Reply> | null {
  switch (m.type) {
    case 'exceptions.list':
      return listNow(app).then(ok);
    case 'exceptions.revoke':
    case 'exceptions.revokeAll':
      return (async () => {
        await revokeExceptions(m.type === 'exceptions.revoke' ? m.host.trim().toLowerCase() : null);
        await app.netRules.syncNow();
        return ok(await listNow(app));
      })();
    default:
      return null;
  }
}
