/**
 * The background's public suffix list is packaged data (public/psl.txt, docs/decisions/009-bundle-weight.md), read when
 * the worker starts. Through the wired background (fakeBrowser + the real local service):
 * a navigation or a message that arrives before the read waits for it and is then answered with
 * the list; a list that cannot be read fails closed (strict mode: the blocked page says why),
 * never treats a host as public or private by a guess, and sends nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../service/server';
import { startBackground } from '@/src/background/main';
import { createRouter } from '@/src/background/router';
import { readPackagedSuffixList } from '@/src/background/suffix-list';
import { installSuffixTable, resetSuffixTableForTests } from '@/src/shared/url/suffix-table';
import type { BlockedDetailsData, Reply } from '@/src/shared/messaging/protocol';
import type { App } from '@/src/background/app';
import { blockedToken, freshBrowser, navigate, pageSender, tabUrl } from './harness/app';
import { installI18n } from '../ui/helpers';
import { waitFor } from './harness/worker';
import { postsWith } from '../../shared/service-log';

const FILE = readFileSync(new URL('../../../public/psl.txt', import.meta.url), 'utf8');

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

/** What the fake fetch of /psl.txt does in this test: answer, fail, or wait. */
let answerList: () => Promise<Response>;
const fetched: string[] = [];

beforeEach(() => {
  freshBrowser();
  installI18n('en');
  fakeBrowser.runtime.onMessage.removeAllListeners();
  svc.clearLog();
  // A new worker life: nothing loaded; the list is read by the fetch the background starts.
  resetSuffixTableForTests();
  fetched.length = 0;
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.endsWith('/psl.txt')) return realFetch(input, init);
    fetched.push(url);
    return answerList();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSuffixTableForTests();
  installSuffixTable(FILE);
});

async function start(settings: Record<string, unknown> = {}): Promise<App> {
  const app = startBackground();
  await app.settings.set({ serviceUrl: svc.baseUrl, apiKey: svc.demoKey, ...settings });
  return app;
}

/** A message as our own options page sends it, through the listener main.ts registers. */
function send(message: unknown): Promise<Reply> {
  return new Promise(
    (resolve) => void fakeBrowser.runtime.onMessage.trigger(message, pageSender as never, resolve as never),
  );
}

describe('the packaged list file', () => {
  it('is read from the extension (runtime.getURL), once, when the worker starts', async () => {
    answerList = async () => new Response(FILE);
    await start();
    expect(fetched).toEqual([fakeBrowser.runtime.getURL('/psl.txt' as '/')]);
  });

  it('a non-2xx answer is a failure, not an empty list', async () => {
    const notFound = (async () => new Response('', { status: 404 })) as typeof fetch;
    await expect(readPackagedSuffixList(notFound)).rejects.toThrow('/psl.txt: HTTP 404');
  });
});

describe('questions asked before the list is read wait for it', () => {
  it('a navigation: judged with the list once it is read (a public host is sent, not skipped as intranet)', async () => {
    let finish: (r: Response) => void = () => undefined;
    answerList = () => new Promise((r) => (finish = r));
    const app = await start();
    const order: string[] = [];
    const outcome = app.checker.check('http://early-bird.example.co.uk/', 'navigation').then((o) => {
      order.push('checked');
      return o;
    });
    // The list is asked for and not answered yet: a check that did not wait would end now, or
    // judge the host without the list (skipped as an intranet name).
    await vi.waitFor(() => expect(fetched).toHaveLength(1));
    order.push('read');
    finish(new Response(FILE));
    const o = await outcome;
    expect(order).toEqual(['read', 'checked']);
    expect(o.status.kind).not.toBe('skipped');
    expect(o.status.kind).toBe('checking');
    await waitFor(() => postsWith(svc.log, 'early-bird.example.co.uk').length === 1);
  });

  it('a message: "block this site" stores the registrable domain the list gives', async () => {
    let finish: (r: Response) => void = () => undefined;
    answerList = () => new Promise((r) => (finish = r));
    const app = await start();
    const reply = send({ type: 'blocklist.add', host: 'https://login.shop.example.co.uk/x' });
    // Without the list, the registrable domain would come out wrong: no need to give it time.
    await vi.waitFor(() => expect(fetched).toHaveLength(1));
    finish(new Response(FILE));
    expect(await reply).toMatchObject({ ok: true });
    expect((await app.settings.get()).settings.blocklist).toContain('example.co.uk');
  });
});

describe('a list that cannot be read (damaged package): closed, with the reason', () => {
  it('strict mode, fail mode block: a navigation ends on the blocked page saying why; nothing is sent', async () => {
    answerList = async () => new Response('', { status: 404 });
    const app = await start({ strictMode: true, strictFailMode: 'block' });
    const tabId = await navigate('http://safe-damaged.example/');
    const token = await blockedToken(tabId);
    const d = (await createRouter(app)({ type: 'blocked.details', token }, pageSender)) as Reply;
    expect(d).toMatchObject({
      ok: true,
      data: { pending: false, reason: 'strict:damaged', riskScore: null } satisfies Partial<BlockedDetailsData>,
    });
    expect(await tabUrl(tabId)).toContain('/blocked.html?t=');
    expect(postsWith(svc.log, 'safe-damaged')).toEqual([]);
  });

  it('a check is an error naming the list, not a skip (no host is "intranet" or "public" by a guess), and is not sent', async () => {
    answerList = async () => new Response(FILE.slice(0, 1000));
    const app = await start();
    for (const url of ['https://www.example.com/', 'http://jira.corp/']) {
      const o = await app.checker.check(url, 'navigation');
      expect(o.status).toMatchObject({ kind: 'error', code: 'suffix_list' });
      expect(o.status.kind === 'error' && o.status.message).toMatch(
        /could not load its public suffix list: .*Reinstall Linklens/,
      );
    }
    expect(svc.log.filter((e) => e.method === 'POST')).toEqual([]);
  });

  it('the blocklist still holds (it needs no list); a message needing the list answers with the reason', async () => {
    answerList = async () => {
      throw new TypeError('Failed to fetch');
    };
    const app = await start({ blocklist: ['evil.example'] });
    expect((await app.checker.check('https://login.evil.example/', 'navigation')).status.kind).toBe('blocklisted');
    const r = await send({ type: 'blocklist.add', host: 'https://login.shop.example.co.uk/x' });
    expect(r).toMatchObject({ ok: false });
    expect(JSON.stringify(r)).toMatch(/could not load its public suffix list.*Failed to fetch/);
    expect((await app.settings.get()).settings.blocklist).toEqual(['evil.example']);
  });
});
