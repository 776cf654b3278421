// Links that hide where they go (docs/decisions/003-every-hop.md), in Chromium and Firefox, one definition each: a
// Microsoft Safe Links URL around a phishing page is judged by its destination when hovered and
// when opened, a private destination is never sent, and link text naming another site warns
// from local rules alone. What is asserted is what the service and the sites' server received,
// and what the person is shown (the overlay through the accessibility tree, the blocked page).
//
// The Safe Links host is the real name (`nam12.safelinks.protection.outlook.com`), mapped to a
// loopback server of this file that answers as the gateway does: a redirect to its `url`
// parameter (Chromium: harness HOST_MAP_SWITCH; Firefox: network.dns.forceResolve). So without
// the hold (shared/policy/wrapper-holds.ts) the browser WOULD follow it to the destination, and
// "the destination got no request" is a real outcome. Destinations are `*.test` hosts on another
// loopback server (*.test hosts resolve to loopback; Firefox maps hosts to loopback by pref). Verdicts follow the service's rule table
// (test/service/README.md): 'phish' → 88, else safe 5.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers } from './harness';
import type { JourneyDriver, JourneyPage } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { htmlPage, startHtmlServer, type HtmlServer } from './harness/html-server';
import { submittedUrls } from '../shared/service-log';
import { waitFor } from './harness/wait-for';
import { request } from './harness/world';
import { startService, type ScanningService } from '../service/server';
import type { BlockedDetailsData, SettingsWriteData } from '../../src/shared/messaging/protocol';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };

interface World {
  driver: JourneyDriver;
  svc: ScanningService;
  html: HtmlServer;
  gateway: Gateway;
}

/**
 * A loopback Safe Links gateway (302 to the `url` parameter) that is also bit.ly (301 to the
 * destination `shortLinks` holds for the path); every request recorded.
 */
interface Gateway {
  port: number;
  requests: string[];
  /** Requests in full: method, host, path, and whether a cookie came along. */
  seen: { method: string; host: string; path: string; cookie: boolean }[];
  shortLinks: Map<string, string>;
  server: Server;
}

async function startGateway(): Promise<Gateway> {
  const requests: string[] = [];
  const seen: Gateway['seen'] = [];
  const shortLinks = new Map<string, string>();
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://gateway');
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    requests.push(`${host}${u.pathname}${u.search}`);
    seen.push({ method: req.method ?? '', host, path: u.pathname, cookie: req.headers.cookie !== undefined });
    const to = host === 'bit.ly' ? shortLinks.get(u.pathname) : u.searchParams.get('url');
    if (to) res.writeHead(host === 'bit.ly' ? 301 : 302, { location: to, 'set-cookie': 'tracker=1; Path=/' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, requests, seen, shortLinks, server };
}

/** The wrapper's own URL as the service is sent it (default query stripping). */
const safeLinksRoot = (w: World, region = 'nam12') =>
  `http://${region}.safelinks.protection.outlook.com:${w.gateway.port}/`;
const safeLinksTo = (w: World, destination: string, region = 'nam12') =>
  `${safeLinksRoot(w, region)}?url=${encodeURIComponent(destination)}&data=05%7C02%7Cx&sdata=abc&reserved=0`;

/** Serves a page with these links (trusted fragments written here) and opens it. */
async function openLinks(
  w: World,
  path: string,
  links: { id: string; href: string; text: string }[],
): Promise<JourneyPage> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const body = links.map((l) => `<p><a id="${l.id}" href="${esc(l.href)}">${esc(l.text)}</a></p>`).join('');
  w.html.set(path, htmlPage('Inbox', `<h1>Inbox</h1>${body}<div style="height:400px"></div>`));
  return w.driver.openWebPage(w.html.url('mail.test', path), { width: 900, height: 600 });
}

/** Scans sent for URLs on this host (the service's log). */
const sentFor = (w: World, host: string) => submittedUrls(w.svc.log).filter((u) => new URL(u).hostname === host);
/** Requests the sites' server got for this host. */
const servedTo = (w: World, host: string) => w.html.requests.filter((r) => r.startsWith(`${host}/`));
/** All the text the overlay shows, as assistive technology reads it. */
const shownText = async (page: JourneyPage) => (await page.accessibleNodes()).map((n) => n.name).join('\n');

