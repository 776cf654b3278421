// Reporting to the organization (docs/decisions/016-organizations.md), in both browsers, configured the way a fleet is:
// Chromium by a policy file in /etc/chromium/policies/managed, Firefox by policies.json in its
// distribution folder. A real receiving server on loopback records what arrives. The scripted
// journey: pause → (receiver starts failing) → resume → settings change → the background is
// stopped → (receiver recovers) → the alarm wakes it and the queue is delivered. Every event
// must be accepted exactly once, with the token only in the Authorization header.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers } from './harness';
import type { JourneyDriver } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { installExtensionPolicy, policyInstallBlocker } from './harness/chromium-policy';
import { firefoxPolicyBlocker, installFirefoxPolicy } from './harness/firefox-policy';
import { startReportReceiver, type ReportReceiver } from './harness/report-receiver';
import { waitFor } from './harness/wait-for';
import type { ReportingStatusData } from '../../src/shared/messaging/protocol';

/** wxt.config.ts DEV_EXTENSION_ID (policy.e2e.test.ts). */
const DEV_EXTENSION_ID = 'agngngjdpdjnnagefhncdooclophbehk';
const TOKEN = `rt_e2e_${Math.random().toString(36).slice(2)}`;
/** Long enough that Firefox's event page idles out (4 s) before the retry, so the retry needs the alarm. */
const RETRY_AFTER_S = 15;

const BROWSERS = {
  chromium: {
    driver: chromiumDriver,
    blocker: policyInstallBlocker,
    install: (values: Record<string, unknown>) =>
      installExtensionPolicy(DEV_EXTENSION_ID, values, 'linklens-reporting-test.json'),
  },
  firefox: {
    driver: firefoxDriver,
    blocker: firefoxPolicyBlocker,
    install: (values: Record<string, unknown>) => installFirefoxPolicy(values),
  },
};

