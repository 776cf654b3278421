/**
 * "Proceed anyway" exceptions and passes in the options page (docs/decisions/017-surfaces.md): list, revoke one host,
 * revoke all. Reached through handlePage only, so only from our own extension pages (router.ts):
 * a content script can neither read which sites the person let through nor touch them.
 *
 * Revoking is always allowed, even where policy locks the settings: it only takes protection
 * back. The reply waits until the request-blocking rules no longer hold the allow rules, so a
 * navigation right after it is stopped again.
 */
import { ok } from '@/src/shared/messaging/reply';
import type { ExceptionsData } from '@/src/shared/messaging/page-data/settings';
import type { App } from '../app';
import { exceptionsList, revokeExceptions } from '../overrides/exceptions';
import type { PageHandlers } from './handler-map';

async function listNow(app: App): Promise<ExceptionsData> {
  const { settings: s } = await app.settings.get();
  return { allowed: s.allowProceed, items: await exceptionsList(s.allowProceed) };
}

/** Ends the exceptions and passes of `host` (all of them for null), then says what is left. */
async function revoke(app: App, host: string | null) {
  await revokeExceptions(host);
  await app.netRules.syncNow();
  return ok(await listNow(app));
}

export const exceptionsHandlers = {
  'exceptions.list': async (app) => ok(await listNow(app)),
  'exceptions.revoke': (app, m) => revoke(app, m.host.trim().toLowerCase()),
  'exceptions.revokeAll': (app) => revoke(app, null),
} satisfies Partial<PageHandlers>;