async function hoverShowsDestination(w: World): Promise<void> {
  const destination = w.html.url('phish-wrapped.test', '/login');
  const page = await openLinks(w, '/hover', [
    { id: 'wrapped', href: safeLinksTo(w, destination), text: 'Review the shared document' },
  ]);
  await page.hover('#wrapped');
  const text = await waitFor(
    'the tooltip naming the destination',
    () => shownText(page),
    (t) => t.includes('Leads to phish-wrapped.test, the flagged address'),
    20_000,
    200,
  );
  expect(text).toContain('Malicious link');
  // The destination was scanned once, as a URL of its own; the wrapper was scanned too (its own
  // verdict counts), without its query (default stripping: the destination is not in it).
  expect(sentFor(w, 'phish-wrapped.test')).toEqual([destination]);
  expect(sentFor(w, 'nam12.safelinks.protection.outlook.com')).toEqual([safeLinksRoot(w)]);
  // Judging it touched neither the gateway nor the phishing site.
  expect(w.gateway.requests).toEqual([]);
  expect(servedTo(w, 'phish-wrapped.test')).toEqual([]);
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function navigationHeldOnDestination(w: World): Promise<void> {
  // The hold is a session rule the background keeps while navigations are checked.
  await waitFor(
    'the wrapper-hold rule',
    () => w.driver.extensionRules(),
    (r) => r.session.some((x) => x.condition.requestDomains?.includes('safelinks.protection.outlook.com') === true),
  );
  // A destination nobody hovered: no verdict is cached, so no rule of its own stops it.
  const destination = w.html.url('phish-opened.test', '/signin');
  const link = safeLinksTo(w, destination);
  // Opened through the tabs API: the browser's own refusal of the wrapper is part of the flow.
  const tab = await w.driver.openTab(link);
  const blockedPrefix = `${w.driver.extensionUrl('blocked.html')}?t=`;
  const landed = await waitFor(
    'the blocked page',
    () => tab.currentUrl(),
    (u) => u.startsWith(blockedPrefix),
    20_000,
  );
  const details = await request<BlockedDetailsData>(w, {
    type: 'blocked.details',
    token: new URL(landed).searchParams.get('t'),
  });
  // The blocked page names the destination as the bad hop and the wrapper as the link opened.
  expect(details).toMatchObject({
    url: destination,
    firstUrl: link,
    readFromLink: true,
    band: 'malicious',
    riskScore: 88,
  });
  expect(sentFor(w, 'phish-opened.test')).toEqual([destination]);
  // The destination's server never got a request: the browser held the wrapper's own request,
  // so its redirect never happened.
  expect(servedTo(w, 'phish-opened.test')).toEqual([]);
  expect(w.gateway.requests.filter((r) => r.includes('phish-opened'))).toEqual([]);
  await tab.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function safeDestinationReleased(w: World): Promise<void> {
  const destination = w.html.url('quarterly-report.test', '/q3');
  const link = safeLinksTo(w, destination);
  const tab = await w.driver.openTab(link);
  // Held, judged safe, let through once: the gateway redirects and the page is the destination's.
  await waitFor(
    'the tab to reach the destination',
    () => tab.currentUrl(),
    (u) => u === destination,
    20_000,
  );
  expect(sentFor(w, 'quarterly-report.test')).toEqual([destination]);
  expect(w.gateway.requests.filter((r) => r.includes('quarterly-report'))).toHaveLength(1);
  expect(servedTo(w, 'quarterly-report.test').filter((r) => r === 'quarterly-report.test/q3')).toHaveLength(1);
  await tab.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function privateDestinationNotSent(w: World): Promise<void> {
  // Another Safe Links region: its wrapper URL is new, so its scan shows the hover was judged
  // (both hops go through the gate together; the private one is refused there, before sending).
  const link = safeLinksTo(w, 'http://10.20.30.40/payroll', 'eur01');
  const page = await openLinks(w, '/private', [{ id: 'intranet', href: link, text: 'Payroll' }]);
  await page.hover('#intranet');
  await waitFor(
    'the wrapper to be scanned',
    () => Promise.resolve(sentFor(w, 'eur01.safelinks.protection.outlook.com')),
    (s) => s.length === 1,
    15_000,
  );
  expect(submittedUrls(w.svc.log).filter((u) => u.includes('10.20.30.40'))).toEqual([]);
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function lyingTextWarnsLocally(w: World): Promise<void> {
  const href = w.html.url('account-check.test', '/verify');
  const page = await openLinks(w, '/lying', [{ id: 'liar', href, text: 'https://mybank.example/login' }]);
  await page.hover('#liar');
  await waitFor(
    'the warning about the link text',
    () => shownText(page),
    (t) => t.includes('The link text shows mybank.example, but the link leads to account-check.test'),
    15_000,
    200,
  );
  // Decided from local rules: nothing was sent for the link, and the site was not contacted.
  expect(sentFor(w, 'account-check.test')).toEqual([]);
  expect(sentFor(w, 'mybank.example')).toEqual([]);
  expect(servedTo(w, 'account-check.test')).toEqual([]);
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function shortenerNotContactedByDefault(w: World): Promise<void> {
  const short = `http://bit.ly:${w.gateway.port}/3xAmPle`;
  w.gateway.shortLinks.set('/3xAmPle', w.html.url('phish-short.test', '/'));
  const page = await openLinks(w, '/short-off', [{ id: 'short', href: short, text: 'See the offer' }]);
  await page.hover('#short');
  // The service scans the short URL itself (that is how the hover is judged by default)…
  await waitFor(
    'the short URL to be scanned',
    () => Promise.resolve(sentFor(w, 'bit.ly')),
    (s) => s.length === 1,
    15_000,
  );
  expect(sentFor(w, 'bit.ly')).toEqual([short]);
  // …and neither the shortener nor its destination heard of it.
  expect(w.gateway.seen.filter((r) => r.host === 'bit.ly')).toEqual([]);
  expect(servedTo(w, 'phish-short.test')).toEqual([]);
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function shortenerResolvedWhenAllowed(w: World): Promise<void> {
  await request(w, { type: 'settings.set', patch: { resolveShorteners: true } });
  try {
    const short = `http://bit.ly:${w.gateway.port}/pH1sh`;
    const destination = w.html.url('phish-shortened.test', '/login');
    w.gateway.shortLinks.set('/pH1sh', destination);
    const page = await openLinks(w, '/short-on', [{ id: 'short', href: short, text: 'Your parcel' }]);
    await page.hover('#short');
    await waitFor(
      'the tooltip naming where the short link leads',
      () => shownText(page),
      (t) => t.includes('Leads to phish-shortened.test, the flagged address'),
      20_000,
      200,
    );
    // One HEAD to the shortener, without cookies; its redirect was not followed.
    expect(w.gateway.seen.filter((r) => r.host === 'bit.ly' && r.path === '/pH1sh')).toEqual([
      { method: 'HEAD', host: 'bit.ly', path: '/pH1sh', cookie: false },
    ]);
    expect(servedTo(w, 'phish-shortened.test')).toEqual([]);
    expect(sentFor(w, 'phish-shortened.test')).toEqual([destination]);
    // The ledger says the short URL went to the shortener.
    const ledger = await request<{ url: string; sentTo?: string }[]>(w, { type: 'ledger.get' });
    expect(ledger.filter((e) => e.url === short && e.sentTo === 'shortener')).toHaveLength(1);
    await page.close();
    expect(await w.driver.takeErrors()).toEqual([]);
  } finally {
    await request(w, { type: 'settings.set', patch: { resolveShorteners: false } });
  }
}

async function carriedDestinationJudged(w: World): Promise<void> {
  // Cisco Secure Email writes the destination into its PATH: the hover is judged by
  // that destination, and with the default query stripping neither address is sent with the
  // destination's query (here a reset token), not even inside the wrapper's own path.
  const destination = w.html.url('phish-cisco.test', '/reset');
  const wrap = (to: string) => `https://secure-web.cisco.com/1aBcD3fGh-Ij_K/${encodeURIComponent(to)}`;
  const page = await openLinks(w, '/cisco', [
    { id: 'cisco', href: wrap(`${destination}?token=s3cret-reset`), text: 'Reset your password' },
  ]);
  await page.hover('#cisco');
  // (The test service flags any URL containing "phish", so the wrapper, whose path names the
  // destination, is flagged too: the tooltip then names the link itself as the bad part.)
  const text = await waitFor(
    'the tooltip naming the destination',
    () => shownText(page),
    (t) => t.includes('Leads to phish-cisco.test'),
    20_000,
    200,
  );
  expect(text).toContain('Malicious link');
  expect(sentFor(w, 'phish-cisco.test')).toEqual([destination]);
  expect(sentFor(w, 'secure-web.cisco.com')).toEqual([wrap(destination)]);
  expect(submittedUrls(w.svc.log).filter((u) => u.includes('s3cret'))).toEqual([]);
  expect(servedTo(w, 'phish-cisco.test')).toEqual([]);
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: links that hide where they go`, () => {
    const w = {} as World;

    beforeAll(async () => {
      w.html = await startHtmlServer();
      w.gateway = await startGateway();
      w.svc = await startService({ processingDelayMs: 300, keepAliveMs: 500 });
      w.driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      const set = await request<SettingsWriteData>(w, {
        type: 'settings.set',
        patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey },
      });
      expect(set.refused ?? {}).toEqual({});
    });
    afterAll(async () => {
      await w.driver?.close();
      await w.html?.stop();
      await new Promise((resolve) => w.gateway?.server.close(resolve));
      await w.svc?.stop();
    });

    test('hovering a Safe Links link to a phishing page warns, naming the destination host', () =>
      hoverShowsDestination(w));
    test('opening it ends on the blocked page for the destination, which got no request', () =>
      navigationHeldOnDestination(w));
    test('a safe destination: the held navigation goes on through the wrapper to it', () => safeDestinationReleased(w));
    test('a private destination behind a wrapper is never sent', () => privateDestinationNotSent(w));
    test("a Cisco link: judged by the destination in its path, sent without that destination's query", () =>
      carriedDestinationJudged(w));
    test('link text naming another site warns with nothing sent for it', () => lyingTextWarnsLocally(w));
    test('resolveShorteners off (the default): the shortener gets no request', () => shortenerNotContactedByDefault(w));
    test('resolveShorteners on: one HEAD without cookies, recorded, and the destination judged', () =>
      shortenerResolvedWhenAllowed(w));
  });
}
