/**
 * Audit-only mode's list (docs/decisions/017-surfaces.md): what would have been blocked or warned about is recorded
 * (bounded, one entry per URL, repeats within a minute not added or reported twice), survives a
 * new background life, keeps private-window entries in memory only, drops entries it cannot
 * read one by one, and is reported as audit.wouldBlock for would-block.
 */
import { describe, it, expect, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AUDIT_CAP, REPEAT_MS, clearAudit, readAudit, recordAudit, withEntry } from '@/src/background/state/audit-log';
import { auditEntryOf, noteAudit } from '@/src/background/protection/audit-trail';
import { incognitoUrls } from '@/src/background/state/incognito-urls';
import { readAll, writeKey } from '@/src/background/state/kv';
import { decide } from '@/src/shared/policy/decide';
import { DECIDE_BASE_SETTINGS } from '@/src/shared/policy/decide.examples';
import type { AuditEntry } from '@/src/shared/messaging/protocol';
import type { UrlStatus, Verdict } from '@/src/shared/verdict';
import * as hooks from '@/src/background/reporting/hooks';

beforeEach(async () => {
  fakeBrowser.reset();
  await clearAudit(); // also this module's in-memory (private-window) entries
});

const entry = (url: string, at: number, wouldBe: 'block' | 'warn' = 'block'): AuditEntry => ({
  url,
  host: new URL(url).hostname,
  wouldBe,
  via: 'navigation',
  verdict: { scanId: 'scn_1', riskScore: 88, band: 'malicious', categories: ['phishing'] },
  reason: 'audit-only:band:malicious',
  rule: { rule: 'score', level: 'block', score: 88, threshold: 76 },
  at,
});

const verdict = (url: string, riskScore: number): Verdict => ({
  url,
  scanId: 'scn_9',
  riskScore,
  band: riskScore >= 76 ? 'malicious' : 'high',
  confidence: 0.9,
  categories: ['phishing'],
  reasoning: '',
  indicators: [],
  checkedAt: 1,
});
const auditStatus = (url: string, score: number): UrlStatus => {
  const v = verdict(url, score);
  return {
    kind: 'verdict',
    verdict: v,
    decision: decide(v, { ...DECIDE_BASE_SETTINGS, auditOnly: true }, { host: new URL(url).hostname }),
  };
};

describe('withEntry (pure)', () => {
  it('adds newest first, one entry per URL, bounded', () => {
    let list: AuditEntry[] = [];
    for (let i = 0; i < AUDIT_CAP + 5; i++) list = withEntry(list, entry(`https://s${i}.example/`, i * REPEAT_MS))!;
    expect(list).toHaveLength(AUDIT_CAP);
    expect(list[0]!.url).toBe(`https://s${AUDIT_CAP + 4}.example/`);
    expect(list.at(-1)!.url).toBe('https://s5.example/'); // the oldest went first
  });

  it('a repeat within a minute is not new; later it moves to the top; a different outcome is new', () => {
    const a = entry('https://a.example/', 1000);
    const list = withEntry([], a)!;
    expect(withEntry(list, entry('https://a.example/', 1000 + REPEAT_MS - 1))).toBeNull();
    expect(withEntry(list, entry('https://a.example/', 1000 + REPEAT_MS))).toEqual([
      entry('https://a.example/', 1000 + REPEAT_MS),
    ]);
    expect(withEntry(list, entry('https://a.example/', 2000, 'warn'))).toHaveLength(1);
  });
});

