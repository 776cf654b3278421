// The in-page tooltip and confirmation of docs/decisions/017-surfaces.md, in Chromium and Firefox, one definition each:
// a hovered link whose scan is slow shows the scan's steps (queued, processing) and then the
// verdict with "why this decision"; "Report a mistake" in the in-page confirmation, by keyboard
// only, opens the report page of that link's scan; and a content script forging `report.open`
// opens no more report pages than the per-tab limit. What is asserted is what the service and the
// site's server received, the tabs the browser really has, and what the person is shown (the
// overlay through the accessibility tree: its root is closed).
//
// Verdicts follow the service's rule table (test/service/README.md): 'malware' → 95 (block at the
// default threshold 76); a host containing 'slow' takes five times the processing delay, and
// `intermediateStates: ['PROCESSING']` puts PROCESSING between QUEUED and the end.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers } from './harness';
import type { JourneyDriver, JourneyPage } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { htmlPage, startHtmlServer, type HtmlServer } from './harness/html-server';
import { sendAll } from './harness/compromised-code';
import { postsFor } from '../shared/service-log';
import { waitFor } from './harness/wait-for';
import { backgroundIdle } from './harness/background-idle';
import { describeViolations, runAxeWith, seriousOrWorse } from './harness/axe';
import { startService, type ScanningService } from '../service/server';
import { OVERLAY_CSS } from '../../src/content/overlay/styles';
import type { LinksLookupData, ScanViewData, SettingsWriteData } from '../../src/shared/messaging/protocol';
import enJson from '../../public/_locales/en/messages.json';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };

type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
/** The English message of `key` with its placeholders filled in order, as the overlay shows it. */
function en(key: string, ...subs: string[]): string {
  const entry = (enJson as Messages)[key];
  if (!entry) throw new Error(`no English message ${key}`);
  return entry.message.replace(
    /\$([A-Za-z0-9_]+)\$/g,
    (_, name: string) => subs[Number(entry.placeholders?.[name.toLowerCase()]?.content.slice(1)) - 1] ?? '',
  );
}

/** All the text the overlay shows, as assistive technology reads it. */
const shownText = async (page: JourneyPage) => (await page.accessibleNodes()).map((n) => n.name).join('\n');

/** Tabs API from one of our pages (types only: the function runs in the browser). */
interface TabsApi {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]>; remove(ids: number[]): Promise<void> };
}
const reportTabs = (control: JourneyPage) =>
  control.evaluate(async () => {
    const api = (
      (globalThis as unknown as { browser?: TabsApi }).browser ?? (globalThis as unknown as { chrome: TabsApi }).chrome
    ).tabs;
    return (await api.query({}))
      .filter((t) => (t.url ?? '').includes('/report.html?'))
      .map((t) => ({ id: t.id ?? -1, url: t.url ?? '' }));
  });
const closeTabs = (control: JourneyPage, ids: number[]) =>
  control.evaluate(async (tabIds: number[]) => {
    const api = (
      (globalThis as unknown as { browser?: TabsApi }).browser ?? (globalThis as unknown as { chrome: TabsApi }).chrome
    ).tabs;
    await api.remove(tabIds);
  }, ids);

/**
 * The overlay's markup, read from the content-script world: the root is closed, and only an
 * extension's content script may open it (Chromium `chrome.dom.openOrClosedShadowRoot`, Firefox
 * `Element.openOrClosedShadowRoot`). Runs in the browser (self-contained).
 */
function overlayMarkup(): string | null {
  type Opener = { dom?: { openOrClosedShadowRoot?(e: Element): ShadowRoot | null } };
  const g = globalThis as unknown as { browser?: Opener; chrome?: Opener };
  const host = document.querySelector('linklens-overlay') as
    (Element & { openOrClosedShadowRoot?: ShadowRoot | null }) | null;
  if (!host) return null;
  const root =
    host.openOrClosedShadowRoot ??
    g.chrome?.dom?.openOrClosedShadowRoot?.(host) ??
    g.browser?.dom?.openOrClosedShadowRoot?.(host) ??
    null;
  return root ? root.innerHTML : null;
}

/**
 * axe on the overlay as it is shown now (docs/decisions/017-surfaces.md: serious and critical 0, light and dark). axe
 * cannot enter a closed shadow root, so the overlay's markup and its own style sheet are copied
 * into an open root in the page, where axe reads roles, names and colour contrast; the findings
 * on the copy are returned.
 */
