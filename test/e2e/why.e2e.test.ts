// "Why this decision", minimum confidence, audit-only list and the daily scan limit (docs/decisions/017-surfaces.md
// and 13), one definition for Chromium and Firefox (harness/driver.ts). Linklens is configured
// the way a fleet is: a real policy (Chromium: /etc/chromium/policies/managed; Firefox:
// policies.json) sets the service, an organization block list entry, the minimum confidence to
// block (0.95) and the reporting receiver; the rest is the person's own settings. What the site's server, the scanning service and the
// reporting receiver really received is asserted, not only what the pages show. Hosts follow the
// service's rule table (test/service/README.md): "malware" scores 95 with confidence 0.97 (above
// the minimum: blocks), "phish" scores 88 with confidence 0.92 (below it: warns).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import { browserPolicyBlocker, installBrowserPolicy, type BrowserPolicy } from './harness/browser-policy';
import type { JourneyDriver, JourneyPage } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { startReportReceiver, type ReportReceiver } from './harness/report-receiver';
import { submittedUrls } from '../shared/service-log';
import { waitFor } from './harness/wait-for';
import { request, waitForPolicy } from './harness/world';
import { isBlockedPage } from './harness/blocked-page';
import { backgroundIdle } from './harness/background-idle';
import { startService, type ScanningService } from '../service/server';
import type { AuditEntry, SettingsWriteData, TabStatusData } from '../../src/shared/messaging/protocol';
import enJson from '../../public/_locales/en/messages.json';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };
const ORG_LISTED = 'org-listed.test';

type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
/** The English message of `key` with its placeholders filled in order ($1, $2 …), as the page shows it. */
function en(key: string, ...subs: string[]): string {
  const entry = (enJson as Messages)[key];
  if (!entry) throw new Error(`no English message ${key}`);
  return entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => {
    const n = Number(entry.placeholders?.[name.toLowerCase()]?.content.slice(1));
    return subs[n - 1] ?? '';
  });
}

const expectNoErrors = (errors: unknown[]) => expect(errors, JSON.stringify(errors, null, 1)).toEqual([]);

/** The popup for `tab`, in `driver`'s browser: its "why" line once the verdict is there. */
async function popupWhy(driver: JourneyDriver, tab: JourneyPage): Promise<string> {
  const tabId = await driver.tabIdOf(tab);
  const popup = await driver.openExtensionPage(`popup.html?tabId=${tabId}`);
  const why = await waitFor(
    'the popup to say why',
    () => popup.evaluate(() => document.querySelector('.why-decision')?.textContent ?? ''),
    (t) => t !== '',
    15_000,
  );
  await popup.close();
  return why;
}

