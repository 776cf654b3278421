/**
 * docs/decisions/016-organizations.md, the background side of the in-page look-alike warning: `signin.check` judges the
 * sender's own URL (never the message), answers only warn + the protected host, reports each
 * sighting once per tab + host + trigger within bounds, refuses malformed messages, and the
 * sign-in guard script is registered only while the policy protects sign-in domains.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createRouter, type SenderLike } from '@/src/background/router';
import type { App } from '@/src/background/app';
import { createSignInChecks, senderHost, sessionStore } from '@/src/background/signin/check';
import { createReportOnce, type ReportOnceState } from '@/src/background/signin/report-once';
import {
  createGuardRegistration,
  SIGNIN_GUARD_ID,
  SIGNIN_GUARD_FILE,
} from '@/src/background/signin/guard-registration';
import type { SettingsState } from '@/src/background/state/settings-store';
import { defaultSettings } from '@/src/shared/policy/settings';
import type { LookalikeVerdict } from '@/src/shared/url/lookalike';
import { contentSender } from '../harness/senders';

const ID = 'test-extension-id';
const PROTECTED = ['login.example.com', 'example.okta.com'];

function world(
  opts: {
    allowlist?: string[];
    domains?: string[];
    maxPerTab?: number;
    action?: 'warn' | 'log' | 'block';
    organizationDomains?: string[];
    message?: string;
  } = {},
) {
  const state = {
    settings: {
      ...defaultSettings(),
      protectedSignInDomains: opts.domains ?? PROTECTED,
      signInLookalikeAction: opts.action ?? 'warn',
      organizationDomains: opts.organizationDomains ?? [],
      customWarningMessage: opts.message ?? '',
    },
    managedEntries: { allowlist: opts.allowlist ?? [], blocklist: [] },
  } as unknown as SettingsState;
  const settings = { get: async () => state };
  const reports: { host: string; v: LookalikeVerdict; trigger: string }[] = [];
  const signIn = createSignInChecks({
    settings,
    report: (host, v, trigger) => void reports.push({ host, v, trigger }),
    once: createReportOnce({ maxPerTab: opts.maxPerTab ?? 20 }),
  });
  const route = createRouter({ settings, signIn } as unknown as App);
  return { route, reports };
}

const from = (url: string, tabId = 7, frameId = 0): SenderLike => contentSender(tabId, { url, frameId });

beforeEach(() => fakeBrowser.reset());

describe('signin.check: the host is the sender’s', () => {
  it('warns on a look-alike sender and names the protected host, whatever the message claims', async () => {
    const w = world();
    const r = await w.route(
      { type: 'signin.check', trigger: 'load', host: 'login.example.com', url: 'https://login.example.com/' },
      from('https://login.examp1e.com/signin'),
    );
    expect(r).toEqual({ ok: true, data: { warn: true, protectedHost: 'login.example.com' } });
    expect(w.reports).toEqual([
      {
        host: 'login.examp1e.com',
        v: expect.objectContaining({ kind: 'lookalike', protectedDomain: 'login.example.com' }),
        trigger: 'load',
      },
    ]);
  });

  it('a message naming a look-alike from the real sign-in page gets no warning and no report', async () => {
    const w = world();
    const r = await w.route(
      { type: 'signin.check', trigger: 'password-focus', host: 'login.examp1e.com' },
      from('https://login.example.com/'),
    );
    expect(r).toEqual({ ok: true, data: { warn: false } });
    expect(w.reports).toEqual([]);
  });

  it.each([
    ['the protected host itself', 'https://login.example.com/', []],
    ['another host of the organization’s own site', 'https://mail.example.com/', []],
    ['a tenant on a shared platform that is the protected one', 'https://example.okta.com/app', []],
    ['a look-alike on the organization’s allowlist', 'https://examp1e.com/', ['examp1e.com']],
    ['an unrelated site', 'https://news.test/', []],
  ])('never warns on %s', async (_name, url, allowlist) => {
    const w = world({ allowlist });
    expect(await w.route({ type: 'signin.check', trigger: 'load' }, from(url))).toEqual({
      ok: true,
      data: { warn: false },
    });
    expect(w.reports).toEqual([]);
  });

  it('answers nothing but warn and the protected host (no reason, no policy list)', async () => {
    const w = world();
    const r = await w.route({ type: 'signin.check', trigger: 'load' }, from('https://exarnple.okta.com/'));
    expect(r.ok && Object.keys(r.data as object).sort()).toEqual(['protectedHost', 'warn']);
  });

  it('a frame gets the same answer whatever its host, and nothing is reported (no oracle for guessed hosts)', async () => {
    const w = world();
    const top = 'https://attacker.test/';
    const inFrame = (url: string): SenderLike => contentSender(7, { url, tabUrl: top, frameId: 5 });
    for (const url of ['https://login.examp1e.com/', 'https://exarnple.okta.com/', 'https://unrelated.test/']) {
      expect(await w.route({ type: 'signin.check', trigger: 'password-focus' }, inFrame(url))).toEqual({
        ok: true,
        data: { warn: false },
      });
    }
    expect(w.reports).toEqual([]);
  });

  it('policy action log: the sighting is reported, the page is answered as any other', async () => {
    const w = world({ action: 'log' });
    expect(await w.route({ type: 'signin.check', trigger: 'load' }, from('https://login.examp1e.com/'))).toEqual({
      ok: true,
      data: { warn: false },
    });
    expect(w.reports).toEqual([expect.objectContaining({ host: 'login.examp1e.com', trigger: 'load' })]);
  });

  it('policy action block: a look-alike page reached anyway (past the blocked page) still warns', async () => {
    const w = world({ action: 'block' });
    expect(await w.route({ type: 'signin.check', trigger: 'load' }, from('https://login.examp1e.com/'))).toEqual({
      ok: true,
      data: { warn: true, protectedHost: 'login.example.com' },
    });
    expect(w.reports).toEqual([expect.objectContaining({ host: 'login.examp1e.com', trigger: 'load' })]);
  });

  it('the organization’s custom message goes with the warning, as it was written', async () => {
    const message = 'Call the IT desk on 1234. <b>not markup</b>';
    const w = world({ message });
    expect(await w.route({ type: 'signin.check', trigger: 'load' }, from('https://login.examp1e.com/'))).toEqual({
      ok: true,
      data: { warn: true, protectedHost: 'login.example.com', message },
    });
    // Only with a warning: an ordinary page, the real one, or log mode hear nothing of it.
    expect(await w.route({ type: 'signin.check', trigger: 'load' }, from('https://login.example.com/'))).toEqual({
      ok: true,
      data: { warn: false },
    });
    expect(
      await world({ message, action: 'log' }).route(
        { type: 'signin.check', trigger: 'load' },
        from('https://login.examp1e.com/'),
      ),
    ).toEqual({ ok: true, data: { warn: false } });
  });

  it('the organization’s own other domains never warn', async () => {
    const w = world({ organizationDomains: ['examp1e.com'] });
    expect(await w.route({ type: 'signin.check', trigger: 'load' }, from('https://login.examp1e.com/'))).toEqual({
      ok: true,
      data: { warn: false },
    });
    expect(w.reports).toEqual([]);
  });

  it('without protected domains, nothing warns', async () => {
    const w = world({ domains: [] });
    expect(await w.route({ type: 'signin.check', trigger: 'load' }, from('https://login.examp1e.com/'))).toEqual({
      ok: true,
      data: { warn: false },
    });
  });

  it('senderHost: the top frame’s own URL (the tab’s when it has none); no frame below it; web URLs only', () => {
    expect(senderHost({ url: 'https://a.test/x', tab: { url: 'https://a.test/' }, frameId: 0 })).toBe('a.test');
    expect(senderHost({ url: 'https://a.test/x', tab: { url: 'https://b.test/' }, frameId: 3 })).toBeNull();
    expect(senderHost({ url: 'https://a.test/x' })).toBeNull();
    expect(senderHost({ tab: { url: 'https://b.test/' }, frameId: 0 })).toBe('b.test');
    expect(senderHost({ tab: { url: 'https://b.test/' }, frameId: 2 })).toBeNull();
    expect(senderHost({ url: 'about:blank', tab: { url: 'https://b.test/' }, frameId: 0 })).toBeNull();
    expect(senderHost({ url: 'file:///etc/passwd', frameId: 0 })).toBeNull();
    expect(senderHost({ url: 'not a url', frameId: 0 })).toBeNull();
  });

  it('a sender without a tab (our own pages) gets no warning', async () => {
    const w = world();
    const r = await w.route(
      { type: 'signin.check', trigger: 'load' },
      { id: ID, url: `chrome-extension://${ID}/popup.html`, origin: `chrome-extension://${ID}` },
    );
    expect(r).toEqual({ ok: true, data: { warn: false } });
    expect(w.reports).toEqual([]);
  });
});

describe('signin.check: malformed messages', () => {
  it.each([
    ['no trigger', { type: 'signin.check' }],
    ['an unknown trigger', { type: 'signin.check', trigger: 'hover' }],
    ['a trigger of the wrong type', { type: 'signin.check', trigger: 42 }],
    ['not an object', 'signin.check'],
    ['null', null],
  ])('%s: refused as invalid, nothing reported', async (_name, message) => {
    const w = world();
    const r = await w.route(message, from('https://login.examp1e.com/'));
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ code: 'invalid_message' }) });
    expect(w.reports).toEqual([]);
  });
});

describe('signin.check: one report per tab + host + trigger, bounded', () => {
  it('a page focusing its password field in a loop, and reloading, adds one event per trigger', async () => {
    const w = world();
    const sender = from('https://login.examp1e.com/');
    for (let i = 0; i < 200; i++) await w.route({ type: 'signin.check', trigger: 'password-focus' }, sender);
    for (let i = 0; i < 50; i++) await w.route({ type: 'signin.check', trigger: 'load' }, sender);
    expect(w.reports.map((r) => r.trigger)).toEqual(['password-focus', 'load']);
    // Another tab is another sighting.
    await w.route({ type: 'signin.check', trigger: 'load' }, from('https://login.examp1e.com/', 8));
    expect(w.reports).toHaveLength(3);
  });

  it('a tab hopping through generated look-alike hosts stops adding events at its bound, and is still warned', async () => {
    const w = world({ maxPerTab: 5 });
    for (let i = 0; i < 40; i++) {
      const r = await w.route({ type: 'signin.check', trigger: 'load' }, from(`https://login.example.com.x${i}.test/`));
      expect(r).toEqual({ ok: true, data: { warn: true, protectedHost: 'login.example.com' } });
    }
    expect(w.reports).toHaveLength(5);
  });

  it('a background that stopped and started again does not report the same sighting again', async () => {
    let kept: ReportOnceState | null = null;
    const store = { load: async () => kept, save: async (s: ReportOnceState) => void (kept = s) };
    const state = {
      settings: { ...defaultSettings(), protectedSignInDomains: PROTECTED },
      managedEntries: { allowlist: [], blocklist: [] },
    } as unknown as SettingsState;
    const reports: string[] = [];
    const life = () =>
      createSignInChecks({
        settings: { get: async () => state },
        report: (host, _v, trigger) => void reports.push(`${host} ${trigger}`),
        store,
      });
    const sender = from('https://login.examp1e.com/');
    await life().check('load', sender);
    await vi.waitFor(() => expect(kept?.keys).toHaveLength(1));
    const next = life(); // the worker's next life: same session storage
    await next.check('load', sender);
    await next.check('password-focus', sender);
    expect(reports).toEqual(['login.examp1e.com load', 'login.examp1e.com password-focus']);
  });

  it('what storage.session holds is read through a schema: a forged or broken value starts afresh', async () => {
    await fakeBrowser.storage.session.set({ signinReported: { keys: 'everything', perTab: 5 } });
    expect(await sessionStore.load()).toBeNull();
    await sessionStore.save({ keys: ['7\nh.test\nload'], perTab: [[7, 1]] });
    expect(await sessionStore.load()).toEqual({ keys: ['7\nh.test\nload'], perTab: [[7, 1]] });
    expect(await fakeBrowser.storage.session.get('signinReported')).toEqual({
      signinReported: { keys: ['7\nh.test\nload'], perTab: [[7, 1]] },
    });
  });

  it('remembers at most maxKeys sightings (oldest forgotten first)', () => {
    const once = createReportOnce({ maxKeys: 10, maxPerTab: 1000 });
    for (let i = 0; i < 100; i++) expect(once.first(i, 'h.test', 'load')).toBe(true);
    expect(once.size).toBe(10);
    expect(once.first(99, 'h.test', 'load')).toBe(false);
  });
});

describe('the sign-in guard is registered only while the policy protects sign-in domains', () => {
  function fakeScripting(opts: { failRegister?: boolean } = {}) {
    const registered = new Map<string, Record<string, unknown>>();
    const api = {
      getRegisteredContentScripts: vi.fn(async ({ ids }: { ids: string[] }) =>
        ids.filter((id) => registered.has(id)).map((id) => ({ id })),
      ),
      registerContentScripts: vi.fn(async (scripts: Record<string, unknown>[]) => {
        if (opts.failRegister) throw new Error('no permission');
        for (const s of scripts) registered.set(s.id as string, s);
      }),
      unregisterContentScripts: vi.fn(
        async ({ ids }: { ids: string[] }) => void ids.forEach((id) => registered.delete(id)),
      ),
    };
    return { api, registered };
  }

  it('registers once for a non-empty list, keeps it through repeats, removes it when the list empties', async () => {
    const { api, registered } = fakeScripting();
    const g = createGuardRegistration(() => api);
    await g.sync([]);
    expect(registered.size).toBe(0);
    await Promise.all([g.sync(['login.example.com']), g.sync(['login.example.com', 'x.okta.com'])]);
    expect(api.registerContentScripts).toHaveBeenCalledTimes(1);
    expect(registered.get(SIGNIN_GUARD_ID)).toMatchObject({
      js: [SIGNIN_GUARD_FILE],
      matches: ['http://*/*', 'https://*/*'],
      allFrames: false,
      persistAcrossSessions: true,
    });
    await g.sync([]);
    expect(registered.size).toBe(0);
  });

  it('a list that appears while the browser runs: every open web tab’s top frame gets the guard now; not again on repeats, nor after a restart', async () => {
    const { api } = fakeScripting();
    const injected: { target: { tabId: number; frameIds?: number[] }; files: string[] }[] = [];
    const withInject = {
      ...api,
      executeScript: vi.fn(async (i: { target: { tabId: number; frameIds?: number[] }; files: string[] }) => {
        // A tab the browser will not let us into (a closing tab): skipped, the others still get it.
        if (i.target.tabId === 3) throw new Error('Cannot access contents of the page');
        injected.push(i);
      }),
    };
    const g = createGuardRegistration(
      () => withInject,
      async () => [1, 2, 3, 4],
    );
    await g.sync(['login.example.com']);
    expect(injected).toEqual(
      [1, 2, 4].map((tabId) => ({ target: { tabId, frameIds: [0] }, files: [SIGNIN_GUARD_FILE] })),
    );
    // Already registered (a repeat, or a new worker life: the registration is kept): no new injection.
    await g.sync(['login.example.com', 'x.okta.com']);
    await createGuardRegistration(
      () => withInject,
      async () => [1, 2, 3, 4],
    ).sync(['login.example.com']);
    expect(withInject.executeScript).toHaveBeenCalledTimes(4);
    // Emptied and set again: the open tabs get it again (the next guard runs once per frame: boot.ts).
    await g.sync([]);
    await g.sync(['login.example.com']);
    expect(withInject.executeScript).toHaveBeenCalledTimes(8);
  });

  it('a failed registration is said in the console, not thrown, and the next change tries again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = fakeScripting({ failRegister: true });
    const g = createGuardRegistration(() => failing.api);
    await expect(g.sync(['login.example.com'])).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('sign-in page guard'), 'no permission');
    await g.sync(['login.example.com']);
    expect(failing.api.registerContentScripts).toHaveBeenCalledTimes(2);
  });

  it('a browser without the scripting API: nothing to do, no throw', async () => {
    await expect(createGuardRegistration(() => undefined).sync(['login.example.com'])).resolves.toBeUndefined();
  });
});
