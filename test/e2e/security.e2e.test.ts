// Security and privacy in real Chromium (docs/decisions/018-tests.md): a hostile page attacks the extension; service
// text with HTML/script is shown on every surface; the running extension's CSP and web-accessible
// resources. The hostile site (harness/hostile-site.ts) answers every Host, so private spellings
// such as http://127.1:PORT/ land on it; `*.test` names are the "open web".
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers, type CollectedError } from './harness';
import { startSession, type LinklensSession } from './harness/linklens-session';
import { startHostileSite, type HostileSite } from './harness/hostile-site';
import type { HostileReport } from './harness/hostile-page';
import { readOverlay } from './harness/overlay-dom';
import { openContentWorld } from './harness/content-world';
import { installMessageCounter } from './harness/message-counter';
import { requestFromExtensionPage } from './harness/extension-messages';
import { isBlockedPageUrl, tabIdOf, visit } from './harness/navigate';
import { everythingInPage, watchDialogs, type DialogWatch } from './harness/page-safety';
import { submittedUrls } from '../shared/service-log';
import { waitFor } from './harness/wait-for';
import { backgroundIdle } from './harness/background-idle';
import { cspProblems, webAccessibleProblems, type WebAccessibleEntry } from './harness/manifest-audit';
import { renderedAsText } from './harness/rendered-text';
import { credentialUrl, NEVER_SENT, privateUrls } from './harness/private-urls';
import { startHtmlErrorService } from './harness/html-error-service';
import { openPopupFor } from './harness/popup-for-tab';
import { waitForBlockedPage } from './harness/navigate';
import { XSS_PAYLOAD } from '../service/server';
import type { SettingsData, TabStatusData } from '../../src/shared/messaging/protocol';

const browsers = selectedBrowsers();

/** Console errors Chromium itself logs when a page frames or fetches non-web-accessible files. */
const deniedLoad = (id: string, pageUrl: string) => (e: CollectedError) =>
  e.source === 'page' &&
  e.kind === 'console' &&
  e.url === pageUrl &&
  (e.text.includes(`Denied load of chrome-extension://${id}/`) ||
    /^Failed to load resource: net::ERR_(FAILED|BLOCKED_BY_CLIENT)$/.test(e.text));

