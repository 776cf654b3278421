// The organization's policy is a floor the person can only raise, and "Proceed anyway" past a
// block without a verdict lets one address through once (src/shared/policy/floor.ts, proceed.ts),
// in Chromium and Firefox under a real policy (Chromium's policy file, Firefox's policies.json),
// asserting what the sites' servers and the service received:
//
// | state (policy: service, block list, strict mode "block")      | target                     | outcome                                   |
// | ------------------------------------------------------------- | -------------------------- | ----------------------------------------- |
// | the person ticks audit-only, unticks checks and strict mode   | the settings               | refused; the policy's values stay in force |
// | same                                                          | the organization's list    | blocked, 0 requests                       |
// | same                                                          | a phishing page            | blocked, 0 requests, scanned once         |
// | out of credits (strict:credits, no verdict): proceed          | that page                  | loads once (1 request)                    |
// | same, then                                                    | another path of the host   | blocked, 0 requests (no host exception)   |
// | same, then                                                    | the same page again        | blocked, no new request (the pass is used) |
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers } from './harness';
import type { JourneyPage } from './harness/driver';
import { browserPolicyBlocker } from './harness/browser-policy';
import { settledBlockedDetails, visitBlocked } from './harness/blocked-page';
import { siteHits } from './harness/site-hits';
import { request, startWorld, stopWorld, waitForPolicy, type World } from './harness/world';
import { waitFor } from './harness/wait-for';
import { postsWith } from '../shared/service-log';
import type { BlockedDetailsData, SettingsData, SettingsWriteData } from '../../src/shared/messaging/protocol';

const ORG_BLOCKED = 'org-floor.test';
/** Where the journeys' links are clicked from: on the policy's allowlist, so strict mode never holds the start page itself. */
const START = 'start-floor.test';

/** Requests `host` received, only those for exactly `path` if given. */
const hits = (w: World, host: string, path?: string) =>
  siteHits(w, host, path === undefined ? undefined : (p) => p === path);
/** The service's scans whose request names `host`. */
const postsFor = (w: World, host: string) => postsWith(w.svc.log, host).length;

/** From a start page, as a click would: the tab lands on the blocked page (settled, not pending). */
async function blockedVisit(
  w: World,
  url: string,
  startHost: string,
): Promise<{ tab: JourneyPage; details: BlockedDetailsData }> {
  const { tab, token } = await visitBlocked(w, url, startHost);
  const details = await settledBlockedDetails(w, token);
  return { tab, details };
}

async function personCannotSwitchItOff(w: World): Promise<void> {
  const r = await request<SettingsWriteData>(w, {
    type: 'settings.set',
    patch: { auditOnly: true, scanNavigations: false, strictMode: false, strictFailMode: 'allow', blockThreshold: 99 },
  });
  expect(Object.keys(r.refused ?? {}).sort()).toEqual([
    'auditOnly',
    'blockThreshold',
    'scanNavigations',
    'strictFailMode',
    'strictMode',
  ]);
  const { settings: s, locked } = await request<SettingsData>(w, { type: 'settings.get' });
  expect(s).toMatchObject({
    auditOnly: false,
    scanNavigations: true,
    strictMode: true,
    strictFailMode: 'block',
    blockThreshold: 76,
  });
  expect(locked).toEqual(expect.arrayContaining(['auditOnly', 'scanNavigations', 'strictMode', 'strictFailMode']));

  const org = await blockedVisit(w, w.pages.url(`a.${ORG_BLOCKED}`, '/'), `org.${START}`);
  expect(org.details.reason).toBe('blocklist');
  expect(hits(w, `a.${ORG_BLOCKED}`)).toBe(0);
  const phishHost = `phish-floor-${w.driver.kind}.test`;
  const phish = await blockedVisit(w, w.pages.url(phishHost, '/login'), `phish.${START}`);
  expect(phish.details.reason).toBe('band:malicious');
  expect(hits(w, phishHost)).toBe(0); // strict mode's hold: the request never left
  expect(postsFor(w, phishHost)).toBe(1);
  for (const t of [org.tab, phish.tab]) await t.close();
}

async function proceedOnceWithoutVerdict(w: World): Promise<void> {
  w.svc.setCredits(0);
  try {
    const host = `no-verdict-${w.driver.kind}.test`;
    const url = w.pages.url(host, '/a?x=1');
    const first = await blockedVisit(w, url, `nov-1.${START}`);
    expect(first.details).toMatchObject({ reason: 'strict:credits', canProceed: true });
    await first.tab.click('button', 'Proceed anyway');
    await waitFor(
      'the page itself',
      () => first.tab.currentUrl(),
      (u) => u === url,
      10_000,
    );
    expect(hits(w, host, '/a?x=1')).toBe(1);
    // No exception for the host: another path of it is blocked before its request …
    const other = await blockedVisit(w, w.pages.url(host, '/b'), `nov-2.${START}`);
    expect(other.details.reason).toBe('strict:credits');
    expect(hits(w, host, '/b')).toBe(0);
    // … and the pass was used by that one navigation: the same page again is blocked too.
    const again = await blockedVisit(w, url, `nov-3.${START}`);
    expect(again.details.reason).toBe('strict:credits');
    expect(hits(w, host, '/a?x=1')).toBe(1);
    const listed = await request<{ items: Array<{ kind: string; host: string }> }>(w, { type: 'exceptions.list' });
    expect(listed.items.filter((i) => i.kind === 'exception')).toEqual([]);
    for (const t of [first.tab, other.tab, again.tab]) await t.close();
  } finally {
    w.svc.setCredits(100_000);
  }
}

for (const kind of selectedBrowsers()) {
  const blocker = browserPolicyBlocker(kind);
  if (blocker) console.warn(`policy-floor.e2e (${kind}): SKIPPING, the policy cannot be installed: ${blocker}`);
  describe.skipIf(blocker !== null)(
    `${kind}: the policy is a floor; proceeding without a verdict is one address, once${blocker ? ` [SKIPPED: ${blocker}]` : ''}`,
    () => {
      let w: World;
      const apiKey = `llk_floor_${Math.random().toString(36).slice(2)}`;

      beforeAll(async () => {
        w = await startWorld(kind, {
          service: { demoKey: apiKey, initialCredits: 100_000 },
          // A policy as an administrator would write it: neither audit-only nor the checks named.
          policy: (svc) => ({
            serviceUrl: svc.baseUrl,
            apiKey,
            blocklist: [ORG_BLOCKED],
            allowlist: [START],
            strictMode: true,
            strictFailMode: 'block',
            strictTimeoutMs: 1500,
          }),
        });
        await waitForPolicy(
          w,
          'the policy read',
          (d) => d.managedKeys.includes('strictMode') && d.settings.serviceUrl === w.svc.baseUrl,
        );
      }, 90_000);
      afterAll(() => stopWorld(w ?? {})); // the policy is machine-wide: removed always, even after a failure

      test(
        'a person cannot switch the policy off: audit-only, unticked checks and strict mode are refused; the lists and the hold stay',
        () => personCannotSwitchItOff(w),
        90_000,
      );
      test(
        '"Proceed anyway" past a block without a verdict: that address once, never the host',
        () => proceedOnceWithoutVerdict(w),
        90_000,
      );
    },
  );
}
