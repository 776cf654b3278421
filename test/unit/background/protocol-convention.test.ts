/**
 * Convention (three layers of tests): every message type in protocol.ts has a handler in the router, and
 * a privileged type is refused from a content script. Adding a type without a sample here, or
 * without a handler, fails this test.
 */
import { describe, it, expect, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  PRIVILEGED_TYPES,
  CONTENT_TYPES,
  PageToBackground,
  ContentToBackground,
} from '@/src/shared/messaging/protocol';
import { startBackground } from '@/src/background/main';
import { createRouter } from '@/src/background/router';
import { contentSender } from './harness/senders';

const ID = 'test-extension-id';
const page = { id: ID, url: `chrome-extension://${ID}/options.html`, origin: `chrome-extension://${ID}` };
const content = contentSender(4, { url: 'https://site.example/' });

const SAMPLES: Record<string, Record<string, unknown>> = {
  'signin.check': { trigger: 'load' },
  'page.hold': { wait: false },
  'tab.status': { tabId: 1 },
  'scan.url': { url: 'https://a.example/', reason: 'popup' },
  'scan.pagePreview': { tabId: 1 },
  'scan.pageLinks': { tabId: 1 },
  'scan.progress': { tabId: 1 },
  'scan.get': { id: 'scn_1' },
  'scan.analytics': { id: 'scn_1' },
  'scans.list': {},
  'settings.get': {},
  'settings.set': { patch: { hoverDelayMs: 400 } },
  'settings.import': { json: '{"hoverDelayMs": 500}' },
  'settings.legacyHeld': {},
  'settings.legacyHeld.clear': {},
  'connection.test': { serviceUrl: 'http://scanner.example.com', apiKey: 'k' },
  'keys.list': {},
  'keys.create': { name: 'n', scopes: ['SCAN_WRITE'] },
  'keys.revoke': { id: 'k1' },
  'credits.get': {},
  'credits.purchase': { amount: 5 },
  'account.get': {},
  'account.put': { settings: {} },
  'blocked.details': { token: '00000000-0000-0000-0000-000000000000' },
  'blocked.proceed': { token: '00000000-0000-0000-0000-000000000000' },
  'blocked.back': { token: '00000000-0000-0000-0000-000000000000' },
  'allowlist.add': { host: 'a.example' },
  'allowlist.remove': { host: 'a.example' },
  'blocklist.add': { host: 'b.example' },
  'blocklist.remove': { host: 'b.example' },
  'pause.set': { until: 0 },
  'ledger.get': {},
  'ledger.clear': {},
  'audit.get': {},
  'audit.clear': {},
  'cache.stats': {},
  'cache.clear': {},
  'history.get': {},
  'history.clear': {},
  'verdict.dispute': { url: 'https://a.example/' },
  'reporting.status': {},
  'org.support': {},
  'signin.status': { tabId: 1 },
  'exceptions.list': {},
  'exceptions.revoke': { host: 'a.example' },
  'exceptions.revokeAll': {},
  'visits.wereThere': {},
  'visits.dismiss': { host: 'a.example' },
  'visits.clear': {},
  'test.idle': {},
  'password.typed': {},
  'links.lookup': { urls: ['https://a.example/'] },
  'report.open': { url: 'https://a.example/' },
  'link.hover': { url: 'https://a.example/' },
  'link.activated': { url: 'https://a.example/' },
  'config.get': {},
};

let route: ReturnType<typeof createRouter>;
beforeEach(() => {
  fakeBrowser.reset();
  Object.assign(fakeBrowser.contextMenus, {
    create: vi.fn(),
    removeAll: vi.fn(async () => undefined),
    onClicked: { addListener: vi.fn() },
  });
  Object.assign(fakeBrowser.notifications, { create: vi.fn(async () => 'id'), onClicked: { addListener: vi.fn() } });
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(undefined as never);
  route = createRouter(startBackground());
});

describe('protocol conventions', () => {
  it('has a sample for every message type', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...PRIVILEGED_TYPES, ...CONTENT_TYPES].sort());
  });

  it.each(Object.entries(SAMPLES))('%s is valid and has a handler', async (type, rest) => {
    const m = { type, ...rest };
    const privileged = (PRIVILEGED_TYPES as string[]).includes(type);
    expect((privileged ? PageToBackground : ContentToBackground).safeParse(m).success).toBe(true);
    const r = await route(m, privileged ? page : content);
    if (!r.ok) {
      expect(r.error.code).not.toBe('invalid_message');
      expect(r.error.code).not.toBe('internal');
    }
  });

  it('no content-tier message grants a pass, changes settings or opens anything but the report page (docs/decisions/001-content-tier.md)', () => {
    // signin.check (docs/decisions/016-organizations.md) only asks whether the sender's own page is a look-alike;
    // report.open (docs/decisions/017-surfaces.md) only opens our report page for a flagged link of the sender's, a few
    // times per tab (report-open.test.ts): the dispute itself stays privileged (verdict.dispute);
    // link.activated only tells the budgets a navigation is the person's; its own site's budgets still bound it;
    // password.typed only marks the sender's own host for the password advice (password-typed.test.ts);
    // page.hold only asks whether the sender's own top page is still being checked.
    expect(CONTENT_TYPES).toEqual([
      'links.lookup',
      'link.hover',
      'link.activated',
      'config.get',
      'signin.check',
      'report.open',
      'password.typed',
      'page.hold',
    ]);
    expect(PRIVILEGED_TYPES).toContain('verdict.dispute');
    expect(ContentToBackground.safeParse({ type: 'link.proceed', url: 'https://a.example/' }).success).toBe(false);
  });

  it.each(PRIVILEGED_TYPES)('%s is refused from a content script', async (type) => {
    const r = await route({ type, ...SAMPLES[type] }, content);
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });
});
