/**
 * "Report a mistake" from the tooltip (docs/decisions/017-surfaces.md): report.open over the wired background
 * (fakeBrowser + the real local service). A content script may be the attacker's: it opens our
 * report page only for a flagged link its own document reported, a few times per tab, and
 * spends nothing (the service gets no new scan). Also the example table of the per-tab limit.
 */
import { describe, it, expect, beforeAll, afterAll, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import { submittedUrls } from '../../../shared/service-log';
import type { SenderLike } from '@/src/background/router';
import { knownStatus, setupApp } from '../harness/app';
import { contentSender } from '../harness/senders';
import {
  createReportOpenLimit,
  reportOpenDecision,
  REPORT_OPENS_PER_TAB,
} from '@/src/background/content-tier/report-open';
import { REPORT_OPEN_EXAMPLES } from '@/src/background/content-tier/report-open.examples';
import { reportQuery } from '@/src/background/handlers/report-open';
import { waitFor } from '../harness/worker';
import { whenIdle } from '@/src/background/idle';

describe('reportOpenDecision (examples)', () => {
  it.each(REPORT_OPEN_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(reportOpenDecision(row.earlier, row.now)).toEqual({ allowed: row.allowed, kept: row.kept });
  });

  it('counts per tab, and a closed tab is forgotten', async () => {
    fakeBrowser.reset();
    const limit = createReportOpenLimit();
    const takes: boolean[] = [];
    for (let i = 0; i < 5; i++) takes.push(await limit.take(1, 1000));
    expect(takes).toEqual([true, true, true, false, false]);
    expect(await limit.take(2, 1000)).toBe(true);
    await limit.forgetTab(1);
    expect(await limit.take(1, 1000)).toBe(true);
  });

  it('a page looping the message at once gets three, not one per message in flight', async () => {
    fakeBrowser.reset();
    const limit = createReportOpenLimit();
    const takes = await Promise.all(Array.from({ length: 8 }, () => limit.take(4, 1000)));
    expect(takes.filter(Boolean)).toHaveLength(REPORT_OPENS_PER_TAB);
  });

  it('the counts outlive the worker: a new worker life (a new limit, the same storage.session) still refuses', async () => {
    fakeBrowser.reset();
    const first = createReportOpenLimit();
    for (let i = 0; i < REPORT_OPENS_PER_TAB; i++) expect(await first.take(3, 1000)).toBe(true);
    const afterRestart = createReportOpenLimit();
    expect(await afterRestart.take(3, 2000)).toBe(false);
    // …and ten minutes on, the tab may again.
    expect(await afterRestart.take(3, 1000 + 10 * 60_000)).toBe(true);
  });

  it('a damaged stored list reads as no opens, and is replaced', async () => {
    fakeBrowser.reset();
    await fakeBrowser.storage.session.set({ reportOpens: [[3, 'x'], 'junk'] });
    const limit = createReportOpenLimit();
    expect(await limit.take(3, 1000)).toBe(true);
    expect((await fakeBrowser.storage.session.get('reportOpens')).reportOpens).toEqual([[3, [1000]]]);
  });

  it('opens the scan of a verdict, or says a block list decided when there is no scan', () => {
    expect(reportQuery({ kind: 'verdict', verdict: { scanId: 'scn_a/b' } })).toBe('id=scn_a%2Fb');
    expect(reportQuery({ kind: 'blocklisted' })).toBe('skipped=blocklisted');
  });
});

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const frameSender = (tabId: number, documentId = 'doc-1'): SenderLike =>
  contentSender(tabId, { url: 'https://forum.example/', documentId });

describe('report.open from a content script', () => {
  const w = setupApp(() => svc);
  const route: typeof w.route = (m, sender) => w.route(m, sender);
  let created: string[];

  beforeEach(() => {
    // After setupApp's own beforeEach (it restores every mock first): pushes to pages go nowhere,
    // and the tabs the background opens are recorded.
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation((async () => undefined) as never);
    created = [];
    vi.spyOn(fakeBrowser.tabs, 'create').mockImplementation(
      (async (p: { url?: string }) => (created.push(p.url ?? ''), { id: 99 })) as never,
    );
  });

  /** The frame hovers `url` and waits until its verdict is known. */
  async function hovered(tabId: number, url: string): Promise<void> {
    await route({ type: 'link.hover', url }, frameSender(tabId));
    await waitFor(async () => (await knownStatus(w.app, url)) === 'verdict' || null);
  }

  it('opens the report page of the flagged link’s scan; nothing is sent to the service', async () => {
    const url = 'https://phish-report.example/login';
    await hovered(3, url);
    const before = submittedUrls(svc.log).length;
    const r = await route({ type: 'report.open', url }, frameSender(3));
    expect(r).toEqual({ ok: true, data: null });
    expect(created).toHaveLength(1);
    const opened = new URL(created[0]!);
    expect(opened.pathname).toBe('/report.html');
    expect(opened.searchParams.get('id')).toMatch(/^scn_/);
    await whenIdle();
    expect(submittedUrls(svc.log)).toHaveLength(before);
  });

  it(`a page looping the message opens at most ${REPORT_OPENS_PER_TAB} report pages per tab`, async () => {
    const url = 'https://malware-loop.example/';
    await hovered(4, url);
    const replies = [];
    for (let i = 0; i < 10; i++) replies.push(await route({ type: 'report.open', url }, frameSender(4)));
    expect(replies.filter((r) => r.ok)).toHaveLength(REPORT_OPENS_PER_TAB);
    expect(replies.slice(REPORT_OPENS_PER_TAB).every((r) => !r.ok && r.error.code === 'rate_limited')).toBe(true);
    expect(created).toHaveLength(REPORT_OPENS_PER_TAB);
  });

  it('refuses a link the document never reported, a safe link, and a URL it only names', async () => {
    const safe = 'https://safe-report.example/';
    await hovered(5, safe);
    expect(await route({ type: 'report.open', url: safe }, frameSender(5))).toMatchObject({
      ok: false,
      error: { code: 'not_flagged' },
    });
    // Flagged, but reported by another document (another page in the same tab): not this one's.
    const bad = 'https://phish-elsewhere.example/';
    await hovered(5, bad);
    expect(await route({ type: 'report.open', url: bad }, frameSender(5, 'doc-2'))).toMatchObject({
      ok: false,
      error: { code: 'not_flagged' },
    });
    // Never reported by anyone.
    expect(await route({ type: 'report.open', url: 'https://phish-never.example/' }, frameSender(5))).toMatchObject({
      ok: false,
      error: { code: 'not_flagged' },
    });
    expect(created).toEqual([]);
    expect(submittedUrls(svc.log)).not.toContain('https://phish-never.example/');
  });
});
