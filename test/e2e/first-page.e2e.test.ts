// A phishing URL as the browser's first page: the browser is started with it on its command line,
// as a mail client does when a link is opened while the browser is closed, and Linklens runs
// under the organization's policy (service URL and key; strict mode on or off). The page loads
// while the browser starts, before or while Linklens' background starts listening:
//
// | run                                   | first page | outcome                                                   |
// | --------------------------------------- | ---------- | --------------------------------------------------------- |
// | after a restart (Linklens ran before)   | phishing   | checked by the service, its tab ends on the blocked page; |
// |                                         |            | Firefox: its server gets no request at all                |
// | same                                    | safe       | checked by the service, its tab ends showing the page     |
//
// Why Firefox's site gets nothing after a restart and Chromium's may: Firefox starts the add-on
// with its stored rules (the startup hold, net-rules.ts) before it loads the start page, while
// Chromium loads the command-line page before an unpacked extension's rules are in force (it
// installs a --load-extension extension anew at every start). In Chromium Linklens checks the page
// once it runs (recheckOpenTabs on install) and moves a phishing one to the blocked page.
//
// Not here: a fresh profile (Linklens installed as the browser starts, not by the policy). Its
// store knows no policy yet and does not count itself as starting (settings-store.ts), so its
// first pages are looked at before the policy is read and not again after: an open gap
// (docs/decisions/005-policy-floor.md).
//
// One profile per case: its first launch is the run before its restart (Linklens has started
// under the policy on it, its startup hold stored). One start URL per launch, as a mail client
// passes (headless Chromium refuses more), with a URL of its own per launch so that no verdict is
// reused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers, startPageServer, type PageServer } from './harness';
import { backgroundIdle } from './harness/background-idle';
import { isBlockedPage } from './harness/blocked-page';
import { browserPolicyBlocker, installBrowserPolicy, type BrowserPolicy } from './harness/browser-policy';
import { launchOnProfile, type ProfileBrowser } from './harness/profile-browser';
import { siteHits } from './harness/site-hits';
import { waitFor } from './harness/wait-for';
import { FAST_PROCESSING_MS } from './harness/world';
import { postsFor } from '../shared/service-log';
import { startService, type ScanningService } from '../service/server';
import { STARTED_PRIORITY, STARTUP_HOLD_PRIORITY } from '../../src/shared/policy/net-rules';
import type { BlockedDetailsData, SettingsData } from '../../src/shared/messaging/protocol';

/** How long a first page may take to be checked, and its tab to settle (normally a few seconds). */
const SETTLE_MS = 15_000;

async function ask<T>(b: ProfileBrowser, message: unknown): Promise<T> {
  const reply = await b.sendExtensionMessage<T>(message);
  if (!reply || reply.ok !== true) throw new Error(`${JSON.stringify(message)} was refused: ${JSON.stringify(reply)}`);
  return reply.data;
}

/** The blocked URL of every tab on the blocked page, and every other tab's URL as it is. */
async function tabsShowing(b: ProfileBrowser): Promise<string[]> {
  const shown: string[] = [];
  for (const url of await b.tabUrls()) {
    if (!isBlockedPage({ driver: b }, url)) shown.push(url);
    else {
      const token = new URL(url).searchParams.get('t');
      shown.push(`blocked: ${(await ask<BlockedDetailsData>(b, { type: 'blocked.details', token })).url}`);
    }
  }
  return shown;
}

/**
 * Linklens has started under the policy: it read it (the service, strict mode as set), stored the
 * startup hold that stands at the next start and released it for this session, and has nothing
 * in flight. What the restart cases need of the run before.
 */
async function startedUnderPolicy(b: ProfileBrowser, svc: ScanningService, strict: boolean): Promise<void> {
  await waitFor(
    'the policy read',
    () => ask<SettingsData>(b, { type: 'settings.get' }),
    (d) =>
      d.managedKeys.includes('serviceUrl') && d.settings.serviceUrl === svc.baseUrl && d.settings.strictMode === strict,
    30_000,
  );
  await waitFor(
    'the startup hold stored and released for the session',
    () => b.extensionRules(),
    (r) =>
      r.dynamic.some((x) => x.priority === STARTUP_HOLD_PRIORITY) &&
      r.session.some((x) => x.priority === STARTED_PRIORITY),
  );
  await backgroundIdle(b);
}