for (const kind of selectedBrowsers()) {
  const b = BROWSERS[kind];
  const blocker = b.blocker();
  // Printed at collection, so the reason shows with a quiet reporter too.
  if (blocker) console.warn(`reporting.e2e (${kind}): SKIPPING, the policy cannot be installed: ${blocker}`);

  describe(`${kind}: reporting to the organization, configured by policy`, () => {
    let receiver: ReportReceiver;
    let policy: { remove(): void } | undefined;
    let driver: JourneyDriver;
    const deviceTag = `LAPTOP-${kind}`;

    beforeAll(async () => {
      if (blocker) return;
      receiver = await startReportReceiver();
      // Before the launch: the first storage.managed read already has it (Firefox reads it only then).
      policy = b.install({ reportingUrl: receiver.url, reportingToken: TOKEN, deviceTag, userTag: 'jdoe' });
      driver = await b.driver({ extensionDir: extensionDir(kind) });
    }, 60_000);
    afterAll(async () => {
      policy?.remove(); // machine-wide: always, even after a failure
      await driver?.close();
      await receiver?.stop();
    });

    const status = async () => {
      const r = await driver.sendExtensionMessage<ReportingStatusData>({ type: 'reporting.status' });
      if (!r.ok) throw new Error(JSON.stringify(r));
      return r.data;
    };
    const send = async (message: unknown) => {
      const r = await driver.sendExtensionMessage(message);
      if (!r.ok) throw new Error(`${JSON.stringify(message)} refused: ${JSON.stringify(r)}`);
    };

    test.skipIf(blocker !== null)(
      `the journey's events arrive exactly once, across a failing receiver and a stopped background${blocker ? ` [SKIPPED: ${blocker}]` : ''}`,
      async () => {
        // The policy reached the background (a fresh profile's first storage.managed read is slow).
        const s0 = await waitFor('reporting enabled by the policy', status, (s) => s.enabled && s.tokenSet, 30_000);
        expect(s0).toMatchObject({ url: receiver.url, deviceTag, userTag: 'jdoe', queued: 0 });

        // 1. Pause: delivered while the receiver works.
        await send({ type: 'pause.set', until: Date.now() + 3_600_000 });
        await waitFor(
          'protection.paused at the receiver',
          () => receiver.accepted().map((e) => e.type),
          (t) => t.includes('protection.paused'),
          20_000,
        );

        // 2. The receiver fails for a while; resume and a settings change are queued.
        receiver.failWith = RETRY_AFTER_S;
        // A change the person may make under any policy: a stricter setting (floor.ts); a looser one is refused.
        await send({ type: 'pause.set', until: 0 });
        await send({ type: 'settings.set', patch: { warnThreshold: 40 } });
        const failed = await waitFor(
          'a refused delivery carrying both',
          () => receiver.requests.filter((r) => r.status === 503).flatMap((r) => r.events.map((e) => e.type)),
          (t) => t.includes('protection.resumed') && t.includes('settings.changed'),
          20_000,
        );
        expect(failed.length).toBeGreaterThanOrEqual(2);

        // 3. The background stops with the events still queued (in storage only).
        const suspension = await driver.suspendBackground();
        expect(suspension.state).toBe('stopped');

        // 4. The receiver recovers; nothing is sent to the extension: its alarm must wake it.
        receiver.failWith = null;
        await waitFor(
          'the queued events delivered after the wake',
          () => receiver.accepted().map((e) => e.type),
          (t) => t.includes('protection.resumed') && t.includes('settings.changed'),
          90_000,
          250,
        );

        const accepted = receiver.accepted();
        // Exactly once each: no event accepted twice, and exactly the journey's events.
        const ids = accepted.map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(accepted.map((e) => e.type).sort()).toEqual([
          'protection.paused',
          'protection.resumed',
          'settings.changed',
        ]);
        expect(accepted.find((e) => e.type === 'settings.changed')!.payload).toEqual({
          source: 'options',
          changes: [{ key: 'warnThreshold', value: 40 }],
        });
        for (const e of accepted)
          expect(e).toMatchObject({ deviceTag, userTag: 'jdoe', extensionVersion: expect.any(String) });
        // The resend after the failures carried the same ids (idempotent), not new copies.
        const failedIds = new Set(
          receiver.requests.filter((r) => r.status === 503).flatMap((r) => r.events.map((e) => e.id)),
        );
        for (const e of accepted.filter((x) => x.type !== 'protection.paused')) expect(failedIds.has(e.id)).toBe(true);

        // The token travels only in the Authorization header; no body holds it.
        for (const r of receiver.requests) {
          expect(r.method).toBe('POST');
          expect(r.headers.authorization).toBe(`Bearer ${TOKEN}`);
          expect(r.headers['content-type']).toBe('application/json');
          expect(r.raw).not.toContain(TOKEN);
        }

        const s1 = await status();
        expect(s1).toMatchObject({ queued: 0, dropped: 0, last: { ok: true, status: 204 } });
        expect(s1.deliveredTotal).toBe(3);
      },
      180_000,
    );

    test.skipIf(blocker !== null)(
      `options shows what is reported and to whom, never the token${blocker ? ` [SKIPPED: ${blocker}]` : ''}`,
      async () => {
        await waitFor('reporting enabled by the policy', status, (s) => s.enabled, 30_000);
        const page = await driver.openExtensionPage('options.html#reporting');
        const text = await waitFor(
          'the reporting section',
          () => page.evaluate(() => document.querySelector('section#reporting')?.textContent ?? ''),
          (t) => t.includes('protection.paused'),
          15_000,
        );
        expect(text).toContain(receiver.url);
        expect(text).toContain(deviceTag);
        expect(text).toContain('set by your organization (not shown)');
        for (const type of [
          'navigation.blocked',
          'navigation.proceeded',
          'link.openedAnyway',
          'audit.wouldBlock',
          'settings.changed',
          'lookalike.seen',
          'service.unreachable',
        ])
          expect(text).toContain(type);
        const whole = await page.evaluate(() => document.documentElement.outerHTML);
        expect(whole).not.toContain(TOKEN);
        await page.close();
      },
      60_000,
    );
  });
}