describe('the stored list', () => {
  it('is kept in the private store (read back from it each time), never in storage.local', async () => {
    expect(await recordAudit(entry('https://a.example/', 1))).toBe(true);
    expect(await recordAudit(entry('https://a.example/', 2))).toBe(false);
    expect(await recordAudit(entry('https://b.example/', 3))).toBe(true);
    expect((await readAudit()).map((e) => e.url)).toEqual(['https://b.example/', 'https://a.example/']);
    expect(Object.keys(await readAll('db'))).toContain('auditLog');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    await clearAudit();
    expect(await readAudit()).toEqual([]);
  });

  it('entries that cannot be read are dropped one by one, the rest kept', async () => {
    await writeKey('db', 'auditLog', [
      entry('https://ok.example/', 5),
      { url: 42 },
      'junk',
      { ...entry('https://bad-rule.example/', 4), rule: { rule: 'score', score: 'x' } },
    ]);
    const list = await readAudit();
    expect(list.map((e) => e.url)).toEqual(['https://ok.example/', 'https://bad-rule.example/']);
    expect(list[1]!.rule).toBeUndefined(); // an unreadable rule is dropped, never made up
  });

  it('what a private window asked about stays in memory only', async () => {
    const url = 'https://private-audit.example/';
    incognitoUrls.note(url, 'private');
    expect(await recordAudit(entry(url, 7))).toBe(true);
    expect((await readAudit()).map((e) => e.url)).toContain(url);
    expect(JSON.stringify(await readAll('db'))).not.toContain('private-audit');
  });
});

describe('noteAudit', () => {
  it('records a would-block and reports audit.wouldBlock once; a would-warn is recorded, not reported', async () => {
    const reported = vi.spyOn(hooks, 'reportWouldBlock').mockImplementation(() => undefined);
    const block = 'https://phish.example/login';
    await noteAudit({ status: auditStatus(block, 88), url: block, host: 'phish.example' }, 'navigation', 1000);
    await noteAudit({ status: auditStatus(block, 88), url: block, host: 'phish.example' }, 'navigation', 2000); // the same page again
    const warn = 'https://scam.example/';
    await noteAudit({ status: auditStatus(warn, 60), url: warn, host: 'scam.example' }, 'hover', 3000);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledWith({
      url: block,
      host: 'phish.example',
      verdict: { scanId: 'scn_9', riskScore: 88, band: 'malicious', categories: ['phishing'] },
      rule: 'audit-only:band:malicious',
    });
    expect((await readAudit()).map((e) => [e.url, e.wouldBe, e.via])).toEqual([
      [warn, 'warn', 'hover'],
      [block, 'block', 'navigation'],
    ]);
  });

  it('ignores everything that would not have warned or blocked', () => {
    const url = 'https://x.example/';
    const safe: UrlStatus = {
      kind: 'verdict',
      verdict: verdict(url, 5),
      decision: decide(verdict(url, 5), { ...DECIDE_BASE_SETTINGS, auditOnly: true }, { host: 'x.example' }),
    };
    expect(auditEntryOf({ status: safe, url, host: 'x.example' }, 'navigation', 1)).toBeNull();
    expect(
      auditEntryOf(
        { status: { kind: 'checking', state: 'QUEUED', since: 1 }, url, host: 'x.example' },
        'navigation',
        1,
      ),
    ).toBeNull();
    // Not in audit-only mode: a real block is not an audit entry.
    const real: UrlStatus = {
      kind: 'verdict',
      verdict: verdict(url, 90),
      decision: decide(verdict(url, 90), DECIDE_BASE_SETTINGS, { host: 'x.example' }),
    };
    expect(auditEntryOf({ status: real, url, host: 'x.example' }, 'navigation', 1)).toBeNull();
    // A blocklisted host in audit-only mode: recorded with no verdict, named by its rule.
    const listed: UrlStatus = {
      kind: 'blocklisted',
      decision: decide(
        null,
        { ...DECIDE_BASE_SETTINGS, auditOnly: true, blocklist: ['x.example'], orgBlocklist: ['x.example'] },
        { host: 'x.example' },
      ),
    };
    expect(auditEntryOf({ status: listed, url, host: 'x.example' }, 'navigation', 1)).toMatchObject({
      wouldBe: 'block',
      verdict: null,
      rule: { rule: 'orgBlockList', entry: 'x.example' },
    });
  });
});