/** The service was asked about `url`, and its tab ends blocked (phishing) or showing it. */
async function checkedAndSettled(b: ProfileBrowser, svc: ScanningService, url: string, phishing: boolean) {
  const want = phishing ? `blocked: ${url}` : url;
  // Both waits run before asserting, so a miss is reported with what the tabs showed.
  const checked = await waitFor(
    `a scan request for ${url}`,
    () => postsFor(svc.log, url),
    (n) => n >= 1,
    SETTLE_MS,
  ).then(
    () => true,
    () => false,
  );
  // A safe page "ends" shown once its verdict is in and the background has acted on it.
  if (checked && !phishing) {
    await waitFor(
      'its verdict',
      () => svc.scans().find((s) => s.url === url)?.state,
      (s) => s === 'COMPLETED',
    );
    await backgroundIdle(b);
  }
  const shown = await waitFor(
    `a tab showing ${want}`,
    () => tabsShowing(b),
    (t) => t.includes(want),
    SETTLE_MS,
  ).catch(() => tabsShowing(b));
  expect.soft(checked, `the service got no request for ${url}; the tabs show ${JSON.stringify(shown)}`).toBe(true);
  expect.soft(shown, `the tabs show ${JSON.stringify(shown)}`).toContain(want);
  if (phishing) expect.soft(shown, 'a tab still shows the phishing page').not.toContain(url);
}

for (const kind of selectedBrowsers()) {
  const blocker = browserPolicyBlocker(kind);
  if (blocker) console.warn(`first-page.e2e (${kind}): SKIPPING, the policy cannot be installed: ${blocker}`);
  for (const strict of [true, false]) {
    const mode = strict ? 'strict' : 'open';
    describe.skipIf(blocker !== null)(
      `${kind}, strict mode ${strict ? 'on' : 'off'}: the browser's first page, from the command line${blocker ? ` [SKIPPED: ${blocker}]` : ''}`,
      () => {
        let pages: PageServer;
        let svc: ScanningService;
        let policy: BrowserPolicy | undefined;

        beforeAll(async () => {
          pages = await startPageServer();
          svc = await startService({ processingDelayMs: FAST_PROCESSING_MS, keepAliveMs: 500 });
          // Before the first launch: Firefox reads policies at start-up only.
          policy = installBrowserPolicy(kind, { serviceUrl: svc.baseUrl, apiKey: svc.demoKey, strictMode: strict });
        });
        afterAll(async () => {
          policy?.remove(); // machine-wide: first, even after a failure
          await pages?.stop();
          await svc?.stop();
        });

        for (const phishing of [true, false]) {
          const host = (stage: string) => `${phishing ? 'phish-' : ''}first-${stage}-${mode}.test`;
          const urlOf = (stage: string) => pages.url(host(stage), '/login');
          const ends = phishing ? 'its tab ends on the blocked page' : 'its tab ends showing the page';

          describe(`a ${phishing ? 'phishing' : 'safe'} first page`, () => {
            let profile: string;
            let b: ProfileBrowser | undefined;
            beforeAll(() => {
              profile = mkdtempSync(join(tmpdir(), `linklens-first-page-${kind}-`));
            });
            afterAll(async () => {
              await b?.close();
              if (profile) rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
            });

            test(`after a restart: checked, ${ends}${phishing && kind === 'firefox' ? '; its server got nothing' : ''}`, async () => {
              // The run before: Linklens installs and starts under the policy, no start page.
              b = await launchOnProfile(kind, profile);
              await startedUnderPolicy(b, svc, strict);
              await b.close();
              b = undefined;
              b = await launchOnProfile(kind, profile, { startUrl: urlOf('restart') });
              await checkedAndSettled(b, svc, urlOf('restart'), phishing);
              const hits = siteHits({ pages }, host('restart'));
              if (phishing && kind === 'firefox') expect(hits, 'requests the phishing site received').toBe(0);
              // Chromium loads the command-line page before an unpacked extension's rules are in
              // force, so its server may be asked; only recorded.
              else console.info(`${kind} ${mode} restart ${host('restart')}: its server got ${hits} requests`);
            });
          });
        }
      },
    );
  }
}
