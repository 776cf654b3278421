/**
 * docs/decisions/017-surfaces.md: "Proceed anyway" exceptions through the wired background (fakeBrowser + the real local
 * service): listed after proceeding, revoked from our pages only, and gone when a policy turns
 * allowProceed off while the browser runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type ScanningService } from '../../../service/server';
import type { ExceptionsData, Reply } from '@/src/shared/messaging/protocol';
import { ask, blockedToken, navigate, setPolicy, setupApp } from '../harness/app';
import { contentSender } from '../harness/senders';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const w = setupApp(() => svc);
const content = contentSender(9);

async function proceedTo(url: string): Promise<void> {
  const tabId = await navigate(url);
  await ask(w, { type: 'blocked.proceed', token: await blockedToken(tabId) });
}

describe('exceptions through the background', () => {
  it('proceeding lists the host (since now, until restart); revoking it empties the list', async () => {
    const before = Date.now();
    await proceedTo('http://phish-flow.example/login');
    const listed = await ask<ExceptionsData>(w, { type: 'exceptions.list' });
    expect(listed.allowed).toBe(true);
    const e = listed.items.find((i) => i.kind === 'exception')!;
    expect(e).toMatchObject({ host: 'phish-flow.example', until: -1 });
    expect(e.since).toBeGreaterThanOrEqual(before);
    // The pass of the navigation itself is listed too, for the same host.
    expect(listed.items.filter((i) => i.kind === 'pass').map((i) => i.host)).toEqual(['phish-flow.example']);
    const after = await ask<ExceptionsData>(w, { type: 'exceptions.revoke', host: 'PHISH-FLOW.example' });
    expect(after.items).toEqual([]);
  });

  it('past strict mode without a verdict (out of credits): this exact address once, never the host', async () => {
    await w.app.settings.set({ strictMode: true, strictFailMode: 'block' });
    svc.setCredits(0);
    const url = 'http://no-verdict.example/page?x=1';
    const tabId = await navigate(url);
    const token = await blockedToken(tabId);
    expect(await ask(w, { type: 'blocked.proceed', token })).toEqual({ url });
    const listed = await ask<ExceptionsData>(w, { type: 'exceptions.list' });
    expect(listed.items.filter((i) => i.kind === 'exception')).toEqual([]);
    expect(listed.items.filter((i) => i.kind === 'pass').map((i) => i.host)).toEqual(['no-verdict.example']);
    // The navigation it let through commits: the pass is used up, a second visit is checked again.
    await w.app.navigation.noteCommitted(tabId, url);
    expect((await ask<ExceptionsData>(w, { type: 'exceptions.list' })).items).toEqual([]);
  });

  it('a content script can neither read nor revoke them', async () => {
    await proceedTo('http://phish-cs.example/login');
    for (const m of [
      { type: 'exceptions.list' },
      { type: 'exceptions.revoke', host: 'phish-cs.example' },
      { type: 'exceptions.revokeAll' },
    ]) {
      const r: Reply = await w.route(m, content);
      expect(r).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
    expect((await ask<ExceptionsData>(w, { type: 'exceptions.list' })).items.map((i) => i.host)).toContain(
      'phish-cs.example',
    );
  });

  it('a policy turning allowProceed off while the browser runs: none listed, and none come back when it allows again', async () => {
    await proceedTo('http://phish-policy.example/login');
    await setPolicy(w, { allowProceed: false });
    expect(await ask<ExceptionsData>(w, { type: 'exceptions.list' })).toEqual({ allowed: false, items: [] });
    await setPolicy(w, {});
    expect((await ask<ExceptionsData>(w, { type: 'exceptions.list' })).items).toEqual([]);
  });
});
