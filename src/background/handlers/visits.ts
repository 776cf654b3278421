/**
 * "You were there" for our own pages: the popup's entries, dismissing one, and clearing the
 * visited sites (options). Reached through handlePage only (router.ts): a content script can
 * neither read which sites the person visited nor clear them.
 */
import { ok } from '@/src/shared/messaging/reply';
import type { PageHandlers } from './handler-map';

export const visitsHandlers = {
  'visits.wereThere': async (app) => ok(await app.visits.store.alerts()),
  'visits.dismiss': async (app, m) => {
    await app.visits.store.dismiss(m.host.trim().toLowerCase());
    return ok(await app.visits.store.alerts());
  },
  'visits.clear': async (app) => {
    await app.visits.store.clear();
    return ok({ cleared: true as const });
  },
} satisfies Partial<PageHandlers>;