async function axeOnOverlay(page: JourneyPage, label: string): Promise<{ report: string; serious: string[] }> {
  const markup = await page.inContentScript(overlayMarkup);
  if (!markup) throw new Error('no overlay to check');
  await page.evaluate(
    ({ html: inner, css }) => {
      document.getElementById('ll-axe-copy')?.remove();
      const host = document.createElement('div');
      host.id = 'll-axe-copy';
      const root = host.attachShadow({ mode: 'open' });
      const style = document.createElement('style');
      style.textContent = css;
      // Our own overlay's markup, read back from it (service text in it is escaped text).
      const parsed = new DOMParser().parseFromString(`<!doctype html><body>${inner}`, 'text/html');
      root.append(style, ...[...parsed.body.childNodes].map((n) => document.importNode(n, true)));
      document.body.append(host);
    },
    { html: markup, css: OVERLAY_CSS.replace(':host{all:initial}', '') },
  );
  const reports: string[] = [];
  const serious: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.colorScheme(theme);
    const onCopy = (await runAxeWith(page))
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => n.target.join(' ').includes('ll-axe-copy')) }))
      .filter((v) => v.nodes.length > 0);
    reports.push(describeViolations(`${label} (${theme})`, onCopy));
    serious.push(
      ...seriousOrWorse(onCopy).map(
        (v) => `${v.id} (${theme}): ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`,
      ),
    );
  }
  await page.colorScheme(null);
  await page.evaluate(() => document.getElementById('ll-axe-copy')?.remove());
  return { report: reports.join('\n'), serious };
}

