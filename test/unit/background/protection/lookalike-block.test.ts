/**
 * Block mode for look-alikes of the organization's sign-in page (signInLookalikeAction "block";
 * the rule: src/shared/policy/signin-action.ts, the way past it: proceed.ts), through the wired
 * background (fakeBrowser + the real local service): a top-level navigation ends on the blocked
 * page naming the real host, before anything is sent to the service; frames are never blocked;
 * "Proceed anyway" opens that page once and grants nothing host-wide.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import type { BlockedDetailsData, Reply } from '@/src/shared/messaging/protocol';
import { ask, blockedToken, navigate, pageSender, setPolicy, setupApp, tabUrl } from '../harness/app';
import { addException, grantPass } from '@/src/background/overrides/exceptions';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const w = setupApp(() => svc);
const PROTECTED = 'login.examplecorp.test';
const LOOKALIKE = 'login.examp1ecorp.test';
const sentWith = (needle: string) => svc.log.filter((e) => JSON.stringify(e.body ?? '').includes(needle));
const details = async (tabId: number) =>
  ask<BlockedDetailsData>(w, { type: 'blocked.details', token: await blockedToken(tabId) });
const send = (message: unknown): Promise<Reply> => w.route(message, pageSender);
const policy = (values: Record<string, unknown> = {}) =>
  setPolicy(w, { protectedSignInDomains: [PROTECTED], signInLookalikeAction: 'block', ...values });
/** The service was asked about `host`: the navigation went past the look-alike step. */
const checked = (host: string) =>
  vi.waitFor(() => expect(sentWith(host)).not.toEqual([]), { timeout: 5000, interval: 20 });

describe('signInLookalikeAction "block"', () => {
  it('a top-level navigation to a look-alike ends on the blocked page naming the real host; nothing is sent', async () => {
    await policy();
    const url = `https://${LOOKALIKE}/signin?next=%2Fmail`;
    const d = await details(await navigate(url));
    expect(d).toMatchObject({
      url,
      reason: 'lookalike',
      rule: { rule: 'lookalike', protectedHost: PROTECTED, resemblance: 'confusable' },
      canProceed: true,
      exceptionLifetime: 'once',
      riskScore: null,
    });
    expect(sentWith(LOOKALIKE)).toEqual([]);
  });

  it('holds while paused and before the service is configured, like the organization’s block list', async () => {
    await policy();
    await ask(w, { type: 'pause.set', until: null });
    expect((await details(await navigate(`https://sso.examp1ecorp.test/`))).reason).toBe('lookalike');
    await w.app.settings.set({ apiKey: '', serviceUrl: '' });
    expect((await details(await navigate(`https://examplec0rp.test/login`))).reason).toBe('lookalike');
  });

  it('the real sign-in page, its own site and unrelated hosts open (and are checked as usual)', async () => {
    await policy();
    for (const host of [PROTECTED, 'mail.examplecorp.test', 'news-unrelated.test']) {
      const tabId = await navigate(`https://${host}/`);
      await checked(host);
      expect(await tabUrl(tabId)).toBe(`https://${host}/`);
    }
  });

  it('a frame at a look-alike host is never blocked: the tab stays where it is', async () => {
    await policy();
    const tab = (await fakeBrowser.tabs.create({ url: 'https://attacker-page.test/' })).id!;
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
      tabId: tab,
      url: `https://${LOOKALIKE}/frame`,
      frameId: 3,
      parentFrameId: 0,
      timeStamp: Date.now(),
      processId: 1,
    } as never);
    // Fence: a top-level look-alike in another tab is blocked after the frame's event was handled.
    expect((await details(await navigate(`https://${LOOKALIKE}/fence`))).reason).toBe('lookalike');
    expect(await tabUrl(tab)).toBe('https://attacker-page.test/');
  });

  it('a server redirect to a look-alike is blocked at that hop', async () => {
    await policy();
    const first = 'https://news-redirector.test/out';
    const tabId = await navigate(first);
    await w.app.navigation.onBeforeRedirect({
      tabId,
      url: first,
      redirectUrl: `https://${LOOKALIKE}/via`,
      frameId: 0,
      type: 'main_frame',
    });
    expect(await details(tabId)).toMatchObject({ url: `https://${LOOKALIKE}/via`, reason: 'lookalike' });
  });

  it('"Proceed anyway" opens this page once, grants no host exception; the next visit is blocked again', async () => {
    await policy();
    const url = `https://${LOOKALIKE}/once`;
    const tabId = await navigate(url);
    const token = await blockedToken(tabId);
    expect(await ask(w, { type: 'blocked.proceed', token })).toEqual({ url });
    // One pass for this address; no exception for the host.
    expect(
      (await ask<{ items: { kind: string; url: string | null }[] }>(w, { type: 'exceptions.list' })).items.map((r) => [
        r.kind,
        r.url,
      ]),
    ).toEqual([['pass', url]]);
    await navigate(url, { tabId });
    await checked(LOOKALIKE); // past the look-alike step: the pass let it through, the service is asked as for any page
    expect(await tabUrl(tabId)).toBe(url);
    // The page committed: the pass is used up.
    await fakeBrowser.webNavigation.onCommitted.trigger({
      tabId,
      url,
      frameId: 0,
      transitionType: 'link',
      transitionQualifiers: [],
      timeStamp: Date.now(),
      processId: 1,
    } as never);
    await vi.waitFor(
      async () => expect((await ask<{ items: unknown[] }>(w, { type: 'exceptions.list' })).items).toEqual([]),
      { timeout: 5000, interval: 20 },
    );
    expect((await details(await navigate(url, { tabId }))).reason).toBe('lookalike');
  });

  it('allowProceed false: no way past it', async () => {
    await policy({ allowProceed: false });
    const token = await blockedToken(await navigate(`https://${LOOKALIKE}/no`));
    expect(await ask<BlockedDetailsData>(w, { type: 'blocked.details', token })).toMatchObject({ canProceed: false });
    expect(await send({ type: 'blocked.proceed', token })).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
  });

  it('a strict-mode release pass or a host exception from another block does not open a look-alike', async () => {
    await policy();
    const url = `https://${LOOKALIKE}/released`;
    const tabId = (await fakeBrowser.tabs.create({ url: 'about:blank' })).id!;
    await grantPass(tabId, url, 'release');
    await addException(LOOKALIKE, -1);
    expect((await details(await navigate(url, { tabId }))).reason).toBe('lookalike');
  });

  it.each(['warn', 'log'])(
    '"%s": the navigation opens (the page itself warns or not: signin/check.ts)',
    async (action) => {
      await policy({ signInLookalikeAction: action });
      const tabId = await navigate(`https://${LOOKALIKE}/${action}`);
      await checked(`${LOOKALIKE}/${action}`);
      expect(await tabUrl(tabId)).toBe(`https://${LOOKALIKE}/${action}`);
    },
  );
});
