// The content script in real Chromium against the local scanning service (docs/decisions/013-content-script.md
// → browser tests). Test pages live on `*.test` hosts (mapped to loopback servers by the
// harness), so to the extension they are the open web. Verdicts follow the service's rule table
// (test/service/README.md): 'malware' → 95, 'phish' → 88, else safe 5.
//
// The UI is one <linklens-overlay> element with a CLOSED shadow root: the tests look inside
// through the DevTools protocol (harness/overlay-inspect.ts), as the page never can.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  extensionDir,
  launchChromium,
  selectedBrowsers,
  startPageServer,
  type ChromiumExtension,
  type PageServer,
  takeErrors,
} from './harness';
import { openExtensionPage, requestFromExtensionPage } from './harness/extension-messages';
import { startHtmlServer, type HtmlServer } from './harness/html-server';
import { hostilePage, laterLinksPage, linksPage } from './harness/content-pages';
import { openContentWorld } from './harness/content-world';
import { OverlayInspector, OVERLAY_TAG, type OverlaySnapshot } from './harness/overlay-inspect';
import {
  describeRun,
  excessOver,
  launchBaselineChromium,
  LONG_TASK_MS,
  measurePage,
  longTaskInitScript,
  type LongTaskRun,
} from './harness/long-tasks';
import { traceDuring } from './harness/extension-trace';
import { installMessageCounter, type ContentMessage } from './harness/message-counter';
import { postsFor, submittedUrls } from '../shared/service-log';
import { waitForBlockedPage } from './harness/navigate';
import { waitFor } from './harness/wait-for';
import { startService, verdictFor, type ScanningService } from '../service/server';
import {
  MAX_BATCH,
  type LinkInfo,
  type LinksLookupData,
  type SettingsWriteData,
} from '../../src/shared/messaging/protocol';

const browsers = selectedBrowsers();

/** settings.ts default hover delay; the tests wait longer than this with the pointer at rest. */
const HOVER_DELAY_MS = 300;

