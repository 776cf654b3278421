/**
 * docs/decisions/008-key-binding.md, through the router as the options page uses it, with the real local service
 * and a second loopback server that records what it receives: the stored key never goes to a
 * service URL it was not entered for (Test connection with a typed URL, saving a new URL with an
 * empty key field, importing {"serviceUrl": …}).
 */
import { describe, it, expect, beforeAll, afterAll, beforeEach, vi } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import { startBackground } from '@/src/background/main';
import { createRouter, type SenderLike } from '@/src/background/router';
import type { App } from '@/src/background/app';
import { listenOnLoopback } from '../../../shared/listen';
import { installI18n } from '../../ui/helpers';
import { EXTENSION_ID, EXTENSION_ORIGIN, freshBrowser } from '../harness/app';

let svc: ScanningService;
let other: Server;
let otherUrl = '';
const received: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
  other = createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"balance": 1}');
  });
  otherUrl = `http://127.0.0.1:${await listenOnLoopback(other)}`;
});
afterAll(async () => {
  await svc.stop();
  await new Promise((r) => other.close(r));
});

const options: SenderLike = {
  id: EXTENSION_ID,
  url: `${EXTENSION_ORIGIN}/options.html`,
  origin: EXTENSION_ORIGIN,
  tab: { id: 1, incognito: false, url: `${EXTENSION_ORIGIN}/options.html` },
};

let app: App;
let route: ReturnType<typeof createRouter>;
beforeEach(async () => {
  vi.restoreAllMocks();
  freshBrowser();
  // The background's words come from _locales (i18n.ts say()): the real English ones.
  installI18n('en');
  received.length = 0;
  app = startBackground();
  route = createRouter(app);
  await route({ type: 'settings.set', patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey } }, options);
});

const keySent = () => received.filter((r) => JSON.stringify(r.headers).includes(svc.demoKey));

describe('the stored key stays with its service', () => {
  it('"Test connection" with a typed URL and an empty key field sends nothing there and names both origins', async () => {
    const r = await route({ type: 'connection.test', serviceUrl: otherUrl, apiKey: '' }, options);
    expect(r).toEqual({
      ok: true,
      data: {
        outcome: 'key_for_other_service',
        message: expect.stringContaining(svc.baseUrl),
        keyOrigin: svc.baseUrl,
        serviceOrigin: otherUrl,
      },
    });
    expect(received).toEqual([]);
  });

  it('"Test connection" with the stored service and an empty key field uses the stored key', async () => {
    const r = await route({ type: 'connection.test', serviceUrl: svc.baseUrl, apiKey: '' }, options);
    expect(r.ok && (r.data as { outcome: string }).outcome).toBe('connected');
  });

  it('saving a new URL with an empty key field: nothing reaches the new server, even when a check is asked for', async () => {
    await route({ type: 'settings.set', patch: { serviceUrl: otherUrl } }, options);
    const tabId = (await fakeBrowser.tabs.create({ url: 'http://phish-after-url-change.example/' })).id!;
    const r = await route(
      { type: 'scan.url', url: 'http://phish-after-url-change.example/', reason: 'popup', tabId },
      options,
    );
    expect(r).toEqual({ ok: true, data: { kind: 'skipped', reason: 'not-configured' } });
    await route({ type: 'credits.get' }, options);
    expect(received).toEqual([]);
    const d = await route({ type: 'settings.get' }, options);
    expect(d.ok && (d.data as { storedKey: unknown }).storedKey).toEqual({
      hint: `…${svc.demoKey.slice(-4)}`,
      origin: svc.baseUrl,
      inUse: false,
    });
  });

  it('importing {"serviceUrl": …} asks first, and after confirmation still sends the key nowhere new', async () => {
    const json = JSON.stringify({ serviceUrl: otherUrl });
    const preview = await route({ type: 'settings.import', json }, options);
    expect(preview.ok && (preview.data as { applied: boolean; plan: { confirm: string[] } })).toMatchObject({
      applied: false,
      plan: { confirm: ['serviceUrl'] },
    });
    const unconfirmed = await route({ type: 'settings.import', json, apply: true }, options);
    expect(unconfirmed.ok && (unconfirmed.data as { applied: boolean }).applied).toBe(false);
    expect((await app.settings.get()).settings.serviceUrl).toBe(svc.baseUrl);
    const applied = await route({ type: 'settings.import', json, apply: true, confirm: ['serviceUrl'] }, options);
    expect(applied.ok && (applied.data as { applied: boolean }).applied).toBe(true);
    expect((await app.settings.get()).settings).toMatchObject({ serviceUrl: otherUrl, apiKey: '' });
    await route({ type: 'credits.get' }, options);
    await route({ type: 'connection.test', serviceUrl: otherUrl, apiKey: '' }, options);
    expect(keySent()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('the key moves to the new origin only with the confirmation naming both; then it is sent there', async () => {
    await route({ type: 'settings.set', patch: { serviceUrl: otherUrl } }, options);
    const wrong = await route(
      { type: 'settings.set', patch: {}, rebindKey: { from: 'https://scan.example.org', to: otherUrl } },
      options,
    );
    expect(wrong.ok && (wrong.data as { refused: object }).refused).toHaveProperty('rebindKey');
    await route({ type: 'credits.get' }, options);
    expect(received).toEqual([]);
    await route({ type: 'settings.set', patch: {}, rebindKey: { from: svc.baseUrl, to: otherUrl } }, options);
    await route({ type: 'credits.get' }, options);
    expect(keySent().length).toBe(1);
  });
});