for (const kind of selectedBrowsers()) {
  const label = kind === 'firefox' ? 'Firefox' : 'Chromium';
  const blocker = browserPolicyBlocker(kind);
  if (blocker) console.warn(`why.e2e (${kind}): SKIPPING, the policy cannot be installed: ${blocker}`);

  describe(`${label}: why this decision, minimum confidence, audit-only list, daily scan limit${blocker ? ` [SKIPPED: ${blocker}]` : ''}`, () => {
    let driver: JourneyDriver;
    let pages: PageServer;
    let svc: ScanningService;
    let receiver: ReportReceiver;
    let policy: BrowserPolicy | undefined;

    beforeAll(async () => {
      if (blocker) return;
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: 300, keepAliveMs: 500 });
      receiver = await startReportReceiver();
      // Before the launch: Firefox reads policies only at start-up.
      policy = installBrowserPolicy(kind, {
        serviceUrl: svc.baseUrl,
        apiKey: svc.demoKey,
        blocklist: [ORG_LISTED],
        minBlockConfidence: 0.95,
        reportingUrl: receiver.url,
      });
      driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      // storage.managed's first read can take seconds on a fresh profile (the first storage.managed read takes seconds on a fresh profile).
      await waitForPolicy(
        { driver },
        'the policy in force',
        (d) =>
          d.managedKeys.includes('blocklist') &&
          d.managedKeys.includes('minBlockConfidence') &&
          d.managedKeys.includes('reportingUrl'),
        250,
      );
      // The person's own threshold: the blocked page must name this one, not the default 76 (under
      // a policy the person may only lower it: floor.ts).
      await configure({ blockThreshold: 70 });
    }, 90_000);
    afterAll(async () => {
      policy?.remove(); // machine-wide: always, even after a failure
      await driver?.close();
      await pages?.stop();
      await svc?.stop();
      await receiver?.stop();
    });

    async function configure(patch: Record<string, unknown>): Promise<void> {
      const r = await request<SettingsWriteData>({ driver }, { type: 'settings.set', patch });
      if (r.refused && Object.keys(r.refused).length)
        throw new Error(`settings.set refused ${JSON.stringify(r.refused)}`);
    }
    const blockedPage = (tab: JourneyPage) =>
      waitFor(
        'the blocked page to say why',
        () =>
          tab.evaluate(() => ({
            headline: document.querySelector('main.blocked h1')?.textContent ?? '',
            why: document.querySelector('.why-decision')?.textContent ?? '',
          })),
        (s) => s.why !== '',
        20_000,
      );
    const statusOf = async (tab: JourneyPage) =>
      request<TabStatusData>({ driver }, { type: 'tab.status', tabId: await driver.tabIdOf(tab) });

    test.skipIf(blocker !== null)(
      "a score at or above the person's block threshold: the blocked page and the popup name the score and the threshold",
      async () => {
        const url = pages.url('malware-why.test', '/');
        const tab = await driver.openWebPage(url);
        await waitFor(
          'the blocked page',
          () => tab.currentUrl(),
          (u) => isBlockedPage({ driver }, u),
          20_000,
        );
        const shown = await blockedPage(tab);
        const why = en('why_score_block', '95', '70');
        expect(shown.why).toBe(`${en('whyDecision')}: ${why}`);
        expect(await popupWhy(driver, tab)).toBe(`${en('whyDecision')}: ${why}`);
        expect(submittedUrls(svc.log)).toContain(url);
        // Reported to the organization with the rule that blocked it.
        const event = await waitFor(
          'navigation.blocked at the receiver',
          () => receiver.accepted().find((e) => e.type === 'navigation.blocked' && e.payload.url === url),
          (e) => e !== undefined,
          20_000,
        );
        expect(event!.payload).toMatchObject({
          host: 'malware-why.test',
          rule: 'band:malicious',
          verdict: { riskScore: 95 },
        });
        await tab.close();
        expectNoErrors(await driver.takeErrors());
      },
      60_000,
    );

    test.skipIf(blocker !== null)(
      "a host on the organization's block list (real policy): the blocked page says so; neither the site nor the service hears of it",
      async () => {
        const url = pages.url(ORG_LISTED, '/login');
        // From a page of another site, as a person following a link: the browser refuses the request
        // itself (net::ERR_BLOCKED_BY_CLIENT in Chromium), and Linklens moves the tab to its page.
        const tab = await driver.openWebPage(pages.url('why-start.test', '/'));
        await tab.evaluate((u) => void (location.href = u), url);
        await waitFor(
          'the blocked page',
          () => tab.currentUrl(),
          (u) => isBlockedPage({ driver }, u),
          20_000,
        );
        const shown = await blockedPage(tab);
        expect(shown).toEqual({
          headline: en('headline_org_blocklist'),
          why: `${en('whyDecision')}: ${en('why_org_blocklist', ORG_LISTED)}`,
        });
        expect(pages.requestsTo(ORG_LISTED)).toEqual([]); // the browser's own rules stopped the request
        expect(submittedUrls(svc.log).filter((u) => u.includes(ORG_LISTED))).toEqual([]);
        await tab.close();
        expectNoErrors(await driver.takeErrors());
      },
      60_000,
    );

    test.skipIf(blocker !== null)(
      'minimum confidence (policy): a verdict above the block threshold but below the minimum confidence warns instead of blocking; options lets the person only lower it',
      async () => {
        const options = await driver.openExtensionPage('options.html#protection');
        const field = await waitFor(
          'the locked minimum confidence field',
          () =>
            options.evaluate((label) => {
              const l = [...document.querySelectorAll('label')].find((x) => x.textContent?.trim() === label);
              const input = l?.control as HTMLInputElement | null | undefined;
              return input ? { disabled: input.disabled, value: input.value, max: input.max } : null;
            }, en('minBlockConfidence')),
          (x) => x !== null,
          15_000,
        );
        // The policy's value is a floor: the person may only lower it (block more), not raise it.
        expect(field).toEqual({ disabled: false, value: '0.95', max: '0.95' });
        await options.close();
        const url = pages.url('phish-lowconf.test', '/login');
        const tab = await driver.openWebPage(url);
        const st = await waitFor(
          'the verdict for the tab',
          () => statusOf(tab),
          (s) => s.status.kind === 'verdict',
          20_000,
          200,
        );
        if (st.status.kind !== 'verdict') throw new Error('no verdict');
        expect(st.status.decision).toMatchObject({
          action: 'warn',
          reason: 'low-confidence',
          rule: { rule: 'lowConfidence', score: 88, threshold: 70, confidence: 0.92, minConfidence: 0.95 },
        });
        expect(await popupWhy(driver, tab)).toBe(
          `${en('whyDecision')}: ${en('why_low_confidence', '88', '70', '92%', '95%')}`,
        );
        // Not blocked: the tab stays on the site, whose server served the page (a move to the
        // blocked page would be the background's work: once it is idle, none is coming).
        await backgroundIdle(driver);
        expect(isBlockedPage({ driver }, await tab.currentUrl())).toBe(false);
        expect(pages.requestsTo('phish-lowconf.test').map((r) => r.path)).toContain('/login');
        expect(receiver.accepted().filter((e) => e.type === 'navigation.blocked' && e.payload.url === url)).toEqual([]);
        await tab.close();
        expectNoErrors(await driver.takeErrors());
      },
      60_000,
    );

    test('a page opened while its verdict says warn is reported as link.openedAnyway, once per tab and URL', async () => {
      // The verdict of the test above (warn: low confidence) is known now, before these openings.
      const url = pages.url('phish-lowconf.test', '/login');
      const opened = () => receiver.accepted().filter((e) => e.type === 'link.openedAnyway' && e.payload.url === url);
      const a = await driver.openWebPage(url);
      // The same tab opens it again twice, as a page looping its own navigation would.
      const served = () => pages.requestsTo('phish-lowconf.test').filter((r) => r.path === '/login').length;
      for (let i = 0; i < 2; i++) {
        const before = served();
        await a.evaluate(() => void location.reload());
        await waitFor('the reload served', served, (n) => n > before, 20_000, 100);
      }
      // A second tab is its own opening: its event arriving fences the ones tab A could have sent.
      const b = await driver.openWebPage(url);
      const events = await waitFor('link.openedAnyway for both tabs', opened, (l) => l.length >= 2, 20_000, 200);
      // The background has finished with every opening (what it reports is queued in order).
      await backgroundIdle(driver);
      expect(opened()).toHaveLength(2);
      expect(events[0]!.payload).toMatchObject({
        url,
        host: 'phish-lowconf.test',
        rule: 'low-confidence',
        verdict: { riskScore: 88 },
      });
      await a.close();
      await b.close();
      expectNoErrors(await driver.takeErrors());
    }, 60_000);

    test.skipIf(blocker !== null)(
      'daily scan limit reached: the next page is not submitted, the popup says why, and it leaves once the limit allows',
      async () => {
        await configure({ maxCreditsPerDay: 2 });
        const urls = ['budget-one.test', 'budget-two.test', 'budget-three.test'].map((h) => pages.url(h, '/'));
        const sent = () => submittedUrls(svc.log);
        for (const u of urls.slice(0, 2)) {
          const tab = await driver.openWebPage(u);
          await waitFor(`${u} submitted`, sent, (s) => s.includes(u), 20_000);
          await tab.close();
        }
        const third = await driver.openWebPage(urls[2]!);
        const st = await waitFor(
          'the third page held by the daily limit',
          () => statusOf(third),
          (s) => s.status.kind === 'checking' && s.status.waiting === 'credits',
          20_000,
          200,
        );
        expect(st.status).toMatchObject({ kind: 'checking', waiting: 'credits', lastError: 'daily_budget' });
        expect(st.problem).toMatchObject({ code: 'daily_budget' });
        await backgroundIdle(driver);
        expect(sent()).not.toContain(urls[2]);
        const tabId = await driver.tabIdOf(third);
        const popup = await driver.openExtensionPage(`popup.html?tabId=${tabId}`);
        const text = await waitFor(
          'the popup to say the limit is reached',
          () => popup.evaluate(() => document.body.textContent ?? ''),
          (t) => t.includes(en('errDailyBudget')),
          15_000,
        );
        expect(text).toContain(en('errDailyBudget'));
        await popup.close();

        // Nothing silently lost: with room again, the waiting page leaves on the background's next
        // jobs wake (an alarm, every 30 s), with no step from the person.
        await configure({ maxCreditsPerDay: 3 });
        await waitFor('the held page submitted', sent, (s) => s.includes(urls[2]!), 75_000, 500);
        expect(sent().filter((u) => u === urls[2])).toHaveLength(1);
        await third.close();
        await configure({ maxCreditsPerDay: 0 });
        expectNoErrors(await driver.takeErrors());
      },
      120_000,
    );
  });

  // Audit-only is the organization's to set (a person cannot switch it on under a policy:
  // floor.ts), so its journey runs in a browser of its own whose policy sets it.
  describe(`${label}: audit-only set by the policy${blocker ? ` [SKIPPED: ${blocker}]` : ''}`, () => {
    let driver: JourneyDriver;
    let pages: PageServer;
    let svc: ScanningService;
    let receiver: ReportReceiver;
    let policy: BrowserPolicy | undefined;

    beforeAll(async () => {
      if (blocker) return;
      pages = await startPageServer();
      svc = await startService({ processingDelayMs: 300, keepAliveMs: 500 });
      receiver = await startReportReceiver();
      policy = installBrowserPolicy(kind, {
        serviceUrl: svc.baseUrl,
        apiKey: svc.demoKey,
        auditOnly: true,
        blockThreshold: 80,
        reportingUrl: receiver.url,
      });
      driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      await waitForPolicy(
        { driver },
        'the policy in force',
        (d) => d.managedKeys.includes('auditOnly') && d.managedKeys.includes('reportingUrl'),
        250,
      );
    }, 90_000);
    afterAll(async () => {
      policy?.remove(); // machine-wide: always, even after a failure
      await driver?.close();
      await pages?.stop();
      await svc?.stop();
      await receiver?.stop();
    });

    test.skipIf(blocker !== null)(
      'audit-only set by the organization: the page opens, options lists "would have blocked" with the rule, the receiver gets audit.wouldBlock; Clear empties the list',
      async () => {
        const url = pages.url('malware-audit.test', '/login');
        const tab = await driver.openWebPage(url);
        const entries = await waitFor(
          'the audit entry',
          () => request<AuditEntry[]>({ driver }, { type: 'audit.get' }),
          (l) => l.some((e) => e.url === url),
          20_000,
          200,
        );
        expect(entries.find((e) => e.url === url)).toMatchObject({
          host: 'malware-audit.test',
          wouldBe: 'block',
          via: 'navigation',
          reason: 'audit-only:band:malicious',
          rule: { rule: 'score', level: 'block', score: 95, threshold: 80 },
          verdict: { riskScore: 95, band: 'malicious' },
        });
        expect(isBlockedPage({ driver }, await tab.currentUrl())).toBe(false);
        expect(pages.requestsTo('malware-audit.test').map((r) => r.path)).toContain('/login');
        expect(await popupWhy(driver, tab)).toBe(
          `${en('whyDecision')}: ${en('why_audit_block', en('why_score_block', '95', '80'))}`,
        );

        const event = await waitFor(
          'audit.wouldBlock at the receiver',
          () => receiver.accepted().filter((e) => e.type === 'audit.wouldBlock' && e.payload.url === url),
          (l) => l.length > 0,
          20_000,
        );
        expect(event).toHaveLength(1);
        expect(event[0]!.payload).toMatchObject({
          host: 'malware-audit.test',
          rule: 'audit-only:band:malicious',
          verdict: { riskScore: 95, band: 'malicious', categories: ['malware'] },
        });

        const options = await driver.openExtensionPage('options.html#audit');
        const row = await waitFor(
          'the audit row in options',
          () =>
            options.evaluate(
              (u) =>
                [...document.querySelectorAll('section#audit tbody tr')]
                  .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''))
                  .find((cells) => cells[1] === u) ?? null,
              url,
            ),
          (r) => r !== null,
          15_000,
        );
        expect(row!.slice(1)).toEqual([
          url,
          en('auditWouldBlock'),
          en('auditVerdict', '95', en('band_malicious')),
          en('why_score_block', '95', '80'),
        ]);
        await options.click('button', en('clearAudit'));
        await options.click('button', en('confirm'));
        await waitFor(
          'the list emptied',
          () => options.evaluate(() => document.querySelectorAll('section#audit tbody tr').length),
          (n) => n === 0,
          10_000,
        );
        expect(await request<AuditEntry[]>({ driver }, { type: 'audit.get' })).toEqual([]);
        await options.close();
        await tab.close();
        expectNoErrors(await driver.takeErrors());
      },
      90_000,
    );
  });
}