if (browsers.includes('chromium')) {
  describe('Chromium: the content script', () => {
    let ext: ChromiumExtension;
    let html: HtmlServer;
    let pages: PageServer;
    let svc: ScanningService;
    /** popup.html as a privileged sender only (see background.e2e.test.ts for why not options). */
    let control: Page;

    beforeAll(async () => {
      html = await startHtmlServer();
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: 300, keepAliveMs: 500 });
      ext = await launchChromium({ extensionDir: extensionDir('chromium') });
      control = await openExtensionPage(ext, 'popup.html');
      await setSettings({ serviceUrl: svc.baseUrl, apiKey: svc.demoKey });
    });
    afterAll(async () => {
      await ext?.close();
      await html?.stop();
      await pages?.stop();
      await svc?.stop();
    });

    async function setSettings(patch: Record<string, unknown>): Promise<void> {
      const set = await requestFromExtensionPage<SettingsWriteData>(control, { type: 'settings.set', patch });
      expect(set.refused ?? {}).toEqual({});
    }

    /** What the background's cache knows (links.lookup never sends anything to the service). */
    async function known(url: string): Promise<LinkInfo | undefined> {
      const data = await requestFromExtensionPage<LinksLookupData>(control, { type: 'links.lookup', urls: [url] });
      return data[url];
    }

    /** Scans a URL from an extension page (as the popup does) and waits for its cached verdict. */
    async function prescan(url: string): Promise<LinkInfo> {
      await requestFromExtensionPage(control, { type: 'scan.url', url, reason: 'popup' });
      const info = await waitFor(
        `a cached verdict for ${url}`,
        () => known(url),
        (i) => i?.status === 'verdict',
      );
      return info!;
    }

    /** Serves `body` at `path`, opens it in a new tab and waits for the content script to run in it. */
    async function openTestPage(
      host: string,
      path: string,
      body: string,
    ): Promise<{ page: Page; url: string; overlay: OverlayInspector }> {
      html.set(path, body);
      const url = html.url(host, path);
      const page = await ext.context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      // The overlay host is built on the first warning (src/content/ui.ts), so its presence says
      // nothing about the script having started: its isolated world, seen through CDP, does.
      await (await openContentWorld(page, ext.extensionId)).close();
      // The person arrives: the content script starts on their first pointer move (src/content/visit.ts).
      // Top-left corner, away from every link of these pages.
      await page.mouse.move(2, 2);
      await page.mouse.move(4, 4);
      return { page, url, overlay: await OverlayInspector.open(page) };
    }

    const badgesNamed = (s: OverlaySnapshot, text: string) =>
      s.badges.filter((b) => (b.attributes['aria-label'] ?? '').endsWith(`: ${text}`));

    /** Errors since the previous call; each test asserts its own. */

    test('hovering a malware link shows the marker and tooltip with band, score and reasoning', async () => {
      const target = html.url('malware-drop.test', '/');
      const expected = verdictFor(target);
      if (expected.outcome !== 'COMPLETED') throw new Error('rule table changed: malware should complete');
      const { page, overlay } = await openTestPage(
        'hover-page.test',
        '/hover',
        linksPage('Hover page', [{ id: 'mal', href: target, text: 'Free download' }]),
      );

      // Unknown before the hover: the page load itself asked nothing of the service for it.
      await page.waitForTimeout(500);
      expect((await overlay.snapshot()).badges).toEqual([]);
      expect(postsFor(svc.log, target)).toBe(0);

      const hoveredAt = Date.now();
      await page.hover('#mal');
      const shown = await waitFor(
        'the marker and tooltip of the hovered malware link',
        () => overlay.snapshot(),
        (s) => badgesNamed(s, 'Free download').length === 1 && s.tooltip?.hidden === false,
        10_000,
        50,
      );
      const elapsedMs = Date.now() - hoveredAt;
      console.log(`hover → marker and tooltip in ${elapsedMs} ms`);
      expect(elapsedMs, 'the warning appears within a few seconds of the hover').toBeLessThan(5_000);
      expect(elapsedMs).toBeGreaterThanOrEqual(HOVER_DELAY_MS);
      expect(postsFor(svc.log, target)).toBe(1);

      const [badge] = badgesNamed(shown, 'Free download');
      expect(badge!.attributes['aria-label']).toBe('Linklens: Malicious link, risk score 95 of 100: Free download');
      expect(badge!.hidden).toBe(false); // on screen, next to the link
      expect(shown.marks.filter((m) => !m.hidden)).toHaveLength(1); // the outline box
      expect(shown.hostCount).toBe(1);
      expect(shown.shadowRootType).toBe('closed');

      const tip = shown.tooltip!.text;
      expect(tip).toContain('Malicious link');
      expect(tip).toContain('Risk score: 95 / 100');
      expect(tip).toContain('Categories: Malware');
      expect(tip).toContain(expected.result.reasoning);
      // No timestamps reach a content script (docs/decisions/001-content-tier.md): nothing says when it was checked.
      expect(tip).not.toMatch(/Checked|ago|just now/);

      // What assistive technology gets: the marker's name (never colour alone) and the tooltip.
      const ax = await overlay.accessibleNodes();
      expect(ax.filter((n) => n.name.startsWith('Linklens:')).map((n) => n.name)).toContain(
        'Linklens: Malicious link, risk score 95 of 100: Free download',
      );
      expect(ax.some((n) => n.role === 'tooltip')).toBe(true);

      await overlay.close();
      await page.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('a hovered safe link gets no marker', async () => {
      const target = html.url('safe-shop.test', '/catalog');
      const { page, overlay } = await openTestPage(
        'safe-hover.test',
        '/safe',
        linksPage('Safe page', [{ id: 'safe', href: target, text: 'Shop' }]),
      );
      await page.hover('#safe');
      // The hover was checked: the service scanned it and the verdict (safe, 5) is cached.
      await waitFor(
        'the hover POST',
        () => postsFor(svc.log, target),
        (n) => n === 1,
      );
      const info = await waitFor(
        'the safe verdict',
        () => known(target),
        (i) => i?.status === 'verdict',
      );
      expect(info).toMatchObject({ band: 'safe', riskScore: 5, action: 'allow' });
      // While the check ran its tooltip showed the steps (docs/decisions/017-surfaces.md); the pushed
      // end hides the "checking" tooltip, and with it any marker would have come: none did.
      const s = await waitFor(
        'the checking tooltip gone',
        () => overlay.snapshot(),
        (x) => x.tooltip?.hidden ?? true,
        10_000,
        50,
      );
      expect(s.hostCount).toBeLessThanOrEqual(1);
      expect(s.badges).toEqual([]);
      expect(s.tooltip?.hidden ?? true).toBe(true);
      await overlay.close();
      await page.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    /** Waits for the confirmation dialog to be open (or closed) in the overlay. */
    const dialogState = (overlay: OverlayInspector, open: boolean) =>
      waitFor(
        open ? 'the confirmation dialog' : 'the dialog to close',
        () => overlay.snapshot(),
        (s) => (open ? s.dialog?.open === true : s.dialog === null),
        10_000,
        50,
      );
    const buttonTexts = (s: OverlaySnapshot) => s.dialog?.buttons.map((b) => b.text) ?? [];
    const button = (s: OverlaySnapshot, text: string) => {
      const b = s.dialog?.buttons.find((x) => x.text === text);
      if (!b) throw new Error(`No "${text}" button in the dialog: ${JSON.stringify(s.dialog)}`);
      return b;
    };

    test('clicking a phishing link asks first: "Go back" stays, "Open anyway" leads to the blocked page whose "Proceed anyway" opens it, policy can remove it', async () => {
      const target = html.url('phish-click.test', '/login');
      expect(await prescan(target)).toMatchObject({
        riskScore: 88,
        band: 'malicious',
        action: 'block',
        canProceed: true,
      });
      const body = linksPage('Click page', [{ id: 'phish', href: target, text: 'Bank login' }]);
      const { page, url, overlay } = await openTestPage('click-page.test', '/click', body);
      // The cached verdict reaches the page through the lookup that follows the person's arrival
      // (openTestPage moved the pointer onto the page; no hover on the link needed).
      await waitFor(
        'the marker of the known phishing link',
        () => overlay.snapshot(),
        (s) => badgesNamed(s, 'Bank login').length === 1,
      );

      await page.click('#phish');
      let s = await dialogState(overlay, true);
      expect(buttonTexts(s)).toEqual(['Report a mistake', 'Open anyway', 'Go back']);
      expect(s.dialog!.text).toContain(target);
      expect(s.dialog!.text).toContain('Risk score: 88 / 100');
      expect((await overlay.accessibleNodes()).filter((n) => n.role === 'dialog').map((n) => n.name)).toEqual([
        'Open this link?',
      ]);
      // The navigation did not happen: same page, and the target's server was never asked.
      await page.waitForTimeout(1_000);
      expect(page.url()).toBe(url);
      expect(html.requests).not.toContain('phish-click.test/login');

      await overlay.click(button(s, 'Go back').backendNodeId);
      await dialogState(overlay, false);
      await page.waitForTimeout(500);
      expect(page.url()).toBe(url);
      expect(await page.textContent('h1')).toBe('Click page');

      // Again, and this time "Open anyway": the link opens in this tab, where the navigation
      // block shows the blocked page (an extension page: the only place a pass is given,
      // docs/decisions/001-content-tier.md); its "Proceed anyway" opens the link.
      await page.click('#phish');
      s = await dialogState(overlay, true);
      await overlay.click(button(s, 'Open anyway').backendNodeId);
      await waitForBlockedPage(ext, page);
      await page.getByRole('button', { name: 'Proceed anyway' }).click();
      await page.waitForURL(target, { timeout: 15_000 });
      await page.waitForSelector('h1');
      expect(await page.textContent('h1')).toBe('phish-click.test');
      await overlay.close();
      await page.close();

      // Policy-like setting: proceeding not allowed. A fresh page learns canProceed=false.
      await setSettings({ allowProceed: false });
      try {
        const locked = await openTestPage('click-page.test', '/click', body);
        await waitFor(
          'the marker',
          () => locked.overlay.snapshot(),
          (x) => badgesNamed(x, 'Bank login').length === 1,
        );
        await locked.page.click('#phish');
        s = await dialogState(locked.overlay, true);
        expect(buttonTexts(s)).toEqual(['Report a mistake', 'Go back']);
        expect(s.dialog!.text).toContain('Your organization does not allow opening this link.');
        await locked.page.keyboard.press('Escape');
        await dialogState(locked.overlay, false);
        await locked.page.waitForTimeout(500);
        expect(locked.page.url()).toBe(locked.url);
        await locked.overlay.close();
        await locked.page.close();
      } finally {
        await setSettings({ allowProceed: true });
      }
      expect(takeErrors(ext)).toEqual([]);
    });

    test('links added later and links inside an open shadow root get markers', async () => {
      const later = html.url('malware-later.test', '/payload');
      const inShadow = html.url('phish-shadow.test', '/login');
      await prescan(later);
      await prescan(inShadow);
      const { page, overlay } = await openTestPage(
        'spa-page.test',
        '/later',
        laterLinksPage('Feed', { id: 'shadowed', href: inShadow, text: 'Shadow link' }),
      );
      const shadowBadge = await waitFor(
        'the marker of the shadow-root link',
        () => overlay.snapshot(),
        (s) => badgesNamed(s, 'Shadow link').length === 1,
      );
      expect(badgesNamed(shadowBadge, 'Shadow link')[0]!.attributes['aria-label']).toContain('risk score 88 of 100');

      // Infinite scroll: 50 more links arrive after load, all to a URL with a cached verdict.
      const addedAt = Date.now();
      await page.evaluate((href) => {
        const feed = document.getElementById('feed')!;
        for (let i = 0; i < 50; i++) {
          const li = document.createElement('li');
          const a = document.createElement('a');
          a.href = href;
          a.textContent = `Later link ${i}`;
          li.append(a);
          feed.append(li);
        }
      }, later);
      const s = await waitFor(
        '50 markers for the links added later',
        () => overlay.snapshot(),
        (x) => x.badges.filter((b) => /: Later link \d+$/.test(b.attributes['aria-label'] ?? '')).length === 50,
        15_000,
        100,
      );
      console.log(`50 added links marked in ${Date.now() - addedAt} ms`);
      const names = s.badges.map((b) => b.attributes['aria-label'] ?? '').filter((n) => n.includes('Later link'));
      expect(new Set(names).size).toBe(50);
      expect(names.every((n) => n.startsWith('Linklens: Malicious link, risk score 95 of 100: '))).toBe(true);
      expect(s.hostCount).toBe(1); // still one overlay for the page, not one per link
      // Known verdicts only: no link was scanned because it appeared.
      expect(postsFor(svc.log, later)).toBe(1);
      await overlay.close();
      await page.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    test('a hostile page cannot read the verdict UI and finds its own markup untouched', async () => {
      const flagged = html.url('malware-hostile.test', '/get');
      const unscanned = html.url('phish-synthetic.test', '/login');
      const expected = verdictFor(flagged);
      if (expected.outcome !== 'COMPLETED') throw new Error('rule table changed: malware should complete');
      await prescan(flagged);
      const { page, overlay } = await openTestPage(
        'hostile-page.test',
        '/hostile',
        hostilePage('Hostile', [
          { id: 'flagged', href: flagged, text: 'Prize' },
          { id: 'unscanned', href: unscanned, text: 'Other' },
        ]),
      );
      await waitFor(
        'the marker',
        () => overlay.snapshot(),
        (x) => badgesNamed(x, 'Prize').length === 1,
      );
      await page.hover('#flagged');
      await waitFor(
        'the tooltip',
        () => overlay.snapshot(),
        (x) => x.tooltip?.hidden === false && x.tooltip.text.includes(expected.result.reasoning),
      );

      // The page's own script fakes hover intent on a link nobody pointed at: no scan follows.
      await page.evaluate(() => {
        const a = document.getElementById('unscanned')!;
        for (const type of ['pointerover', 'mouseover', 'pointerenter'])
          a.dispatchEvent(new PointerEvent(type, { bubbles: true, composed: true }));
      });

      const seen = await page.evaluate((tag) => {
        const host = document.querySelector(tag);
        const w = window as unknown as {
          __captured: { tag: string; mode: string }[];
          __messages: string[];
          __servedBody: string;
        };
        return {
          hostFound: host !== null,
          shadowRootHidden: host ? host.shadowRoot === null : null,
          hostText: host?.textContent ?? null,
          hostHtml: host?.innerHTML ?? null,
          hostChildren: host?.childElementCount ?? null,
          hostAttributes: host ? host.getAttributeNames() : null,
          captured: w.__captured.map((c) => `${c.tag}:${c.mode}`),
          messages: w.__messages,
          bodyUnchanged: document.body.innerHTML === w.__servedBody,
          anchors: [...document.querySelectorAll('a')].map((a) => ({ id: a.id, attributes: a.getAttributeNames() })),
          // Everything the page can read as text or markup, whole document.
          text: [
            document.documentElement.outerHTML,
            document.documentElement.innerText,
            document.documentElement.textContent,
            ...w.__messages,
          ].join('\n'),
        };
      }, OVERLAY_TAG);
      expect(seen.hostFound).toBe(true);
      expect(seen.shadowRootHidden, 'host.shadowRoot is null for the page (closed root)').toBe(true);
      expect(seen.hostText).toBe('');
      expect(seen.hostHtml).toBe('');
      expect(seen.hostChildren).toBe(0);
      expect(seen.hostAttributes).toEqual(['style']); // the inline layout reset, nothing verdict-specific
      expect(seen.captured, "our shadow root was not created through the page's prototypes").toEqual([]);
      // No window message from us at all: WXT's "content script started" notice is switched off
      // (entrypoints/content.ts noScriptStartedPostMessage), so the page learns not even our id.
      expect(seen.messages, seen.messages.join('\n')).toEqual([]);
      expect(seen.bodyUnchanged, 'the page body is exactly as served').toBe(true);
      expect(seen.anchors).toEqual([
        { id: 'flagged', attributes: ['id', 'href'] },
        { id: 'unscanned', attributes: ['id', 'href'] },
      ]);
      for (const secret of ['Linklens', 'Risk score', 'Malicious link', expected.result.reasoning]) {
        expect(seen.text, `the page can read "${secret}"`).not.toContain(secret);
      }
      await page.waitForTimeout(1_000);
      expect(postsFor(svc.log, unscanned), 'synthetic pointer events made the extension scan').toBe(0);

      // A page that knows our id anyway (it is public for a listed extension) forges WXT's "a newer
      // copy of this script started" event: the warnings must stay (src/content/lifetime.ts), and
      // clicks still ask first.
      await page.evaluate((id) => {
        document.dispatchEvent(
          new CustomEvent(`${id}:content:wxt:content-script-started`, {
            detail: { contentScriptName: 'content', messageId: 'forged-by-page' },
          }),
        );
        window.postMessage(
          {
            type: `${id}:content:wxt:content-script-started`,
            contentScriptName: 'content',
            messageId: 'forged-by-page',
          },
          '*',
        );
      }, ext.extensionId);
      await page.waitForTimeout(1_000);
      expect(await page.$(OVERLAY_TAG), 'the overlay host is still in the page').not.toBeNull();
      expect(badgesNamed(await overlay.snapshot(), 'Prize'), 'the marker survived the forged event').toHaveLength(1);
      await page.click('#flagged');
      expect((await dialogState(overlay, true)).dialog!.text).toContain('Risk score: 95 / 100');
      await page.keyboard.press('Escape');
      await dialogState(overlay, false);
      expect(page.url()).toContain('/hostile');
      await overlay.close();
      await page.close();
      expect(takeErrors(ext)).toEqual([]);
    });

    /**
     * Long tasks: "no long task ≥ 50 ms attributable to the content script" on a 5,000-link page.
     * Method: a PerformanceObserver('longtask', buffered) is registered by an init script before
     * the page's first byte runs; the page is loaded and left idle for 4 s (nobody has arrived:
     * the content script is a few listeners, src/content/visit.ts), then the pointer comes onto
     * the page (the content script starts, finds the links and looks up those near the screen)
     * and the page is scrolled to the bottom with the mouse wheel (the others come near on the
     * way: their lookups follow), and the entries are collected.
     * Chromium attributes a content script's task to the page's own frame (isolated worlds share
     * the main thread), so two checks say which long tasks are ours:
     * - one more extension run is traced (harness/extension-trace.ts): no task ≥ 50 ms may hold
     *   content-script time that made it long (≥ 1 ms of it, or enough that the task would have
     *   stayed under 50 ms without it), in any phase;
     * - what the content script adds to the browser's own work (its observers, style) is compared
     *   with the same page in a Chromium launched WITHOUT the extension (same binary, flags and
     *   viewport), per phase, counting the tasks that end after the person arrived, in both runs
     *   alike: before that, the page's own parse and first layout cross 50 ms at random on this
     *   machine in either browser (measured: 148 and 62 ms without the extension, 53 ms with a
     *   no-op one, 53 to 66 ms with Linklens, whose app had not started), and the traced run
     *   covers them. The extension run must not have more long tasks in any phase.
     * On this shared 2-core machine a busy neighbour can stretch any task, so when the first
     * pair disagrees both are measured once more and the smaller count of each is used.
     */
    test('a 5,000-link page: no long task of the content script, none more than without it, a bounded number of messages, no scans', async () => {
      const url = pages.url('links-big.test', '/links?n=5000');
      const counter = await installMessageCounter(ext);
      const baseline: LongTaskRun[] = [];
      const withExtension: LongTaskRun[] = [];
      const perRun: { lookups: number; urls: number; hovers: number; total: number }[] = [];

      const measureBaseline = async () => {
        const browser = await launchBaselineChromium();
        try {
          const page = await (await browser.newContext()).newPage();
          await page.addInitScript({ content: longTaskInitScript(OVERLAY_TAG) });
          baseline.push(await measurePage(page, url, `baseline #${baseline.length + 1}`));
        } finally {
          await browser.close();
        }
      };
      const measureWithExtension = async () => {
        const before = (await counter.read()).length;
        const page = await ext.context.newPage();
        await page.addInitScript({ content: longTaskInitScript(OVERLAY_TAG) });
        const fromPage = async () => (await counter.read()).slice(before).filter((m) => m.senderUrl === url);
        const allLookedUp = (m: ContentMessage[]) =>
          m.filter((x) => x.type === 'links.lookup').reduce((n, x) => n + x.urls, 0) >= 5_000;
        // Long tasks are collected only once every link was looked up: all of the content
        // script's page-load work lies inside the measured window.
        const run = await measurePage(page, url, `extension #${withExtension.length + 1}`, {
          settle: async () => void (await waitFor('lookups of all 5,000 links', fromPage, allLookedUp, 30_000, 250)),
        });
        // Throws when the content script's isolated world is not in the page (it never ran).
        await (await openContentWorld(page, ext.extensionId)).close();
        withExtension.push(run);
        const msgs = await fromPage();
        const lookups = msgs.filter((m) => m.type === 'links.lookup');
        perRun.push({
          lookups: lookups.length,
          urls: lookups.reduce((n, x) => n + x.urls, 0),
          hovers: msgs.filter((m) => m.type === 'link.hover').length,
          total: msgs.length,
        });
        await page.close();
      };

      await measureBaseline();
      await measureWithExtension();
      if (excessOver(withExtension, baseline).length > 0) {
        await measureBaseline();
        await measureWithExtension();
      }
      const report = [...baseline, ...withExtension].map(describeRun).join('\n');
      console.log(report);
      console.log(`messages per extension run: ${JSON.stringify(perRun)}`);
      expect(excessOver(withExtension, baseline), `long tasks ≥ 50 ms only with the extension:\n${report}`).toEqual([]);

      // The traced run: which long tasks held the content script's own time.
      const tracedPage = await ext.context.newPage();
      await tracedPage.addInitScript({ content: longTaskInitScript(OVERLAY_TAG) });
      const cdp = await ext.context.newCDPSession(tracedPage);
      const tracedUrl = pages.url('links-traced.test', '/links?n=5000');
      const { trace } = await traceDuring(cdp, tracedUrl, () =>
        measurePage(tracedPage, tracedUrl, 'extension, traced'),
      );
      await tracedPage.close();
      const tasks = trace.longTasks.map(
        (l) =>
          `${Math.round(l.ms)} ms (content script ${l.extensionScriptMs.toFixed(1)} ms; ${l.top.map(([n, ms]) => `${n} ${Math.round(ms)}`).join(', ')})`,
      );
      console.log(
        `traced extension run: content script ${trace.extensionScriptMs.toFixed(1)} ms in all; tasks ≥ 50 ms: ${tasks.join('; ') || 'none'}`,
      );
      expect(trace.extensionScriptMs, 'the trace sees the content script run (it looks the links up)').toBeGreaterThan(
        1,
      );
      const ours = trace.longTasks.filter(
        (l) => l.extensionScriptMs > 0 && (l.extensionScriptMs >= 1 || l.ms - l.extensionScriptMs < LONG_TASK_MS),
      );
      expect(
        ours.map((l) => `${Math.round(l.ms)} ms task, ${l.extensionScriptMs.toFixed(1)} ms of it content script`),
        tasks.join('\n'),
      ).toEqual([]);

      // Bounded messages: links are looked up as they come near the screen (src/content/nearby.ts),
      // each once, in batches of up to MAX_BATCH (at least 10 messages for 5,000); a batch goes out
      // while scrolling brings more links near, so the count may grow by one per wheel step, and
      // a retried batch is allowed for. No hover was reported (the pointer never rested on a link).
      const batches = Math.ceil(5_000 / MAX_BATCH);
      perRun.forEach((run, i) => {
        expect(run.urls, 'every link looked up once (a retried batch aside)').toBeGreaterThanOrEqual(5_000);
        expect(run.urls).toBeLessThanOrEqual(5_000 + MAX_BATCH);
        expect(run.lookups).toBeGreaterThanOrEqual(batches);
        expect(run.lookups).toBeLessThanOrEqual(2 * batches + withExtension[i]!.scrollSteps);
        expect(run.hovers).toBe(0);
        expect(run.total).toBeLessThanOrEqual(run.lookups); // nothing but lookups (no config.get: no link was reached)
      });
      // Lookups are answered from the cache: the service was asked about none of the links.
      const linkScans = submittedUrls(svc.log).filter((u) => /^site-\d+\.test$/.test(new URL(u).hostname));
      expect(linkScans).toEqual([]);

      // The worker is still responsive.
      const askedAt = Date.now();
      await requestFromExtensionPage(control, { type: 'settings.get' });
      expect(Date.now() - askedAt, 'settings.get answered within 2 s').toBeLessThan(2_000);
      expect(takeErrors(ext)).toEqual([]);
    });
  });
}
