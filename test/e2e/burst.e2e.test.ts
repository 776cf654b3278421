// Many tabs at once (docs/decisions/014-scan-engine.md): eight tabs open eight phishing pages at the same moment, in
// each selected browser. Every tab must land on the blocked page, each URL must reach the service
// once, and the extension must never hold more than 3 event streams open at once (a browser keeps
// 6 connections per host; streams must leave room for the POSTs and polls).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import type { JourneyDriver } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { postsFor } from '../shared/service-log';
import type { RequestLogEntry } from '../service/types';
import { waitFor } from './harness/wait-for';
import { startService, type ScanningService } from '../service/server';
import { testSpkiSha256 } from '../service/tls';
import { MAX_STREAMS } from '../../src/background/engine/stream-slots';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };

const isBatch = (e: RequestLogEntry) => e.method === 'POST' && /^\/v1\/scans\/batch\/?$/.test(e.path);
const isSingle = (e: RequestLogEntry) => e.method === 'POST' && /^\/v1\/scans\/?$/.test(e.path);
const carried = (e: RequestLogEntry): string[] => {
  const b = e.body as { url?: unknown; urls?: unknown } | null;
  return [b?.url, ...(Array.isArray(b?.urls) ? b.urls : [])].filter((u): u is string => typeof u === 'string');
};

/**
 * A lone navigation went as one single submit; the burst's navigations reached the service in
 * fewer POSTs than tabs, at least one of them a batch (submit-gate.ts).
 */
function expectBatched(svc: ScanningService, lone: string | null, burst: string[]): void {
  if (lone) {
    expect(svc.log.filter((e) => isSingle(e) && carried(e).includes(lone))).toHaveLength(1);
    expect(svc.log.filter((e) => isBatch(e) && carried(e).includes(lone))).toEqual([]);
  }
  const posts = svc.log.filter((e) => (isSingle(e) || isBatch(e)) && carried(e).some((u) => burst.includes(u)));
  expect(posts.filter(isBatch).length).toBeGreaterThanOrEqual(1);
  expect(posts.length).toBeLessThan(burst.length);
}
const TABS = 8;
const PROCESSING_MS = 1500;

/**
 * The most event streams open at once, as the service's log shows them: a stream is open from its
 * request's arrival until its scan completed (the service ends it there). A stream the client
 * closed earlier counts as open until then too, so this is an upper bound of the real number.
 */