for (const kind of selectedBrowsers()) {
  const label = kind === 'firefox' ? 'Firefox' : 'Chromium';

  describe(`${label}: the tooltip says why, follows a running check, and offers "Report a mistake" (docs/decisions/017-surfaces.md)`, () => {
    let driver: JourneyDriver;
    let html: HtmlServer;
    let svc: ScanningService;
    /** An extension page of ours, to read the browser's tabs. */
    let control: JourneyPage;
    const slowUrl = () => html.url('malware-slow-tip.test', '/download');

    beforeAll(async () => {
      html = await startHtmlServer();
      svc = await startService({ processingDelayMs: 1500, keepAliveMs: 500 });
      svc.setFaults({ intermediateStates: ['PROCESSING'] });
      // contentScriptAccess: Firefox reaches the content-script world for the forged messages.
      driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind), contentScriptAccess: true });
      const set = await driver.sendExtensionMessage<SettingsWriteData>({
        type: 'settings.set',
        patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey },
      });
      if (!set.ok || Object.keys(set.data.refused ?? {}).length)
        throw new Error(`settings.set: ${JSON.stringify(set)}`);
      control = await driver.openExtensionPage('report.html');
    }, 90_000);
    afterAll(async () => {
      await driver?.close();
      await html?.stop();
      await svc?.stop();
    });

    /** A page with one link (and nothing else to focus), opened in a new tab. */
    async function openLinkPage(path: string, href: string): Promise<JourneyPage> {
      html.set(
        path,
        htmlPage(
          'Downloads',
          `<h1>Downloads</h1><p><a id="dl" href="${href}">Get the installer</a></p><div style="height:400px"></div>`,
        ),
      );
      // The drivers' first hover/press on it waits for the content script's injection (harness/gesture-ready.ts).
      return driver.openWebPage(html.url('downloads-tip.test', path), { width: 900, height: 600 });
    }

    test('hovering a link whose scan is slow: the tooltip shows queued, then processing, then the verdict and why', async () => {
      const url = slowUrl();
      const page = await openLinkPage('/slow', url);
      await page.hover('#dl');
      // Each step as the person reads it, in order; the tooltip is updated in place.
      await waitFor(
        'the queued step',
        () => shownText(page),
        (t) => t.includes(en('cs_progress_queued')),
        20_000,
        100,
      );
      await waitFor(
        'the processing step',
        () => shownText(page),
        (t) => t.includes(en('cs_progress_processing')),
        20_000,
        100,
      );
      const done = await waitFor(
        'the verdict',
        () => shownText(page),
        (t) => t.includes(en('cs_band_malicious')),
        30_000,
        200,
      );
      expect(done).toContain(en('cs_why', en('cs_why_score_block', '95', '76')));
      expect(done).not.toContain(en('cs_progress_processing'));
      expect(done).toContain(en('cs_report'));
      // The overlay as shown (marker, tooltip with the why line and its button): axe finds no
      // serious or critical problem, in the light and the dark theme.
      const axe = await axeOnOverlay(page, `${label} tooltip`);
      console.log(axe.report);
      expect(axe.serious).toEqual([]);
      // One scan of exactly that URL; the site itself was never asked for it.
      expect(postsFor(svc.log, url)).toBe(1);
      expect(html.requests.filter((r) => r.startsWith('malware-slow-tip.test'))).toEqual([]);
      await page.close();
      expect(await driver.takeErrors()).toEqual([]);
    }, 90_000);

    test('hovering down a list of ten links one under the other: every link can be hovered in turn, and each risky one warns', async () => {
      // Full-width links: the card has no room beside them, so it lies over the neighbours (above
      // or below), the case where it used to take the pointer from the next link.
      const risky = (i: number) => i % 3 !== 1;
      const hosts = Array.from({ length: 10 }, (_, i) => (risky(i) ? `scam-list-${i}.test` : `plain-list-${i}.test`));
      const items = hosts
        .map(
          (host, i) =>
            `<li><a id="l${i}" style="display:block;padding:2px 0" href="${html.url(host, '/offer')}">Offer number ${i}</a></li>`,
        )
        .join('');
      html.set(
        '/list',
        htmlPage(
          'Offers',
          `<h1>Offers</h1><ul style="list-style:none;margin:0;padding:0">${items}</ul><div style="height:400px"></div>`,
        ),
      );
      const page = await driver.openWebPage(html.url('offers-list.test', '/list'), { width: 900, height: 600 });
      for (let i = 0; i < hosts.length; i++) {
        await page.hover(`#l${i}`);
        // The pointer is on that link, not on a card over it: the page's own :hover says so.
        expect(await page.evaluate(() => document.querySelector('a:hover')?.id ?? null)).toBe(`l${i}`);
        if (risky(i)) {
          // Its card: the verdict in words and where it leads (its host), no other link's.
          const text = await waitFor(
            `the card of link ${i}`,
            () => shownText(page),
            (t) => t.includes(hosts[i]!) && t.includes(en('cs_band_high')),
            20_000,
            100,
          );
          for (const other of hosts.filter((_, j) => j !== i)) expect(text).not.toContain(other);
        } else {
          // A safe link: the previous card is gone once the pointer is on it.
          await waitFor(
            `no card on link ${i}`,
            () => shownText(page),
            (t) => !hosts.some((h) => t.includes(h)),
            5_000,
            100,
          );
        }
      }
      // Each risky link was scanned once, for its own hover.
      expect(hosts.filter((_, i) => risky(i)).map((host) => postsFor(svc.log, html.url(host, '/offer')))).toEqual(
        Array(7).fill(1),
      );
      await page.close();
      expect(await driver.takeErrors()).toEqual([]);
    }, 120_000);

    test('"Report a mistake" in the in-page confirmation, by keyboard only, opens the report page of that link’s scan', async () => {
      const url = slowUrl(); // its verdict (block) is known now
      const page = await openLinkPage('/report', url);
      // Keyboard only: the first Tab brings the person to the page (the content script starts on
      // it: src/content/visit.ts) and focus to the link; the lookup then marks it.
      await page.press('Tab');
      await waitFor(
        'the marker on the link',
        () => shownText(page),
        (t) => t.includes(en('cs_band_malicious')),
        20_000,
        200,
      );
      const before = await reportTabs(control);
      const info = await driver.sendExtensionMessage<LinksLookupData>({ type: 'links.lookup', urls: [url] });
      if (!info.ok) throw new Error('links.lookup refused');
      // Enter on the focused link: the confirmation opens with "Go back" focused. Its buttons are
      // [Report a mistake, Open anyway (when allowed), Go back]: Shift+Tab back to the first.
      await page.press('Enter');
      await waitFor(
        'the confirmation',
        () => page.accessibleNodes(),
        (nodes) => nodes.some((n) => n.role === 'dialog'),
        10_000,
        100,
      );
      const dialogText = await shownText(page);
      expect(dialogText).toContain(en('cs_why', en('cs_why_score_block', '95', '76')));
      const axe = await axeOnOverlay(page, `${label} confirmation`);
      console.log(axe.report);
      expect(axe.serious).toEqual([]);
      // Dismissed by keyboard (Escape): gone, focus back on the link; Enter opens it again.
      await page.press('Escape');
      await waitFor(
        'the confirmation dismissed',
        () => page.accessibleNodes(),
        (nodes) => !nodes.some((n) => n.role === 'dialog'),
        10_000,
        100,
      );
      expect(await page.evaluate(() => document.activeElement?.id ?? null)).toBe('dl');
      await page.press('Enter');
      await waitFor(
        'the confirmation again',
        () => page.accessibleNodes(),
        (nodes) => nodes.some((n) => n.role === 'dialog'),
        10_000,
        100,
      );
      for (let i = 0; i < (info.data[url]?.canProceed === true ? 2 : 1); i++) await page.press('Shift+Tab');
      await page.press('Enter');
      const opened = await waitFor(
        'a new report tab',
        () => reportTabs(control),
        (tabs) => tabs.length === before.length + 1,
        15_000,
        200,
      );
      const tab = opened.find((t) => !before.some((b) => b.id === t.id))!;
      const id = new URL(tab.url).searchParams.get('id');
      expect(id).toMatch(/^scn_/);
      // The scan it shows is that link's: the page's own message to the background says so.
      const scan = await driver.sendExtensionMessage<ScanViewData>({ type: 'scan.get', id });
      expect(scan.ok && scan.data.url).toBe(url);
      // The dialog closed, the link did not open, and nothing new went to the service.
      await waitFor(
        'the confirmation closed',
        () => page.accessibleNodes(),
        (nodes) => !nodes.some((n) => n.role === 'dialog'),
        10_000,
        100,
      );
      expect(html.requests.filter((r) => r.startsWith('malware-slow-tip.test'))).toEqual([]);
      expect(postsFor(svc.log, url)).toBe(1);
      await closeTabs(control, [tab.id]);
      await page.close();
      expect(await driver.takeErrors()).toEqual([]);
    }, 90_000);

    test('a warn-level link reached by keyboard is announced with where why and "Report a mistake" are: the context menu’s check', async () => {
      const url = html.url('scam-keys-tip.test', '/offer'); // 70: warn, not block
      const page = await openLinkPage('/keys', url);
      // Keyboard only: Tab brings focus to the link; focus resting on it checks it, and the
      // verdict is announced through the overlay's live region (role status).
      await page.press('Tab');
      const text = await waitFor(
        'the announcement',
        () => shownText(page),
        (t) => t.includes(en('cs_action_warn_keys')),
        30_000,
        200,
      );
      expect(text).toContain(en('menuCheckLink'));
      expect(text).not.toContain(en('cs_action_block'));
      expect(postsFor(svc.log, url)).toBe(1);
      await page.close();
      expect(await driver.takeErrors()).toEqual([]);
    }, 90_000);

    test('a forged report.open from the page’s content-script world opens no more report pages than the per-tab limit', async () => {
      const url = slowUrl();
      const page = await openLinkPage('/forged', url);
      // The person arrives (the pointer on the heading, no link under it); the content script
      // starts and reports the link (its lookup): the marker shows it.
      await page.hover('h1');
      await waitFor(
        'the marker on the link',
        () => shownText(page),
        (t) => t.includes(en('cs_band_malicious')),
        20_000,
        200,
      );
      const before = await reportTabs(control);
      const replies = (await page.inContentScript(
        sendAll,
        Array.from({ length: 10 }, () => ({ type: 'report.open', url })),
      )) as { ok: boolean; error?: { code: string } }[];
      // A URL this document never reported, and a made-up message shape: refused, no tab.
      const others = (await page.inContentScript(sendAll, [
        { type: 'report.open', url: html.url('malware-never-shown.test', '/') },
        { type: 'report.open', url: 42 },
      ])) as { ok: boolean; error?: { code: string } }[];
      expect(replies.filter((r) => r.ok)).toHaveLength(3);
      expect(replies.filter((r) => !r.ok).map((r) => r.error?.code)).toEqual(Array(7).fill('rate_limited'));
      expect(others.map((r) => r.ok)).toEqual([false, false]);
      const after = await waitFor(
        'the report tabs',
        () => reportTabs(control),
        (tabs) => tabs.length >= before.length + 3,
        15_000,
        200,
      );
      // Settled: every reply is in, and a fourth tab would be the background's work: once it is
      // idle, none comes late.
      await backgroundIdle(driver);
      const added = (await reportTabs(control)).filter((t) => !before.some((b) => b.id === t.id));
      expect(added).toHaveLength(3);
      expect(after.length).toBe(before.length + 3);
      expect(postsFor(svc.log, url)).toBe(1);
      expect(postsFor(svc.log, html.url('malware-never-shown.test', '/'))).toBe(0);
      // The counts outlive the background: stopped (idle, or told to), the next one still
      // refuses this tab, even after the page reports the link again in the new life.
      await driver.suspendBackground();
      const again = (await page.inContentScript(sendAll, [
        { type: 'links.lookup', urls: [url] },
        { type: 'report.open', url },
        { type: 'report.open', url },
      ])) as { ok: boolean; error?: { code: string } }[];
      expect(again[0]?.ok).toBe(true);
      expect(again.slice(1).map((r) => r.error?.code)).toEqual(['rate_limited', 'rate_limited']);
      expect((await reportTabs(control)).length).toBe(before.length + 3);
      await closeTabs(
        control,
        added.map((t) => t.id),
      );
      await page.close();
      expect(await driver.takeErrors()).toEqual([]);
    }, 90_000);
  });
}
