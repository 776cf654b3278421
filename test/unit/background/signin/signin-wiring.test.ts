/**
 * docs/decisions/016-organizations.md through the whole background (main.ts over fakeBrowser, the real local service):
 * a policy that lists protectedSignInDomains registers the sign-in guard and a later policy
 * without it unregisters it (the policy may change while the browser runs); a look-alike
 * sighting from a content script lands in the persisted reporting queue once, however often the
 * page asks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod/mini';
import type { ScanningService } from '../../../service/server';
import { startService } from '../../../service/server';
import { setPolicy, setupApp } from '../harness/app';
import { waitFor } from '../harness/worker';
import { SIGNIN_GUARD_ID } from '@/src/background/signin/guard-registration';
import { readKey } from '@/src/background/state/kv';
import type { SenderLike } from '@/src/background/router';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 100, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const registered = new Set<string>();
beforeEach(() => {
  registered.clear();
  // fakeBrowser has no scripting API: a small stand-in that holds registrations like the browser.
  Object.assign(fakeBrowser, {
    scripting: {
      getRegisteredContentScripts: async ({ ids }: { ids: string[] }) =>
        ids.filter((id) => registered.has(id)).map((id) => ({ id })),
      registerContentScripts: vi.fn(async (s: { id: string }[]) => void s.forEach((x) => registered.add(x.id))),
      unregisterContentScripts: vi.fn(
        async ({ ids }: { ids: string[] }) => void ids.forEach((id) => registered.delete(id)),
      ),
    },
  });
});
const w = setupApp(() => svc);

const ID = 'test-extension-id';
/** A look-alike page in a normal window's tab (the browsers always say which: a private window's sighting stays in memory). */
const lookalike = (tabId: number): SenderLike => ({
  id: ID,
  url: 'https://login.examp1e.com/',
  origin: 'https://login.examp1e.com',
  tab: { id: tabId, incognito: false, url: 'https://login.examp1e.com/' },
  frameId: 0,
});
const queuedSightings = async () =>
  (
    (
      (await readKey('db', 'reportingQueue', z.unknown(), undefined)) as
        { events?: { type: string; payload: { host?: string; trigger?: string } }[] } | undefined
    )?.events ?? []
  ).filter((e) => e.type === 'lookalike.seen');

describe('sign-in guard and sightings, through the background', () => {
  it('the guard follows the policy while the browser runs: registered with the list, gone without it', async () => {
    expect(registered.has(SIGNIN_GUARD_ID)).toBe(false);
    await setPolicy(w, { protectedSignInDomains: ['login.example.com'] });
    await waitFor(async () => registered.has(SIGNIN_GUARD_ID) || null);
    await setPolicy(w, { allowProceed: false });
    await waitFor(async () => !registered.has(SIGNIN_GUARD_ID) || null);
  });

  it('a look-alike page asking in a loop is warned each time and queued once per trigger', async () => {
    await setPolicy(w, {
      protectedSignInDomains: ['login.example.com'],
      reportingUrl: 'https://siem.example.com/events',
    });
    for (let i = 0; i < 30; i++) {
      const r = await w.route({ type: 'signin.check', trigger: i % 2 ? 'load' : 'password-focus' }, lookalike(5));
      expect(r).toEqual({ ok: true, data: { warn: true, protectedHost: 'login.example.com' } });
    }
    const queued = await waitFor(async () => ((await queuedSightings()).length >= 2 ? queuedSightings() : null));
    expect(queued.map((e) => [e.payload.host, e.payload.trigger]).sort()).toEqual([
      ['login.examp1e.com', 'load'],
      ['login.examp1e.com', 'password-focus'],
    ]);
  });
});