function peakStreams(svc: ScanningService): number {
  const done = new Map(
    svc.scans().map((s) => [s.id.replace(/^scn_/, ''), s.completedAt ? Date.parse(s.completedAt) : Infinity]),
  );
  const spans = svc.log
    .filter((e) => e.method === 'GET' && e.status === 200 && /\/events\/?$/.test(e.path))
    .map((e) => {
      const uuid = [...done.keys()].find((u) => e.path.includes(u));
      return [e.at, Math.max(e.at, uuid ? done.get(uuid)! : Infinity)] as const;
    });
  let peak = 0;
  for (const [at] of spans) peak = Math.max(peak, spans.filter(([a, b]) => a <= at && at < b).length);
  return peak;
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: a burst of navigations`, () => {
    let driver: JourneyDriver;
    let svc: ScanningService;
    let pages: PageServer;

    beforeAll(async () => {
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: PROCESSING_MS, keepAliveMs: 500 });
      driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      const r = await driver.sendExtensionMessage({
        type: 'settings.set',
        patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey },
      });
      expect(r?.ok).toBe(true);
    });
    afterAll(async () => {
      await driver?.close();
      await pages?.stop();
      await svc?.stop();
    });

    test(`${TABS} tabs opening ${TABS} phishing pages at once all land on the blocked page, their navigations sent in batches (a lone one alone); at most ${MAX_STREAMS} streams at once`, async () => {
      svc.clearLog();
      const blockedPage = driver.extensionUrl('blocked.html');
      const loneUrl = pages.url('phish-burst-lone.test', '/login');
      const lone = await driver.openTab(loneUrl);
      await waitFor(
        'the lone tab to land on blocked.html',
        () => lone.currentUrl(),
        (u) => u.startsWith(blockedPage),
        30_000,
      );
      await lone.close();
      const urls = Array.from({ length: TABS }, (_, i) => pages.url(`phish-burst-${i}.test`, '/login'));
      const tabs = await Promise.all(urls.map((u) => driver.openTab(u)));
      const blocked = driver.extensionUrl('blocked.html');
      for (const t of tabs)
        await waitFor(
          'the tab to land on blocked.html',
          () => t.currentUrl(),
          (u) => u.startsWith(blocked),
          30_000,
        );
      // The service received each URL once, and every job was followed to its end.
      for (const u of urls) expect(postsFor(svc.log, u)).toBe(1);
      expect(
        svc
          .scans()
          .filter((s) => urls.includes(s.url))
          .every((s) => s.state === 'COMPLETED'),
      ).toBe(true);
      const streams = svc.log.filter((e) => /\/events\/?$/.test(e.path)).length;
      expect(streams).toBeGreaterThan(0);
      expect(peakStreams(svc)).toBeLessThanOrEqual(MAX_STREAMS);
      expectBatched(svc, loneUrl, urls);
      for (const t of tabs) await t.close();
    });
  });
}

/**
 * Over HTTPS with HTTP/2 (the service on its test-only certificate) every request shares one
 * connection. Chromium reports the protocol of the service's answers: the extension learns it
 * (api/wire.ts) and lets every job of the burst stream, so no job is left to polling. Firefox
 * reports no protocol for them (no Timing-Allow-Origin from this service): there the HTTP/1.1 cap
 * of 3 holds, and the other jobs are polled to their verdicts. Either way every tab is blocked and
 * each URL reached the service once.
 */
for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: a burst of navigations over HTTP/2`, () => {
    let driver: JourneyDriver;
    let svc: ScanningService;
    let pages: PageServer;

    beforeAll(async () => {
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: PROCESSING_MS, keepAliveMs: 500, tls: true });
      driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind), acceptSpki: testSpkiSha256() });
      const r = await driver.sendExtensionMessage({
        type: 'settings.set',
        patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey },
      });
      expect(r?.ok).toBe(true);
      // One scan first, so the browser has answered over the service's protocol once.
      const warm = await driver.openTab(pages.url('phish-h2-warm.test', '/login'));
      await waitFor(
        'the first tab to land on blocked.html',
        () => warm.currentUrl(),
        (u) => u.startsWith(driver.extensionUrl('blocked.html')),
        30_000,
      );
      await warm.close();
    });
    afterAll(async () => {
      await driver?.close();
      await pages?.stop();
      await svc?.stop();
    });

    const expectation =
      kind === 'chromium'
        ? `every job streams (more than ${MAX_STREAMS} at once), none is polled`
        : `at most ${MAX_STREAMS} streams (no protocol reported), the rest polled`;
    test(`${TABS} tabs at once over HTTP/2: ${expectation}; all land on the blocked page`, async () => {
      svc.clearLog();
      const urls = Array.from({ length: TABS }, (_, i) => pages.url(`phish-h2-burst-${i}.test`, '/login'));
      const tabs = await Promise.all(urls.map((u) => driver.openTab(u)));
      const blocked = driver.extensionUrl('blocked.html');
      for (const t of tabs)
        await waitFor(
          'the tab to land on blocked.html',
          () => t.currentUrl(),
          (u) => u.startsWith(blocked),
          30_000,
        );
      for (const u of urls) expect(postsFor(svc.log, u)).toBe(1);
      expectBatched(svc, null, urls);
      const scans = svc.scans().filter((s) => urls.includes(s.url));
      expect(scans.map((s) => s.state)).toEqual(urls.map(() => 'COMPLETED'));
      const ids = scans.map((s) => s.id.replace(/^scn_/, ''));
      const streamed = ids.filter((id) =>
        svc.log.some((e) => e.method === 'GET' && e.path.includes(id) && /\/events\/?$/.test(e.path)),
      );
      const polled = ids.filter((id) =>
        svc.log.some((e) => e.method === 'GET' && e.path.includes(id) && !/\/events\/?$/.test(e.path)),
      );
      if (kind === 'chromium') {
        expect(streamed).toHaveLength(TABS);
        expect(polled).toEqual([]);
        expect(peakStreams(svc)).toBeGreaterThan(MAX_STREAMS);
      } else {
        expect(peakStreams(svc)).toBeLessThanOrEqual(MAX_STREAMS);
        // Every job not streamed was polled to its verdict.
        expect(ids.filter((id) => !streamed.includes(id) && !polled.includes(id))).toEqual([]);
      }
      for (const t of tabs) await t.close();
    });
  });
}