if (browsers.includes('chromium')) {
  describe('Chromium: security and privacy', () => {
    let s: LinklensSession;
    let site: HostileSite;
    let dialogs: DialogWatch;

    beforeAll(async () => {
      s = await startSession({ service: { processingDelayMs: 200 } });
      site = await startHostileSite({
        extensionId: s.ext.extensionId,
        links: (port) => [...privateUrls(port), credentialUrl(port)],
        phishUrl: (port) => `http://phish-hostile.test:${port}/login`,
      });
      dialogs = watchDialogs(s.ext.context);
    });
    afterAll(async () => {
      await s?.close();
      await site?.stop();
    });

    const settingsNow = () => requestFromExtensionPage<SettingsData>(s.control, { type: 'settings.get' });

    test('a hostile page: forged messages, our shadow UI, framing our pages, credentials and private hosts — nothing privileged, no key, nothing private sent', async () => {
      const { svc } = s;
      const key = svc.demoKey;
      const phish = `http://phish-hostile.test:${site.port}/login`;
      const before = await settingsNow();
      const tab = await s.ext.context.newPage();
      const hostileUrl = site.url('hostile.test', '/hostile');
      await visit(tab, hostileUrl);
      const world = await openContentWorld(tab, s.ext.extensionId);
      const counter = await installMessageCounter(s.ext);

      // A warning exists to be read: hover the phishing link until its tooltip shows (seen via CDP).
      await tab.hover('#phish');
      await waitFor(
        'the phishing verdict',
        () => s.known([phish]),
        (k) => k[phish]?.action === 'block',
      );
      await tab.hover('h1');
      await tab.hover('#phish');
      const overlay = await waitFor(
        'the tooltip',
        () => readOverlay(tab),
        (o) => (o.tooltip ?? '').includes('Rule "phish"'),
      );
      expect(overlay.shadowRootType).toBe('closed');
      expect(overlay.badges.length).toBeGreaterThan(0);

      const pagesBefore = s.ext.context.pages().length;
      const r = (await tab.evaluate(() =>
        (window as unknown as { __hostileAttacks(): Promise<unknown> }).__hostileAttacks(),
      )) as HostileReport;
      // No extension messaging API in the page's world.
      expect(r.chrome).toMatchObject({
        runtime: 'undefined',
        sendMessage: 'undefined',
        connect: 'undefined',
        storage: 'undefined',
      });
      // Our UI: one empty host, closed root, nothing leaked through a hooked attachShadow.
      expect(r.overlay).toEqual([{ shadowRoot: null, childNodes: 0, text: '', reattach: 'NotSupportedError' }]);
      expect(r.attachShadowCalls).toBe(0);
      expect(r.leakedRoots).toEqual([]);
      for (const text of [...r.added, r.pageText]) {
        expect(text).not.toContain('Rule "phish"');
        expect(text).not.toContain('Linklens:');
        expect(text.toLowerCase()).not.toContain('phishing');
      }
      // The page's forged window messages and events reached nothing: counted where messages
      // arrive (the service worker), not where the page posted them. The counter demonstrably
      // sees content-script messages (the content script's hover above, the world's forged ones
      // further down), so an empty list of forged types is not an artefact of not looking.
      const fromTab = (await counter.read()).filter((m) => m.senderUrl === hostileUrl);
      expect(
        fromTab.some((m) => m.type === 'link.hover'),
        "the counter sees this page's content script",
      ).toBe(true);
      expect(
        [...new Set(fromTab.map((m) => m.type))].filter(
          (t) => !['links.lookup', 'link.hover', 'config.get'].includes(t),
        ),
      ).toEqual([]);
      // A click the page dispatched itself on the known phishing link is not intercepted: the
      // page cannot learn from it that the URL is cached as "block" (docs/decisions/001-content-tier.md).
      expect(r.syntheticClick).toEqual({ reachedPage: true });
      // Our pages can neither be framed nor fetched.
      for (const [file, outcome] of Object.entries(r.fetches)) expect(outcome, file).toMatch(/^refused/);
      const frames = tab.frames().filter((f) => f !== tab.mainFrame());
      expect(frames).toHaveLength(3);
      for (const f of frames) {
        expect(f.url(), 'a framed extension page must not load').not.toMatch(
          new RegExp(`^chrome-extension://${s.ext.extensionId}/`),
        );
        const inside = await f
          .evaluate(() => document.body?.innerText ?? '')
          .catch((e: unknown) => `unreachable: ${String(e)}`);
        expect(inside).not.toMatch(/Linklens|Proceed|API key/i);
      }

      // Forged messages changed nothing: settings, the warning, the pages open (the background
      // has finished with every one of them).
      await backgroundIdle(s.control);
      expect(await settingsNow()).toEqual(before);
      expect((await s.known([phish]))[phish]).toMatchObject({ status: 'verdict', action: 'block' });
      expect((await readOverlay(tab)).badges.length).toBeGreaterThan(0);
      expect(s.ext.context.pages().length).toBe(pagesBefore);
      // The content-script world (forgeable by a compromised renderer) is refused privileged types.
      for (const m of [
        { type: 'settings.set', patch: { scanNavigations: false } },
        { type: 'keys.list' },
        { type: 'blocked.proceed', token: 'forged' },
        { type: 'pause.set', until: null },
      ]) {
        expect(await world.sendMessage(m), m.type).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
      }
      // …and the counter saw those: it counts what the content-script world sends.
      expect((await counter.read()).filter((m) => m.senderUrl === hostileUrl && m.type === 'pause.set')).toHaveLength(
        1,
      );
      // A content script asking for a pass is not a message Linklens knows any more (docs/decisions/001-content-tier.md).
      expect(await world.sendMessage({ type: 'link.proceed', url: phish })).toMatchObject({
        ok: false,
        error: { code: 'invalid_message' },
      });

      // Links with credentials and private hosts: hovered for real and reported from the world.
      // First away from the tooltip, which stays while the pointer is on it (WCAG 1.4.13) and
      // covers the links below it.
      await tab.hover('h1');
      await tab.keyboard.press('Escape');
      await waitFor(
        'the tooltip hidden',
        () => readOverlay(tab),
        (o) => o.tooltip === null,
      );
      const links = [...privateUrls(site.port), credentialUrl(site.port)];
      for (let i = 0; i < links.length; i++) await tab.hover(`#link-${i}`);
      // A content script learns "no warning" for each (not even that they are skipped).
      const hoverReplies: unknown[] = [];
      for (const u of privateUrls(site.port)) {
        const reply = await world.sendMessage({ type: 'link.hover', url: u });
        hoverReplies.push(reply);
        expect(reply, u).toEqual({ ok: true, data: { status: 'unknown' } });
      }
      const credReply = await world.sendMessage({ type: 'link.hover', url: credentialUrl(site.port) });
      expect(credReply).toMatchObject({
        ok: true,
        data: { status: expect.stringMatching(/^(unknown|verdict|pending)$/) },
      });
      // A scan this hover started shows only its step's name (docs/decisions/017-surfaces.md).
      const cred = (credReply as { data: Record<string, unknown> }).data;
      if (cred.status === 'pending') expect(Object.keys(cred).sort()).toEqual(['progress', 'status']);

      // The API key is nowhere a page or content script can read.
      const readable: Record<string, unknown> = {
        page: await everythingInPage(tab),
        attacks: r,
        overlay: await readOverlay(tab),
        local: await world.evaluate('chrome.storage.local.get(null)'),
        session: await world.evaluate('chrome.storage.session.get(null)'),
        sync: await world.evaluate('chrome.storage.sync.get(null)'),
        config: await world.sendMessage({ type: 'config.get' }),
        hovers: [...hoverReplies, credReply],
        siteRequests: site.requests,
      };
      for (const [where, value] of Object.entries(readable))
        expect(JSON.stringify(value) ?? '', `the key must not be readable via ${where}`).not.toContain(key);
      await world.close();

      // Navigations to the same URLs, several tabs at once; the credentials one is phishing.
      // Private hosts are answered by Playwright inside the browser: no request leaves this
      // machine for 10.0.0.1, 169.254.169.254 … (the extension sees the navigation all the same).
      const navTabs = await Promise.all([0, 1, 2, 3].map(() => s.ext.context.newPage()));
      for (const t of navTabs) {
        await t.route(
          (u) => /^https?:$/.test(u.protocol) && !u.hostname.endsWith('.test'),
          (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>private host</h1>' }),
        );
      }
      await Promise.all(
        navTabs.map(async (t, i) => {
          for (let j = i; j < links.length; j += navTabs.length) {
            await t.goto(links[j]!, { waitUntil: 'commit', timeout: 3000 }).catch(() => undefined);
          }
        }),
      );
      const credTab = navTabs[(links.length - 1) % navTabs.length]!;
      await waitFor(
        'the credentials URL blocked',
        () => credTab.url(),
        (u) => isBlockedPageUrl(s.ext, u),
      );
      // The extension did see the private navigations, and skipped them (the popup's view).
      for (const t of navTabs.filter((x) => x !== credTab)) {
        const st = await requestFromExtensionPage<TabStatusData>(s.control, {
          type: 'tab.status',
          tabId: await tabIdOf(s.control, t),
        });
        expect(st.status, `${t.url()} is not sent`).toMatchObject({ kind: 'skipped' });
        expect(st.pausedUntil, 'the forged pause.set did nothing').toBeNull();
      }

      // The link.proceed sent from the content-script world above granted no pass: the page's
      // own navigation to that URL is blocked (before docs/decisions/001-content-tier.md it was let through).
      await tab.evaluate((u) => void (location.href = u), phish);
      await waitFor(
        'the phishing navigation blocked',
        () => tab.url(),
        (u) => isBlockedPageUrl(s.ext, u),
      );

      // The service saw public URLs only, without credentials.
      const sent = submittedUrls(svc.log);
      expect(sent).toContain(`http://phish-cred.test:${site.port}/login`);
      expect(
        sent.every((u) => new URL(u).hostname.endsWith('.test')),
        JSON.stringify(sent),
      ).toBe(true);
      // What the extension wrote into each request (path, query, body): the log's times and
      // generated ids are digits and hex that can contain "0177" or "2130706433" by chance.
      const logText = JSON.stringify(
        svc.log.map((e) => ({ method: e.method, path: e.path, query: e.query, body: e.body })),
      );
      for (const bad of NEVER_SENT) expect(logText, `the service log must not contain "${bad}"`).not.toContain(bad);

      for (const t of [tab, ...navTabs]) await t.close();
      expect(await settingsNow()).toEqual(before);
      const errors = s.takeErrors();
      expect(errors.filter((e) => !deniedLoad(s.ext.extensionId, hostileUrl)(e))).toEqual([]);
      expect(dialogs.dialogs).toEqual([]);
    });

    test('service text with HTML/script renders as text: tooltip, popup, report, blocked page, error messages', async () => {
      // Hosts with "xss" get 45 (suspicious) with XSS_PAYLOAD (an <img onerror=alert(1)>) in
      // categories, reasoning and indicators (test/service/rules.ts). Warn from 30 so the
      // tooltip shows; block from 40 later for the blocked page.
      await s.configure({ warnThreshold: 30 });
      const found: Record<string, string[]> = {};

      // 1. The content tooltip (closed shadow root, read through CDP).
      const tooltipUrl = `http://xss-tooltip.test:${site.port}/`;
      const page = await s.ext.context.newPage();
      await visit(page, site.url('plain-links.test', `/links?u=${encodeURIComponent(tooltipUrl)}`));
      await page.hover('#link-0');
      await waitFor(
        'the xss verdict',
        () => s.known([tooltipUrl]),
        (k) => k[tooltipUrl]?.action === 'warn',
      );
      await page.hover('h1');
      await page.hover('#link-0');
      const overlay = await waitFor(
        'the tooltip',
        () => readOverlay(page),
        (o) => (o.tooltip ?? '').includes(XSS_PAYLOAD),
      );
      expect(overlay.tooltip).toContain('<script>alert("reasoning")</script>');
      found.tooltip = [
        ...overlay.elements
          .filter((e) => e === 'img' || e === 'script' || e === 'b')
          .map((e) => `<${e}> in the overlay`),
        ...overlay.handlerAttributes,
      ];
      if (await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned !== undefined))
        found.tooltip.push('window.__pwned set');

      // 2. The popup over a tab showing such a page, and 3. the report page of its scan.
      const popupUrl = `http://xss-popup.test:${site.port}/`;
      await visit(page, popupUrl);
      await waitFor(
        'the xss page verdict',
        () => s.known([popupUrl]),
        (k) => k[popupUrl]?.status === 'verdict',
      );
      const popup = await openPopupFor(s.ext, page);
      found.popup = (await renderedAsText(popup, XSS_PAYLOAD)).problems;
      const scan = s.svc.scans().find((x) => x.url === popupUrl)!;
      const report = await s.ext.context.newPage();
      await report.goto(s.ext.pageUrl(`report.html?id=${encodeURIComponent(scan.id)}`));
      found.report = (await renderedAsText(report, XSS_PAYLOAD)).problems;

      // 4. The blocked page.
      await s.configure({ blockThreshold: 40 });
      const blocked = await s.ext.context.newPage();
      await visit(blocked, `http://xss-blocked.test:${site.port}/`);
      await waitForBlockedPage(s.ext, blocked);
      found.blocked = (await renderedAsText(blocked, XSS_PAYLOAD)).problems;

      // 5. Error messages: a service whose every answer is a 401 with markup in error.message.
      const errorPayload = '<img src=x onerror="window.__pwned=1;alert(2)"><script>alert(3)</script> key refused';
      const errSvc = await startHtmlErrorService(errorPayload);
      try {
        // A key is entered for this service: a stored key never follows a new URL (docs/decisions/008-key-binding.md).
        await s.configure({ serviceUrl: errSvc.baseUrl, apiKey: s.svc.demoKey });
        const errPage = await s.ext.context.newPage();
        await visit(errPage, `http://error-text.test:${site.port}/`);
        await waitFor(
          'the 401 reached the service',
          () => errSvc.paths.some((p) => p.startsWith('POST')),
          (x) => x,
        );
        const errPopup = await openPopupFor(s.ext, errPage);
        found.errorPopup = (await renderedAsText(errPopup, errorPayload)).problems;
        const errReport = await s.ext.context.newPage();
        await errReport.goto(s.ext.pageUrl('report.html?id=scn_00000000-0000-4000-8000-000000000000'));
        found.errorReport = (await renderedAsText(errReport, errorPayload)).problems;
        for (const p of [errPage, errPopup, errReport]) await p.close();
      } finally {
        await s.configure({ serviceUrl: s.svc.baseUrl, apiKey: s.svc.demoKey, warnThreshold: 51, blockThreshold: 76 });
        await errSvc.stop();
      }

      for (const p of [page, popup, report, blocked]) await p.close();
      expect(found).toEqual({ tooltip: [], popup: [], report: [], blocked: [], errorPopup: [], errorReport: [] });
      expect(dialogs.dialogs).toEqual([]);
      expect(s.takeErrors()).toEqual([]);
    });

    test('the running extension: strict CSP, no web-accessible resources, pages not fetchable by a page script', async () => {
      const manifest = (await s.control.evaluate(() =>
        (globalThis as unknown as { chrome: { runtime: { getManifest(): unknown } } }).chrome.runtime.getManifest(),
      )) as {
        content_security_policy?: { extension_pages?: string };
        web_accessible_resources?: WebAccessibleEntry[];
      };
      const csp = manifest.content_security_policy?.extension_pages ?? '';
      expect(cspProblems(csp)).toEqual([]);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(webAccessibleProblems(manifest.web_accessible_resources, {}, 'chromium')).toEqual([]);

      const page = await s.ext.context.newPage();
      const plain = site.url('plain-site.test', '/');
      await visit(page, plain);
      const outcome = await page.evaluate(async (url) => {
        try {
          const res = await fetch(url);
          return `fetched ${res.status}`;
        } catch (e) {
          return `refused: ${(e as Error).name}`;
        }
      }, s.ext.pageUrl('blocked.html'));
      expect(outcome).toBe('refused: TypeError');
      await page.close();
      const errors = s.takeErrors();
      expect(errors.filter((e) => !deniedLoad(s.ext.extensionId, plain)(e))).toEqual([]);
    });
  });
}
